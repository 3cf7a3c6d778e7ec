import { useState } from 'react';
import { randomIdea } from '../../../lib/community-calls';
import { randomIdeaMessage } from '../../../lib/community-format';
import { describeFailure, messages } from '../../../lib/community-messages';
import { TOAST_LONG_MS, showToast } from '../../../lib/toast';

/** Random Idea: one idea from the whole registry, told in a toast long enough to read. */
export default function RandomIdeaButton() {
  const [picking, setPicking] = useState(false);

  const showRandomIdea = async () => {
    if (picking) return;
    setPicking(true);
    try {
      const idea = await randomIdea();
      const { title, description } = idea ? randomIdeaMessage(idea) : messages.noIdeasYet;
      showToast(title, description, { variant: 'normal', duration: idea ? TOAST_LONG_MS : undefined });
    } catch (error) {
      const failure = describeFailure('fetchIdeas', error);
      showToast(failure.title, failure.description);
    } finally {
      setPicking(false);
    }
  };

  return (
    <button type="button" className="btn btn-secondary" onClick={showRandomIdea} disabled={picking} aria-busy={picking}>
      Random Idea
    </button>
  );
}
