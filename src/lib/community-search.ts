/** The registry's search box as a PostgREST filter (pure). */

/**
 * Characters of a registry search that are sent; the rest is dropped. Escaped for LIKE, the
 * longest search stays within the backend's limit on one filter value (100 characters).
 */
export const SEARCH_MAX_LENGTH = 40;

/**
 * The PostgREST `or` filter for the registry's search box: a case-insensitive substring of
 * issue, mitigation or proposer. The text is escaped twice: for LIKE (\ % _ are literal) and
 * as a double-quoted PostgREST value, so commas, parentheses and quotes cannot change the
 * filter. PostgREST turns every * into %, with no escape, so a typed * matches any one
 * character (which includes a *). Returns null for an empty filter.
 */
export function ideaFilter(text: string): string | null {
  const needle = [...text.trim()].slice(0, SEARCH_MAX_LENGTH).join('');
  if (needle === '') return null;
  const like = needle.replace(/[\\%_]/g, '\\$&').replaceAll('*', '_');
  const value = `"*${like.replace(/["\\]/g, '\\$&')}*"`;
  return IDEA_SEARCH_COLUMNS.map((column) => `${column}.ilike.${value}`).join(',');
}

const IDEA_SEARCH_COLUMNS = ['issue', 'mitigation', 'proposed_by'] as const;
