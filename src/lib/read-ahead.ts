/**
 * An answer read before it is asked for, so that the press asking for it finds it there instead
 * of waiting a round trip: Random Idea's next idea, a list's next page. Each answer is read for a
 * key (the registry's total; the list, page and cursor) and is given only to a take for the same
 * key; any other take reads afresh, as does a take whose read ahead failed, before the take or
 * while it waited. A read ahead that fails says nothing: only a take's own read reports a failure,
 * so a press that lands as a read ahead fails on a passing fault still gets its answer.
 */
export interface ReadAhead<Key, Answer> {
  /** Starts reading for `key`, unless an answer for it is already there or on its way. */
  prepare(key: Key): void;
  /** The answer for `key`: the one read ahead (on its way or there), or a new read. */
  take(key: Key): Promise<Answer>;
}

export function readAhead<Key, Answer>(
  read: (key: Key) => Promise<Answer>,
  same: (a: Key, b: Key) => boolean = Object.is,
): ReadAhead<Key, Answer> {
  let kept: { key: Key; answer: Promise<Answer>; failed: boolean } | null = null;
  const usable = (key: Key) => kept !== null && !kept.failed && same(kept.key, key);

  return {
    prepare(key) {
      if (usable(key)) return;
      const entry = { key, answer: read(key), failed: false };
      entry.answer.catch(() => {
        entry.failed = true;
      });
      kept = entry;
    },
    take(key) {
      const ahead = usable(key) && kept ? kept.answer : null;
      kept = null;
      return ahead ? ahead.catch(() => read(key)) : read(key);
    },
  };
}
