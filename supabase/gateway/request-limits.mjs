// @ts-check
// Bounds on the work one request may ask of the embedded database, checked before any SQL
// is built. PGlite is a single connection that ignores statement_timeout, so a request that
// runs long stalls every other visitor; and some requests are simply beyond one statement
// (65,535 bind parameters wrap PGlite's 16-bit count, 1,664 columns is Postgres's limit).
// Every refusal is a PostgREST-shaped 4xx. The limits leave room for what the site sends: a
// page of posts, the registry's search (three ilike terms, one per column), and the export's
// batches, which add four keyset bounds to the search (seven conditions).
import { ApiError, parseError } from './errors.mjs';

export const REQUEST_LIMITS = Object.freeze({
  /** Columns named in select (select=* is always fine). */
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
  /** Rows in one insert. */
  insertRows: 1000,
  /** Bind parameters in one statement. */
  bindParameters: 10_000,
});

/**
 * Where a like or ilike pattern may be matched: the columns the registry's trigram index
 * answers a pattern on (the search reads this view). On any other column a pattern reads every
 * row's text, which on a large table runs past the statement deadline, and every visitor then
 * waits while the database reopens.
 */
export const PATTERN_COLUMNS = Object.freeze({
  mota_ideas_matches: Object.freeze(['issue', 'mitigation', 'proposed_by']),
});

/**
 * @typedef {import('./query-params.mjs').ParsedQuery} ParsedQuery
 * @typedef {import('./query-params.mjs').Filter} Filter
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
  let terms = 0;
  /** @param {Filter} filter */
  const visit = (filter) => {
    if (filter.kind !== 'condition') {
      filter.children.forEach(visit);
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
    for (const value of values) {
      if ([...value].length > limits.valueLength) {
        throw parseError('failed to parse filter', `a filter value holds at most ${limits.valueLength} characters`);
      }
      if (filter.operator === 'like' || filter.operator === 'ilike') {
        checkPatternColumn(relation, filter.column);
        checkLikePattern(value);
      }
    }
  };
  query.filters.forEach(visit);
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
