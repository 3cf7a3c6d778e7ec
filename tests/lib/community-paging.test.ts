import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, pageWindow, withNewest } from '../../src/lib/community/paging';

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

describe('withNewest', () => {
  const page = { rows: [3, 2, 1], total: 3, page: 1, pageCount: 1, pageSize: 3, cursor: null };
  it('puts the new row at the newest end, drops the oldest past the page size, counts it', () => {
    expect(withNewest(page, 4, 'start')).toMatchObject({ rows: [4, 3, 2], total: 4, pageCount: 2, cursor: null });
    expect(withNewest({ ...page, rows: [1, 2, 3] }, 4, 'end')).toMatchObject({ rows: [2, 3, 4], total: 4 });
    expect(withNewest({ ...page, rows: [], total: 0 }, 1, 'end')).toMatchObject({ rows: [1], total: 1, pageCount: 1 });
  });
});
