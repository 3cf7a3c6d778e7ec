import { describe, expect, it } from 'vitest';
import { cursorOf, pageCount, pageRange, pageWindow, sameCursor, withNewest } from '../../src/lib/community/paging';

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
  const row = (id: number) => ({ id, createdAt: `2026-11-0${id}T08:00:00.123456+00:00` });
  const page = { rows: [row(3), row(2), row(1)], total: 3, page: 1, pageCount: 1, pageSize: 3, cursor: null };
  it('puts the new row at the newest end, drops the oldest past the page size, counts it', () => {
    expect(withNewest(page, row(4), 'start')).toMatchObject({ rows: [row(4), row(3), row(2)], total: 4, pageCount: 2 });
    expect(withNewest({ ...page, rows: [row(1), row(2), row(3)] }, row(4), 'end')).toMatchObject({
      rows: [row(2), row(3), row(4)],
      total: 4,
    });
    expect(withNewest({ ...page, rows: [], total: 0 }, row(1), 'end')).toMatchObject({
      rows: [row(1)],
      total: 1,
      pageCount: 1,
    });
  });
  it('has the cursor page 1 will have once read again, whichever end is newest', () => {
    const cursor = { page: 1, pageSize: 3, total: 4, newest: row(4), oldest: row(2) };
    expect(withNewest(page, row(4), 'start').cursor).toEqual(cursor);
    expect(withNewest({ ...page, rows: [row(1), row(2), row(3)] }, row(4), 'end').cursor).toEqual(cursor);
  });
  it('names the same page as page 1 read again, rows with all their fields', () => {
    const readAgain = [row(4), row(3), row(2)].map((r) => ({ ...r, content: `post ${r.id}`, authorName: null }));
    const again = cursorOf(readAgain, { page: 1, pageSize: 3, total: 4 });
    expect(sameCursor(withNewest(page, row(4), 'start').cursor, again)).toBe(true);
    expect(
      sameCursor(withNewest(page, row(4), 'start').cursor, cursorOf(readAgain, { page: 1, pageSize: 3, total: 5 })),
    ).toBe(false);
  });
});

describe('sameCursor', () => {
  const cursor = {
    page: 1,
    pageSize: 10,
    total: 12,
    newest: { id: 12, createdAt: '2026-11-29T08:00:00.5+00:00' },
    oldest: { id: 3, createdAt: '2026-11-29T07:00:00+00:00' },
  };
  it('holds for two reads of the same rows, and for none', () => {
    expect(sameCursor(cursor, structuredClone(cursor))).toBe(true);
    expect(sameCursor(null, null)).toBe(true);
  });
  it('fails where anything moved: the total, an edge row, the page', () => {
    expect(sameCursor(cursor, null)).toBe(false);
    expect(sameCursor(cursor, { ...cursor, total: 13 })).toBe(false);
    expect(sameCursor(cursor, { ...cursor, oldest: { ...cursor.oldest, id: 4 } })).toBe(false);
    expect(
      sameCursor(cursor, { ...cursor, newest: { ...cursor.newest, createdAt: '2026-11-29T08:00:00.6+00:00' } }),
    ).toBe(false);
    expect(sameCursor(cursor, { ...cursor, page: 2 })).toBe(false);
    expect(sameCursor(cursor, { ...cursor, pageSize: 20 })).toBe(false);
  });
});
