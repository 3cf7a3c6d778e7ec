import { randomIdeaMessage } from '../../../lib/community/format';
import { messages } from '../../../lib/community/messages';
import type { Idea } from '../../../lib/community/types';
import { TOAST_LONG_MS, showToast } from '../../../lib/toast';
import { useRegistryAction } from './use-registry-action';

/**
 * Random Idea: one idea from the whole registry, told in a toast long enough to read. `pick`
 * gives the idea (drawn ahead by the registry, so usually without waiting) or null when the
 * registry is empty.
 */
export default function RandomIdeaButton({ pick }: { pick: () => Promise<Idea | null> }) {
  const { busy, run } = useRegistryAction(async () => {
    const idea = await pick();
    if (idea) {
      const { title, description } = randomIdeaMessage(idea);
      showToast(title, description, { variant: 'normal', duration: TOAST_LONG_MS });
    } else {
      showToast(messages.noIdeasYet.title, messages.noIdeasYet.description, { variant: 'normal' });
    }
  });
  return (
    <button type="button" className="btn btn-secondary" onClick={run} aria-disabled={busy} aria-busy={busy}>
      Random Idea
    </button>
  );
}
