/**
 * Pure helpers the forum and registry islands share: cutting text at the database's limits,
 * names and dates as shown, and the Random Idea message. (Data access lives
 * in community.ts, validation in community-validation.ts, wording in community-messages.ts.)
 */

/**
 * The text cut to at most `max` characters, counted as Postgres counts them (code points, like
 * `characterCount` in community-validation.ts), so an emoji is never split: the form refuses more.
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
