import type { RefObject } from 'react';
import { randomIdea } from '../../../lib/community-calls';
import { randomIdeaMessage } from '../../../lib/community-format';
import { messages } from '../../../lib/community-messages';
import { TOAST_LONG_MS, showToast } from '../../../lib/toast';
import { useRegistryAction } from './use-registry-action';

/**
 * Random Idea: one idea from the whole registry, told in a toast long enough to read.
 * `registryTotal`, the total the registry's last unfiltered page read, makes it one request.
 */
export default function RandomIdeaButton({ registryTotal }: { registryTotal: RefObject<number | null> }) {
  const { busy, run } = useRegistryAction(async () => {
    const idea = await randomIdea(registryTotal.current);
    if (idea) {
      const { title, description } = randomIdeaMessage(idea);
      showToast(title, description, { variant: 'normal', duration: TOAST_LONG_MS });
    } else {
      showToast(messages.noIdeasYet.title, messages.noIdeasYet.description, { variant: 'normal' });
    }
  });
  return (
    <button type="button" className="btn btn-secondary" onClick={run} disabled={busy} aria-busy={busy}>
      Random Idea
    </button>
  );
}
