import { describe, it, expect } from 'vitest';
import { tabFromHash, tabForKey } from '../../src/lib/tabs';

const ids = ['about-the-novel', 'editorial-praise', 'the-cover-story'];

describe('tabFromHash', () => {
  it('finds the tab the hash names, with or without #', () => {
    expect(tabFromHash('#editorial-praise', ids)).toBe(1);
    expect(tabFromHash('the-cover-story', ids)).toBe(2);
  });
  it('falls back for empty, unknown and malformed hashes', () => {
    expect(tabFromHash('', ids)).toBe(0);
    expect(tabFromHash('#nope', ids)).toBe(0);
    expect(tabFromHash('#%E0%A4%A', ids, -1)).toBe(-1);
  });
});

describe('tabForKey', () => {
  it('moves with the arrows and wraps both ways', () => {
    expect(tabForKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabForKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabForKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabForKey('ArrowDown', 1, 3)).toBe(2);
    expect(tabForKey('ArrowUp', 1, 3)).toBe(0);
  });
  it('jumps with Home and End, ignores other keys', () => {
    expect(tabForKey('Home', 2, 3)).toBe(0);
    expect(tabForKey('End', 0, 3)).toBe(2);
    expect(tabForKey('Enter', 1, 3)).toBeNull();
    expect(tabForKey('ArrowRight', 0, 0)).toBeNull();
  });
});
