/** Paging arithmetic shared by the database calls and the pagers (pure). */

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
