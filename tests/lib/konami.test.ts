import { describe, expect, it } from 'vitest';
import {
  KONAMI_SEQUENCE,
  createSequenceMatcher,
  isSequenceKeyPress,
  isTypingTarget,
  startsSequence,
} from '../../src/lib/konami';

const feed = (keys: string[]) => {
  const match = createSequenceMatcher();
  return keys.map(match);
};

describe('Konami matcher', () => {
  it('has the ten keys of the spec', () => {
    expect(KONAMI_SEQUENCE).toHaveLength(10);
  });
  it('fires exactly on the tenth key of the sequence', () => {
    const results = feed([...KONAMI_SEQUENCE]);
    expect(results.slice(0, 9).every((r) => !r)).toBe(true);
    expect(results[9]).toBe(true);
  });
  it('accepts capital B and A', () => {
    expect(feed([...KONAMI_SEQUENCE.slice(0, 8), 'B', 'A']).at(-1)).toBe(true);
  });
  it('still matches after a false start', () => {
    expect(feed(['ArrowUp', 'ArrowUp', 'ArrowUp', ...KONAMI_SEQUENCE]).at(-1)).toBe(true);
    expect(feed(['x', 'ArrowDown', ...KONAMI_SEQUENCE]).at(-1)).toBe(true);
  });
  it('does not fire on an almost-sequence', () => {
    expect(feed([...KONAMI_SEQUENCE.slice(0, 9), 'c']).some(Boolean)).toBe(false);
  });
  it('fires again only after a whole new sequence', () => {
    const match = createSequenceMatcher();
    KONAMI_SEQUENCE.forEach(match);
    expect(match('a')).toBe(false);
  });
  it('treats form fields as typing, not as a code', () => {
    const field = { closest: (selector: string) => (selector.includes('input') ? {} : null) };
    const paragraph = { closest: () => null };
    expect(isTypingTarget(field as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget(paragraph as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
  it('counts a key press only without modifiers and outside form fields', () => {
    const page = { closest: () => null } as unknown as EventTarget;
    const field = { closest: () => ({}) } as unknown as EventTarget;
    const press = (mods: Partial<KeyboardEvent> = {}, target = page) =>
      isSequenceKeyPress({ altKey: false, ctrlKey: false, metaKey: false, target, ...mods });
    expect(press()).toBe(true);
    expect(press({ ctrlKey: true })).toBe(false);
    expect(press({ altKey: true })).toBe(false);
    expect(press({ metaKey: true })).toBe(false);
    expect(press({}, field)).toBe(false);
  });
  it('starts with the up arrow only', () => {
    expect(startsSequence('ArrowUp')).toBe(true);
    expect(startsSequence('ArrowDown')).toBe(false);
    expect(startsSequence('b')).toBe(false);
  });
});
