/**
 * Pure helpers the forum and registry islands share: cutting text at the database's limits,
 * names and dates as shown, the Random Idea message, and the paging window. (Data access,
 * validation and error messages live in community.ts.)
 */

/**
 * The text cut to at most `max` characters, counted as Postgres counts them (code points, like
 * `characterCount` in community.ts), so an emoji is never split: the form refuses more.
 */
export function clampChars(text: string, max: number): string {
  if (text.length <= max) return text; // UTF-16 length ≥ code points: already short enough
  return Array.from(text).slice(0, max).join('');
}

export const ANONYMOUS = 'Anonymous';

/** The name shown for a post or an idea: Anonymous when there is none. */
export function displayName(name: string | null | undefined): string {
  return name?.trim() || ANONYMOUS;
}

/** A readable date and time for a post, in the visitor's time zone: "3 June 2025, 14:22". */
export function formatPostDate(timestamp: string, timeZone?: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}

/** A short date for the registry table: "3 Jun 2025". */
export function formatShortDate(timestamp: string, timeZone?: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone }).format(date);
}

/** The Random Idea toast: the issue, the proposed solution and who proposed it. */
export function randomIdeaMessage(idea: { issue: string; mitigation: string; proposedBy: string | null }): {
  title: string;
  description: string;
} {
  return {
    title: `Random Idea: ${idea.issue}`,
    description: `Solution: ${idea.mitigation} (Proposed by: ${displayName(idea.proposedBy)})`,
  };
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
