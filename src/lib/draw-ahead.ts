/**
 * An answer fetched before it is asked for, so that the press asking for it finds it there
 * instead of waiting a round trip. Each answer is drawn for a key (for Random Idea, the
 * registry's total) and is good only for that key: once the key has changed, or the draw has
 * failed, asking draws afresh. Taking an answer starts drawing the next once it has arrived.
 */
export interface DrawAhead<Key, Answer> {
  /** Starts drawing for `key`, unless an answer for it is already there or on its way. */
  prepare(key: Key): void;
  /** The answer for `key`: the one drawn ahead (on its way or there), or a new draw. */
  take(key: Key): Promise<Answer>;
}

interface Drawn<Key, Answer> {
  key: Key;
  answer: Promise<Answer>;
  failed: boolean;
}

export function drawAhead<Key, Answer>(draw: (key: Key) => Promise<Answer>): DrawAhead<Key, Answer> {
  let kept: Drawn<Key, Answer> | null = null;

  const start = (key: Key): Drawn<Key, Answer> => {
    const drawn: Drawn<Key, Answer> = { key, answer: draw(key), failed: false };
    // A draw nobody has asked for yet may fail unseen: the next ask draws again.
    drawn.answer.catch(() => {
      drawn.failed = true;
    });
    return drawn;
  };
  const usable = (key: Key) => kept !== null && !kept.failed && Object.is(kept.key, key);

  return {
    prepare(key) {
      if (!usable(key)) kept = start(key);
    },
    async take(key) {
      const drawn = usable(key) && kept ? kept : start(key);
      kept = null;
      const answer = await drawn.answer;
      kept ??= start(key);
      return answer;
    },
  };
}
