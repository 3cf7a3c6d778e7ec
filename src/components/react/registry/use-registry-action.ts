import { useRef, useState } from 'react';
import { describeFailure } from '../../../lib/community/messages';
import { showToast } from '../../../lib/toast';

/**
 * A registry button's reading action: ignored while one is running (the button says so with
 * `busy`), and a failure to reach the registry told in the fetch-ideas toast. The buttons show
 * `busy` with aria-disabled, not disabled, so that the one pressed keeps the keyboard's focus;
 * a press meanwhile still arrives, and is dropped here.
 */
export function useRegistryAction<Args extends unknown[]>(
  action: (...args: Args) => Promise<void>,
): { busy: boolean; run: (...args: Args) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  // A ref as well as state: a second press can land before React re-renders.
  const running = useRef(false);
  const run = async (...args: Args) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action(...args);
    } catch (error) {
      const failure = describeFailure('fetchIdeas', error);
      showToast(failure.title, failure.description);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}
