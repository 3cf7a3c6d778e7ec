import { describe, expect, it } from 'vitest';
import {
  cursorOf,
  keysetConditions,
  keysetRows,
  keysetStep,
  pageCount,
  type KeysetStep,
  type PageCursor,
  type RowKey,
} from '../../src/lib/community/paging';

// A table of 23 rows, newest first, in runs of three sharing one instant (as a bulk insert
// writes them), so the tie-break by id decides the order inside each run.
const table: RowKey[] = Array.from({ length: 23 }, (_, i) => {
  const id = 23 - i;
  return { id, createdAt: `2026-11-23T04:${String(20 - Math.floor(i / 3)).padStart(2, '0')}:00+00:00` };
});
const newer = (a: RowKey, b: RowKey) => (a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt);

/** What the database answers a keyset step: the rows from the edge row on, in the order read. */
function answer(rows: RowKey[], step: KeysetStep): RowKey[] {
  const at = rows.filter((r) => r.id === step.from.id);
  const beyond =
    step.direction === 'older'
      ? rows.filter((r) => newer(step.from, r))
      : rows.filter((r) => newer(r, step.from)).reverse();
  return [...at, ...beyond].slice(0, step.rows + 1);
}

const offsetPage = (rows: RowKey[], page: number, size: number) => rows.slice((page - 1) * size, page * size);
const cursorFor = (rows: RowKey[], page: number, size: number): PageCursor =>
  cursorOf(offsetPage(rows, page, size), { page, pageSize: size, total: rows.length })!;

describe('keyset steps between pages', () => {
  it('walking older and back newer shows the pages the offset shows, the last one short', () => {
    const size = 5;
    const last = pageCount(table.length, size);
    let cursor = cursorFor(table, 1, size);
    for (let page = 2; page <= last; page++) {
      const step = keysetStep(cursor, page, size)!;
      expect(step.direction).toBe('older');
      const rows = keysetRows(step, answer(table, step));
      expect(rows).toEqual(offsetPage(table, page, size));
      cursor = cursorOf(rows!, { page, pageSize: size, total: table.length })!;
    }
    expect(offsetPage(table, last, size)).toHaveLength(3);
    for (let page = last - 1; page >= 2; page--) {
      const step = keysetStep(cursor, page, size)!;
      expect(step.direction).toBe('newer');
      const rows = keysetRows(step, answer(table, step));
      expect(rows).toEqual(offsetPage(table, page, size));
      cursor = cursorOf(rows!, { page, pageSize: size, total: table.length })!;
    }
  });

  it('leaves a far jump, page 1, another page size and an empty page to the offset', () => {
    const cursor = cursorFor(table, 2, 5);
    expect(keysetStep(cursor, 4, 5)).toBeNull();
    expect(keysetStep(cursor, 1, 5)).toBeNull();
    expect(keysetStep(cursor, 3, 10)).toBeNull();
    expect(keysetStep(null, 3, 5)).toBeNull();
    expect(keysetStep(cursorFor(table, 5, 5), 6, 5)).toBeNull();
    expect(cursorOf([], { page: 1, pageSize: 5, total: 0 })).toBeNull();
  });

  it('falls back to the offset when the edge row is gone or the page came up short', () => {
    const cursor = cursorFor(table, 2, 5);
    const step = keysetStep(cursor, 3, 5)!;
    const hidden = table.filter((r) => r.id !== cursor.oldest.id);
    expect(keysetRows(step, answer(hidden, step))).toBeNull();
    // Rows hidden on the way back newer: short of a page, so page 1 and the pages after it moved.
    const back = keysetStep(cursorFor(table, 3, 5), 2, 5)!;
    const fewer = table.filter((r) => r.id < 16 || r.id > 21);
    expect(keysetRows(back, answer(fewer, back))).toBeNull();
    // Rows hidden after the edge on the way older: the list ends sooner, and the page shows its end.
    const thinner = table.filter((r) => r.id > 10);
    expect(keysetRows(step, answer(thinner, step))).toEqual(offsetPage(thinner, 3, 5));
    // Nothing changed: the keyset answer stands.
    expect(keysetRows(step, answer(table, step))).toEqual(offsetPage(table, 3, 5));
  });

  it('steps on from the rows on screen when rows were added or hidden elsewhere: none again, none skipped', () => {
    const size = 5;
    let cursor = cursorFor(table, 1, size);
    const seen = offsetPage(table, 1, size).map((r) => r.id);
    // Three rows added once page 1 was read, and one hidden further down.
    const added = [26, 25, 24].map((id) => ({ id, createdAt: '2026-11-23T04:30:00+00:00' }));
    const now = [...added, ...table].filter((r) => r.id !== 12);
    for (let page = 2; page <= pageCount(table.length, size); page++) {
      const step = keysetStep(cursor, page, size)!;
      const rows = keysetRows(step, answer(now, step));
      expect(rows, `page ${page}`).not.toBeNull();
      seen.push(...rows!.map((r) => r.id));
      cursor = cursorOf(rows!, { page, pageSize: size, total: now.length })!;
      if (rows!.length < size) break;
    }
    // Each row of the table once, newest first, but the one hidden; the rows added are page 1's now.
    expect(seen).toEqual(table.map((r) => r.id).filter((id) => id !== 12));
  });

  it('states the step as PostgREST conditions that keep the edge row and break ties by id', () => {
    const at = '2026-11-23T04:17:00.123456+00:00';
    expect(keysetConditions({ direction: 'older', from: { id: 42, createdAt: at }, rows: 10 })).toEqual({
      bound: 'lte',
      createdAt: at,
      or: `created_at.lt."${at}",and(created_at.eq."${at}",id.lte.42)`,
      ascending: false,
    });
    expect(keysetConditions({ direction: 'newer', from: { id: 42, createdAt: at }, rows: 10 })).toEqual({
      bound: 'gte',
      createdAt: at,
      or: `created_at.gt."${at}",and(created_at.eq."${at}",id.gte.42)`,
      ascending: true,
    });
  });
});
