import { describe, expect, it } from 'vitest';
import { nextIndex, previousIndex, wrapIndex } from '../../src/lib/carousel';

describe('carousel index', () => {
  it('wraps forward past the last quote to the first', () => {
    expect(nextIndex(11, 12)).toBe(0);
    expect(nextIndex(0, 12)).toBe(1);
  });
  it('wraps backward past the first quote to the last', () => {
    expect(previousIndex(0, 12)).toBe(11);
    expect(previousIndex(5, 12)).toBe(4);
  });
  it('normalises any step, including negative and large ones', () => {
    expect(wrapIndex(-13, 12)).toBe(11);
    expect(wrapIndex(25, 12)).toBe(1);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});
