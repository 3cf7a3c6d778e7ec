// @ts-check
// Bounds on the work one request may ask of the embedded database, checked before any SQL
// is built. PGlite is a single connection that ignores statement_timeout, so a request that
// runs long stalls every other visitor; and some requests are simply beyond one statement
// (65,535 bind parameters wrap PGlite's 16-bit count, 1,664 columns is Postgres's limit).
// Every refusal is a PostgREST-shaped 4xx. The limits leave room for what the site sends: a
// page of posts, the registry's search (three ilike terms, one per column), and the export's
// batches, which add four keyset bounds to the search (seven conditions).
import { ApiError, parseError } from './errors.mjs';
import { arrayItems } from './query-params.mjs';
import { TRIGRAM_RUN, textPairs } from './text-pairs.mjs';

export const REQUEST_LIMITS = Object.freeze({
  /** Columns named in select (select=* is fine where no search key would be computed: SEARCH_KEYS). */
  selectColumns: 64,
  /** Columns in order. */
  orderColumns: 16,
  /** Filter conditions, counted across every parameter and nesting level. */
  filterTerms: 8,
  /** Values in one in.(…) list. */
  listValues: 100,
  /** Characters in one filter value. */
  valueLength: 100,
  /** Unescaped *, % or _ in one like/ilike pattern: each can make Postgres retry the match. */
  likeWildcards: 4,
  /**
   * like/ilike conditions in one request: the site's search has one per column. Each is checked
   * on every row the index hands over, and a word most rows hold hands over every row.
   */
  likePatterns: 3,
  /** Rows in one insert. */
  insertRows: 1000,
  /** Bind parameters in one statement. */
  bindParameters: 10_000,
});

/**
 * Where a like or ilike pattern may be matched, and what must let an index narrow it first: on
 * mota_ideas_matches the trigram index, so the pattern holds three letters or digits in a row;
 * on mota_ideas_short_matches the pairs index, so the request's `pairs=cs.{…}` names every
 * pair of adjacent characters of the pattern's text (text-pairs.mjs). Anywhere else, or without what
 * narrows it, a pattern reads every row's text, which on a large table runs past the statement
 * deadline, and every visitor then waits while the database reopens.
 */
export const PATTERN_COLUMNS = Object.freeze({
  mota_ideas_matches: Object.freeze(['issue', 'mitigation', 'proposed_by']),
  mota_ideas_short_matches: Object.freeze(['issue', 'mitigation', 'proposed_by']),
});

/**
 * Search keys: columns that exist to be looked up in an index, computed from the row's whole
 * text. Filtered only with a top-level `cs`, never selected or ordered by: computing one for
 * each row read would cost what the index saves.
 */
export const SEARCH_KEYS = Object.freeze({ mota_ideas_short_matches: 'pairs' });

/**
 * @typedef {import('./query-params.mjs').ParsedQuery} ParsedQuery
 * @typedef {import('./query-params.mjs').Filter} Filter
 * @typedef {import('./query-params.mjs').Condition} Condition
 */

/**
 * @param {ParsedQuery} query
 * @param {string} relation the table or view the request reads or writes
 * @throws {ApiError} 400 PGRST100 past any limit
 */
export function checkQueryLimits(query, relation) {
  const limits = REQUEST_LIMITS;
  if (query.select !== '*' && query.select.length > limits.selectColumns) {
    throw parseError('failed to parse select parameter', `at most ${limits.selectColumns} columns may be selected`);
  }
  if (query.order.length > limits.orderColumns) {
    throw parseError('failed to parse order', `at most ${limits.orderColumns} columns may be ordered by`);
  }
  const searchKey = /** @type {Record<string, string>} */ (SEARCH_KEYS)[relation];
  if (searchKey) checkSearchKeyColumns(query, relation, searchKey);
  const pairs = searchKey ? pairsAsked(query, searchKey) : null;
  let terms = 0;
  let patterns = 0;
  /** @param {Filter} filter @param {boolean} topLevel */
  const visit = (filter, topLevel) => {
    if (filter.kind !== 'condition') {
      filter.children.forEach((child) => visit(child, false));
      return;
    }
    terms += 1;
    if (terms > limits.filterTerms) {
      throw parseError('failed to parse filter', `a request may hold at most ${limits.filterTerms} filter conditions`);
    }
    const values = Array.isArray(filter.value) ? filter.value : [filter.value];
    if (values.length > limits.listValues) {
      throw parseError('failed to parse filter', `an in. list holds at most ${limits.listValues} values`);
    }
    if (filter.operator === 'cs' || filter.column === searchKey)
      checkSearchKeyFilter(filter, relation, searchKey, topLevel);
    for (const value of values) {
      if ([...value].length > limits.valueLength) {
        throw parseError('failed to parse filter', `a filter value holds at most ${limits.valueLength} characters`);
      }
      if (filter.operator === 'like' || filter.operator === 'ilike') {
        patterns += 1;
        if (patterns > limits.likePatterns) {
          throw parseError(
            'failed to parse filter',
            `a request may hold at most ${limits.likePatterns} like or ilike conditions`,
          );
        }
        checkPatternColumn(relation, filter.column);
        checkLikePattern(value);
        checkPatternNarrowed(value, relation, pairs);
      }
    }
  };
  query.filters.forEach((filter) => visit(filter, true));
}

