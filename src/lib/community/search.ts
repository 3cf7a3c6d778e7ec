/** The registry's search box as a PostgREST filter (pure). */

/**
 * Characters of a registry search that are sent; the rest is dropped. Escaped for LIKE, the
 * longest search stays within the backend's limit on one filter value (100 characters).
 */
export const SEARCH_MAX_LENGTH = 40;

/**
 * Typed * that the search sends: the backend takes at most 4 wildcards in a pattern and the
 * substring's own ends use 2.
 */
export const SEARCH_MAX_STARS = 2;

/**
 * The PostgREST `or` filter for the registry's search box: a case-insensitive substring of
 * issue, mitigation or proposer. The text is escaped twice: for LIKE (\ % _ are literal) and
 * as a double-quoted PostgREST value, so commas, parentheses and quotes cannot change the
 * filter. PostgREST turns every * into %, with no escape, so a typed * matches any one
 * character (which includes a *); past SEARCH_MAX_STARS of them, a * is left out. Returns
 * null for an empty filter.
 */
export function ideaFilter(text: string): string | null {
  const needle = [...text.trim()].slice(0, SEARCH_MAX_LENGTH).join('');
  if (needle === '') return null;
  let stars = 0;
  const like = needle.replace(/[\\%_]/g, '\\$&').replace(/\*/g, () => (++stars <= SEARCH_MAX_STARS ? '_' : ''));
  const value = `"*${like.replace(/["\\]/g, '\\$&')}*"`;
  return IDEA_SEARCH_COLUMNS.map((column) => `${column}.ilike.${value}`).join(',');
}

const IDEA_SEARCH_COLUMNS = ['issue', 'mitigation', 'proposed_by'] as const;
