import { useState } from 'react';
import { describeFailure } from '../../../lib/community-messages';
import { showToast } from '../../../lib/toast';

/**
 * A registry button's reading action: ignored while one is running (the button says so with
 * `busy`), and a failure to reach the registry told in the fetch-ideas toast.
 */
export function useRegistryAction<Args extends unknown[]>(
  action: (...args: Args) => Promise<void>,
): { busy: boolean; run: (...args: Args) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const run = async (...args: Args) => {
    if (busy) return;
    setBusy(true);
    try {
      await action(...args);
    } catch (error) {
      const failure = describeFailure('fetchIdeas', error);
      showToast(failure.title, failure.description);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
