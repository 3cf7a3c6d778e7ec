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
      const rows = keysetRows(step, cursor, answer(table, step), table.length);
      expect(rows).toEqual(offsetPage(table, page, size));
      cursor = cursorOf(rows!, { page, pageSize: size, total: table.length })!;
    }
    expect(offsetPage(table, last, size)).toHaveLength(3);
    for (let page = last - 1; page >= 2; page--) {
      const step = keysetStep(cursor, page, size)!;
      expect(step.direction).toBe('newer');
      const rows = keysetRows(step, cursor, answer(table, step), table.length);
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

  it('falls back to the offset when the edge row is gone, the total moved or the page came up short', () => {
    const cursor = cursorFor(table, 2, 5);
    const step = keysetStep(cursor, 3, 5)!;
    // The edge row hidden, another post added: the total is the same, the edge row is missing.
    const hidden = table.filter((r) => r.id !== cursor.oldest.id);
    const added = [{ id: 24, createdAt: '2026-11-23T04:30:00+00:00' }, ...hidden];
    expect(keysetRows(step, cursor, answer(added, step), added.length)).toBeNull();
    // A row before the edge hidden: every later page moved up by one.
    const earlier = table.filter((r) => r.id !== 20);
    expect(keysetRows(step, cursor, answer(earlier, step), earlier.length)).toBeNull();
    // Rows after the edge hidden, the total told before they were: fewer rows than promised.
    const thinner = table.filter((r) => r.id > 10);
    expect(keysetRows(step, cursor, answer(thinner, step), table.length)).toBeNull();
    // Nothing changed: the keyset answer stands.
    expect(keysetRows(step, cursor, answer(table, step), table.length)).toEqual(offsetPage(table, 3, 5));
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
