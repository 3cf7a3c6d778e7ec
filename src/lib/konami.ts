/** Where the sequence leads: the hidden First Light page. */
export const FIRST_LIGHT_PATH = '/firstlight';

/** The Konami sequence: up, up, down, down, left, right, left, right, b, a. */
export const KONAMI_SEQUENCE = [
  'ArrowUp',
  'ArrowUp',
  'ArrowDown',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ArrowLeft',
  'ArrowRight',
  'b',
  'a',
] as const;

const normalise = (key: string) => (key.length === 1 ? key.toLowerCase() : key);

/**
 * Returns a function fed one key at a time; it answers true when the keys so far end with the
 * whole sequence. A wrong key does not lose a run that is still possible ("up up up down …").
 */
export function createSequenceMatcher(sequence: readonly string[] = KONAMI_SEQUENCE) {
  const target = sequence.map(normalise);
  let recent: string[] = [];
  return (key: string): boolean => {
    recent = [...recent, normalise(key)].slice(-target.length);
    if (recent.length === target.length && recent.every((k, i) => k === target[i])) {
      recent = [];
      return true;
    }
    return false;
  };
}

/** Keys typed into a form field are text, not a secret code. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  return Boolean(el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'));
}

/** A key press that may be part of the sequence: no modifier held, not typed into a field. */
export function isSequenceKeyPress(event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'target'>): boolean {
  return !(event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target));
}

/**
 * The sequence's start, up to its first left arrow: keys that scroll a page up and down come
 * before it, but no reading page scrolls sideways. From here the visitor is likely typing the
 * sequence, and First Light is worth prerendering.
 */
export const SEQUENCE_UNDER_WAY = KONAMI_SEQUENCE.slice(0, 5);

/** True for the key that starts the sequence: the moment the listener is worth loading. */
export const startsSequence = (key: string): boolean => normalise(key) === KONAMI_SEQUENCE[0];