/** @param {string} relation @param {string} column */
function checkPatternColumn(relation, column) {
  const columns = /** @type {Record<string, readonly string[]>} */ (PATTERN_COLUMNS)[relation] ?? [];
  if (columns.includes(column)) return;
  const where = Object.entries(PATTERN_COLUMNS)
    .map(([name, allowed]) => `${name} (${allowed.join(', ')})`)
    .join('; ');
  throw parseError(
    'failed to parse filter',
    `like and ilike are answered only where an index serves them: ${where}, not ${relation}.${column}`,
  );
}

/**
 * The pattern gives its relation's index something to look up (PATTERN_COLUMNS).
 * @param {string} pattern @param {string} relation @param {Set<string> | null} pairs
 */
function checkPatternNarrowed(pattern, relation, pairs) {
  const runs = literalRuns(pattern);
  if (pairs === null) {
    if (runs.some((run) => TRIGRAM_RUN.test(run))) return;
    throw parseError(
      'failed to parse filter',
      'a pattern needs three letters or digits in a row for the trigram index; search shorter text in mota_ideas_short_matches',
    );
  }
  const needed = runs.flatMap((run) => textPairs(run.toLowerCase()));
  if (needed.length > 0 && needed.every((pair) => pairs.has(pair))) return;
  throw parseError(
    'failed to parse filter',
    'a pattern here needs pairs=cs.{…} naming every pair of adjacent characters of its text (a lone character for text of one)',
  );
}

/**
 * The pattern's text between its wildcards (*, % and _ that no backslash escapes), unescaped.
 * @param {string} pattern
 */
function literalRuns(pattern) {
  /** @type {string[]} */
  const runs = [];
  let run = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch === '\\') {
      run += pattern[i + 1] ?? '';
      i += 1;
    } else if (ch === '*' || ch === '%' || ch === '_') {
      runs.push(run);
      run = '';
    } else {
      run += ch;
    }
  }
  runs.push(run);
  return runs.filter((text) => text !== '');
}

/**
 * A search key appears in no select, order or column list; select=* would compute it for
 * every row, so its relation's columns are named.
 * @param {ParsedQuery} query @param {string} relation @param {string} key
 */
function checkSearchKeyColumns(query, relation, key) {
  const named = [
    ...(query.select === '*' ? [key] : query.select.map((item) => item.column)),
    ...query.order.map((item) => item.column),
    ...(query.columns ?? []),
    ...(query.onConflict ?? []),
  ];
  if (!named.includes(key)) return;
  throw parseError(
    'failed to parse select parameter',
    `${relation}.${key} is a search key: filter with ${key}=cs.{…} and select the other columns by name`,
  );
}

/**
 * cs only on a search key, and a search key only as a top-level cs: anything else (a negation,
 * an or branch) cannot use its index and would compute it for every row.
 * @param {Condition} filter @param {string} relation @param {string | undefined} key @param {boolean} topLevel
 */
function checkSearchKeyFilter(filter, relation, key, topLevel) {
  if (filter.column === key && filter.operator === 'cs' && !filter.negate && topLevel) return;
  const keys = Object.entries(SEARCH_KEYS)
    .map(([name, column]) => `${name}.${column}`)
    .join(', ');
  throw parseError('failed to parse filter', `cs is answered only as a plain filter on a search key (${keys})`);
}

/**
 * The pairs a request's top-level `cs` filters on the search key ask for, from their array
 * literals ({a,b,"c,d"}); a literal this cannot read names nothing.
 * @param {ParsedQuery} query @param {string} key
 * @returns {Set<string>}
 */
function pairsAsked(query, key) {
  const pairs = new Set();
  for (const filter of query.filters) {
    if (filter.kind !== 'condition' || filter.column !== key || filter.operator !== 'cs') continue;
    for (const element of arrayItems(/** @type {string} */ (filter.value)) ?? []) pairs.add(element);
  }
  return pairs;
}

/**
 * A like pattern's wildcards (*, % and _ that no backslash escapes) within the limit, and no
 * backslash left at its end with nothing to escape. Postgres raises an error for that one only
 * when a match reaches it, on a row holding the text before it: whether the request failed
 * would tell which text some row holds, so it is refused before any row is read.
 * @param {string} pattern
 */
function checkLikePattern(pattern) {
  let wildcards = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch === '\\') {
      if (i === pattern.length - 1) {
        throw parseError('failed to parse filter', 'a like pattern may not end in an unpaired backslash (\\)');
      }
      i += 1;
    } else if (ch === '*' || ch === '%' || ch === '_') {
      wildcards += 1;
    }
  }
  if (wildcards > REQUEST_LIMITS.likeWildcards) {
    throw parseError(
      'failed to parse filter',
      `a like pattern holds at most ${REQUEST_LIMITS.likeWildcards} wildcards (*, % or _)`,
    );
  }
}

/** @param {number} rows @throws {ApiError} 413 past the row limit */
export function checkInsertRows(rows) {
  if (rows > REQUEST_LIMITS.insertRows) {
    throw tooLarge(`An insert holds at most ${REQUEST_LIMITS.insertRows} rows; this one has ${rows}.`);
  }
}

/** @param {{ params: unknown[] }} statement @throws {ApiError} 413 past the parameter limit */
export function checkStatementSize(statement) {
  if (statement.params.length > REQUEST_LIMITS.bindParameters) {
    throw tooLarge(
      `A request may carry at most ${REQUEST_LIMITS.bindParameters} values; this one has ${statement.params.length}.`,
    );
  }
}

/** @param {string} details */
function tooLarge(details) {
  return new ApiError(413, 'PGRST413', 'Payload Too Large', { details });
}
