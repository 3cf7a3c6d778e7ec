/**
 * Pure helpers the forum and registry islands share: names and dates as shown, and the Random
 * Idea message. (Data access lives in index.ts, validation in validation.ts, wording in
 * messages.ts.)
 */

export const ANONYMOUS = 'Anonymous';

/** The name shown for a post or an idea: Anonymous when there is none. */
export function displayName(name: string | null | undefined): string {
  return name?.trim() || ANONYMOUS;
}

// Numbers and dates are put together by hand, not with Intl: a page's first Intl call loads the
// browser's locale data on the main thread, and it fell in the render that shows the forum's or
// the registry's first page. These give what 'en-GB' gives.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
// en-GB abbreviates September as "Sept".
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** A count as shown: 1,234,567. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A readable date and time for a post, in the visitor's time zone: "3 June 2025 at 14:22". */
export function formatPostDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()} at ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A short date for the registry table, in the visitor's time zone: "3 Jun 2025". */
export function formatShortDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${SHORT_MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/**
 * Visitor text set inside a sentence of ours, as a first-strong isolate: a right-to-left name, or
 * one ending in digits or a direction mark, then keeps its own order and leaves ours alone (a
 * toast is plain text, with no element to isolate it).
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** The Random Idea toast: the issue, the proposed solution and who proposed it. */
export function randomIdeaMessage(idea: { issue: string; mitigation: string; proposedBy: string | null }): {
  title: string;
  description: string;
} {
  return {
    title: `Random Idea: ${isolate(idea.issue)}`,
    description: `Solution: ${isolate(idea.mitigation)} (Proposed by: ${isolate(displayName(idea.proposedBy))})`,
  };
}
