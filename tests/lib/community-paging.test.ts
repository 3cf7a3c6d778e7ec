import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, pageWindow } from '../../src/lib/community/paging';

describe('paging', () => {
  it('turns 1-based pages into row ranges, repairing nonsense', () => {
    expect(pageRange(1, 10)).toEqual({ page: 1, from: 0, to: 9 });
    expect(pageRange(3, 10)).toEqual({ page: 3, from: 20, to: 29 });
    expect(pageRange(0, 10).page).toBe(1);
    expect(pageRange(Number.NaN, 10).page).toBe(1);
    expect(pageRange(2.7, 10).page).toBe(2);
  });

  it('always has at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('pageWindow', () => {
  it('lists every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
  it('keeps the ends and the neighbours, marking gaps with null', () => {
    expect(pageWindow(1, 100)).toEqual([1, 2, null, 100]);
    expect(pageWindow(50, 100)).toEqual([1, null, 49, 50, 51, null, 100]);
    expect(pageWindow(100, 100)).toEqual([1, null, 99, 100]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
  });
});
