/** The registry's search box as a PostgREST request (pure). */
import { TRIGRAM_RUN, textPairs } from '../../../supabase/gateway/text-pairs.mjs';

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
 * How the database answers a search. Text with three letters or digits in a row is looked up
 * in the trigram index (mota_ideas_matches); shorter text ("AI", "é", "to be") in the index of
 * each idea's characters and pairs of characters (mota_ideas_short_matches), which answers one or
 * two characters exactly and narrows anything longer to the ideas holding all its pairs.
 */
export interface IdeaSearch {
  view: 'mota_ideas_matches' | 'mota_ideas_short_matches';
  /** The `or` filter of ilike terms, one per column; null where the pairs answer exactly. */
  or: string | null;
  /** The array literal for `pairs=cs.…` on mota_ideas_short_matches; else null. */
  pairs: string | null;
}

/**
 * The registry's search box, a case-insensitive substring of issue, mitigation or proposer, as
 * the view to read and its filters; null for an empty search, or one of * alone (each matches
 * any character, so every idea). The text is escaped twice for the ilike terms: for LIKE
 * (\ % _ are literal) and as a double-quoted PostgREST value, so commas, parentheses and
 * quotes cannot change the filter. PostgREST turns every * into %, with no escape, so a typed
 * * matches any one character (which includes a *); past SEARCH_MAX_STARS of them, a * is left
 * out.
 */
export function ideaSearch(text: string): IdeaSearch | null {
  let stars = 0;
  const kept = [...text.trim()]
    .slice(0, SEARCH_MAX_LENGTH)
    .filter((ch) => ch !== '*' || ++stars <= SEARCH_MAX_STARS)
    .join('');
  const runs = kept.split('*').filter((run) => run !== '');
  if (runs.length === 0) return null;
  const like = kept.replace(/[\\%_]/g, '\\$&').replace(/\*/g, '_');
  const value = `"*${like.replace(/["\\]/g, '\\$&')}*"`;
  const or = IDEA_SEARCH_COLUMNS.map((column) => `${column}.ilike.${value}`).join(',');
  if (runs.some((run) => TRIGRAM_RUN.test(run))) return { view: 'mota_ideas_matches', or, pairs: null };
  const pairs = [...new Set(runs.flatMap((run) => textPairs(run.toLowerCase())))];
  const exact = runs.length === 1 && runs[0] === kept && [...kept].length <= 2;
  return { view: 'mota_ideas_short_matches', or: exact ? null : or, pairs: arrayLiteral(pairs) };
}

const IDEA_SEARCH_COLUMNS = ['issue', 'mitigation', 'proposed_by'] as const;

/** A Postgres array literal of texts, each quoted, so commas, braces and quotes stay text. */
function arrayLiteral(items: string[]): string {
  return `{${items.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
