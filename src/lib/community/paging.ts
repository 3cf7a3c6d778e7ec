/** Paging arithmetic shared by the database calls and the pagers (pure). */
import type { Page } from './types';

/** 1-based page number made safe, and the rows it covers. */
export function pageRange(page: number, pageSize: number): { page: number; from: number; to: number } {
  const size = Math.max(1, Math.floor(pageSize));
  const safe = Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1;
  const from = (safe - 1) * size;
  return { page: safe, from, to: from + size - 1 };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * The page numbers a pager shows around the current one: always the first and the last, the
 * current page with `radius` neighbours, and null where a run of pages is skipped.
 */
export function pageWindow(current: number, count: number, radius = 1): (number | null)[] {
  if (count <= 0) return [];
  const pages: (number | null)[] = [];
  const from = Math.max(2, current - radius);
  const to = Math.min(count - 1, current + radius);
  pages.push(1);
  if (from > 2) pages.push(from === 3 ? 2 : null);
  for (let p = from; p <= to; p++) pages.push(p);
  if (to < count - 1) pages.push(to === count - 2 ? count - 1 : null);
  if (count > 1) pages.push(count);
  return pages;
}

/** A row's place in the lists' order: newest first by created_at, ties by the higher id. */
export interface RowKey {
  id: number;
  /** As the database wrote it (full precision), so the bound compares equal to the row's own. */
  createdAt: string;
}

/** The page a visitor is on, enough to step to the next or previous one from its edge rows. */
export interface PageCursor {
  page: number;
  pageSize: number;
  /** The total the page was shown with: how many rows a step to the last page expects. */
  total: number;
  newest: RowKey;
  oldest: RowKey;
}

/** The cursor of a page whose rows are given newest first; null for an empty page. */
export function cursorOf(
  rowsNewestFirst: RowKey[],
  page: { page: number; pageSize: number; total: number },
): PageCursor | null {
  const newest = rowsNewestFirst[0];
  const oldest = rowsNewestFirst.at(-1);
  if (!newest || !oldest) return null;
  return {
    page: page.page,
    pageSize: page.pageSize,
    total: page.total,
    newest: { id: newest.id, createdAt: newest.createdAt },
    oldest: { id: oldest.id, createdAt: oldest.createdAt },
  };
}

/**
 * A step to an adjacent page, read from the edge row of the page shown: `older` continues
 * after its oldest row, `newer` goes back from its newest (read oldest first, then turned).
 * The read includes the edge row itself, which proves it is still there. `rows` is the page's
 * size: a step older comes back with fewer where the list ends.
 */
export interface KeysetStep {
  direction: 'older' | 'newer';
  from: RowKey;
  rows: number;
}

/**
 * How to reach `page` from the page the visitor is on: a keyset step when it is the next or the
 * previous page (the common move), null for an offset read. A jump to a page never visited has no
 * cursor, so it keeps the offset; so does page 1, which the offset reaches at no cost.
 */
export function keysetStep(from: PageCursor | null | undefined, page: number, pageSize: number): KeysetStep | null {
  if (!from || from.pageSize !== pageSize || page <= 1) return null;
  if (page === from.page + 1)
    return from.total > from.page * pageSize ? { direction: 'older', from: from.oldest, rows: pageSize } : null;
  if (page === from.page - 1) return { direction: 'newer', from: from.newest, rows: pageSize };
  return null;
}

/**
 * The PostgREST conditions of a keyset step: a plain bound on created_at, which the
 * (created_at desc, id desc) index scans from, and the `or` that breaks ties by id. Both keep
 * the edge row (lte/gte), the first row of the answer.
 */
export function keysetConditions(step: KeysetStep): {
  bound: 'lte' | 'gte';
  createdAt: string;
  or: string;
  ascending: boolean;
} {
  const at = `"${step.from.createdAt}"`;
  const [beyond, within] = step.direction === 'older' ? (['lt', 'lte'] as const) : (['gt', 'gte'] as const);
  return {
    bound: within,
    createdAt: step.from.createdAt,
    or: `created_at.${beyond}.${at},and(created_at.eq.${at},id.${within}.${step.from.id})`,
    ascending: step.direction === 'newer',
  };
}

/**
 * The new page's rows, newest first, from a keyset answer (the edge row first, then up to
 * `step.rows + 1` rows in the order read), or null when the caller must read by offset instead:
 * the edge row is gone (hidden or deleted), or a step newer comes back short of a page (rows
 * were hidden: the offset's page 1 and the pages after it moved). Rows added or
 * hidden elsewhere meanwhile do not matter: the step shows what comes just after (or before)
 * the rows on screen, neither again nor skipping any, which is what a reader stepping through
 * the list expects; an offset would repeat a row for each one added since, or skip one for each
 * hidden. Page 1, read by offset, is the newest page whatever came.
 */
export function keysetRows<R extends { id: number }>(step: KeysetStep, answer: R[]): R[] | null {
  if (answer[0]?.id !== step.from.id) return null;
  const rows = answer.slice(1);
  if (step.direction === 'older' ? rows.length === 0 : rows.length !== step.rows) return null;
  return step.direction === 'newer' ? rows.reverse() : rows;
}

/**
 * Page 1 with a row just added at its newest end (the end given), its oldest row dropped past
 * the page size, and the total one more. Its cursor is the one page 1 will have if no other row
 * came or went meanwhile; a step from it continues from its oldest row, and reads by offset if
 * that row is gone.
 */
export function withNewest<T extends RowKey>(page: Page<T>, row: T, newestAt: 'start' | 'end'): Page<T> {
  const rows = newestAt === 'start' ? [row, ...page.rows] : [...page.rows, row];
  const kept = newestAt === 'start' ? rows.slice(0, page.pageSize) : rows.slice(-page.pageSize);
  const total = page.total + 1;
  const newestFirst = newestAt === 'start' ? kept : kept.toReversed();
  return {
    ...page,
    rows: kept,
    total,
    pageCount: pageCount(total, page.pageSize),
    cursor: cursorOf(newestFirst, { page: page.page, pageSize: page.pageSize, total }),
  };
}

/**
 * Two cursors that name the same page read from the same rows, whichever read made them. Both
 * come from cursorOf, so their fields are written in one order and their JSON compares them.
 */
export function sameCursor(a: PageCursor | null, b: PageCursor | null): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
