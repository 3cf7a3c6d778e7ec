// @ts-check
// Turns a parsed request into one SQL statement. Identifiers come only from the schema
// cache (and are quoted); every value is a bind parameter, passed as text and cast to the
// column's type so Postgres parses it exactly as PostgREST would have it parse a literal.
import { ApiError, unknownColumn } from '../gateway/errors.mjs';
import { SEARCH_KEYS } from '../gateway/request-limits.mjs';
import { EXPOSED_SCHEMA, quoteIdent } from './schema-cache.mjs';

/**
 * @typedef {import('./schema-cache.mjs').Table} Table
 * @typedef {import('../gateway/query-params.mjs').ParsedQuery} ParsedQuery
 * @typedef {import('../gateway/query-params.mjs').Filter} Filter
 * @typedef {import('./pipeline.mjs').Statement} Statement
 * @typedef {{ text: string, params: (string | null)[], exactUpTo: number, exact: string }} CountPlan
 *   how to count a read without scanning it all: `text` asks the planner, `exact` counts up to
 *   one row past `exactUpTo` (-1: never exactly)
 */

const COMPARISONS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const IS_SQL = { null: 'IS NULL', not_null: 'IS NOT NULL', true: 'IS TRUE', false: 'IS FALSE', unknown: 'IS UNKNOWN' };

class Params {
  /** @type {(string | null)[]} */
  values = [];

  /**
   * A placeholder for `value`, cast to `type` (text when omitted).
   * @param {string | null} value @param {string} [type]
   */
  add(value, type = 'text') {
    this.values.push(value);
    const placeholder = `$${this.values.length}::text`;
    return type === 'text' ? placeholder : `${placeholder}::${type}`;
  }
}

/** @param {Table} table */
function relation(table) {
  return `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(table.name)}`;
}

/** @param {Table} table @param {string} name */
function column(table, name) {
  const found = table.columns.get(name);
  if (!found) throw unknownColumn(table.name, name);
  return found;
}

/**
 * Every column but a search key (SEARCH_KEYS), which exists only to be looked up in its index:
 * computing it for each matching row would cost what the index saves, and no request may select
 * or order by it.
 * @param {Table} table
 */
function dataColumns(table) {
  const key = /** @type {Record<string, string>} */ (SEARCH_KEYS)[table.name];
  return [...table.columns.keys()]
    .filter((name) => name !== key)
    .map(quoteIdent)
    .join(', ');
}

/** @param {Table} table @param {ParsedQuery['select']} select */
function selectList(table, select) {
  if (select === '*') return [...table.columns.keys()].map(quoteIdent).join(', ');
  return select
    .map(({ column: name, alias }) => {
      const col = quoteIdent(column(table, name).name);
      return alias ? `${col} AS ${quoteIdent(alias)}` : col;
    })
    .join(', ');
}

/** @param {Table} table @param {Filter[]} filters @param {Params} params */
function whereClause(table, filters, params) {
  if (filters.length === 0) return '';
  return ` WHERE ${filters.map((f) => filterSql(table, f, params)).join(' AND ')}`;
}

/** @param {Table} table @param {Filter} filter @param {Params} params @returns {string} */
function filterSql(table, filter, params) {
  let sql;
  if (filter.kind === 'condition') {
    const col = column(table, filter.column);
    const ident = quoteIdent(col.name);
    const value = filter.value;
    if (filter.operator === 'is') {
      sql = `${ident} ${IS_SQL[/** @type {keyof typeof IS_SQL} */ (value)]}`;
    } else if (filter.operator === 'in') {
      const list = /** @type {string[]} */ (value);
      sql = list.length === 0 ? 'false' : `${ident} IN (${list.map((v) => params.add(v, col.type)).join(', ')})`;
    } else if (filter.operator === 'like' || filter.operator === 'ilike') {
      // PostgREST's wildcard is * (a % would need escaping in URLs); Postgres's is %.
      const pattern = /** @type {string} */ (value).replaceAll('*', '%');
      sql = `${ident} ${filter.operator === 'like' ? 'LIKE' : 'ILIKE'} ${params.add(pattern)}`;
    } else if (filter.operator === 'cs') {
      // Contains: the value is an array literal ({a,b}) of the column's type.
      sql = `${ident} @> ${params.add(/** @type {string} */ (value), col.type)}`;
    } else {
      const op = COMPARISONS[/** @type {keyof typeof COMPARISONS} */ (filter.operator)];
      sql = `${ident} ${op} ${params.add(/** @type {string} */ (value), col.type)}`;
    }
  } else {
    const joiner = filter.kind === 'and' ? ' AND ' : ' OR ';
    sql = `(${filter.children.map((child) => filterSql(table, child, params)).join(joiner)})`;
  }
  return filter.negate ? `NOT (${sql})` : sql;
}

/** @param {Table} table @param {ParsedQuery['order']} order */
function orderClause(table, order) {
  if (order.length === 0) return '';
  const items = order.map(({ column: name, descending, nulls }) => {
    let item = `${quoteIdent(column(table, name).name)} ${descending ? 'DESC' : 'ASC'}`;
    if (nulls) item += ` NULLS ${nulls === 'first' ? 'FIRST' : 'LAST'}`;
    return item;
  });
  return ` ORDER BY ${items.join(', ')}`;
}

/**
 * A read: the page of rows as a JSON array built by Postgres (so timestamps and numbers
 * look exactly as PostgREST renders them), its length, and the total when asked.
 *
 * Counts as PostgREST's Prefer: count=… has them: `exact` counts every matching row;
 * `planned` takes the planner's estimate (the statement's `plan`, run by the caller), so a
 * large table is never scanned just to count it; `estimated` is exact while the estimate is
 * at most `exactUpTo` rows (db-max-rows), counting no further than one row past it, and the
 * estimate beyond.
 * @param {Table} table @param {ParsedQuery} query
 * @param {{ limit: bigint | null, offset: bigint, count: boolean | 'exact' | 'planned' | 'estimated', exactUpTo?: number }} range
 * @returns {Statement & { plan?: CountPlan }}
 */
export function buildRead(table, query, range) {
  const params = new Params();
  const where = whereClause(table, query.filters, params);
  const mode = range.count === true ? 'exact' : range.count;
  const exactUpTo = mode === 'estimated' ? Math.max(0, Math.floor(range.exactUpTo ?? 1000)) : -1;
  /** @type {CountPlan | undefined} */
  const plan =
    mode === 'planned' || mode === 'estimated'
      ? {
          text: `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${relation(table)}${where}`,
          params: [...params.values],
          exactUpTo,
          // One row past the threshold is enough to know the estimate is the answer.
          exact: `SELECT count(*) AS total FROM (SELECT 1 FROM ${relation(table)}${where} LIMIT ${exactUpTo + 1}) AS pgrst_capped`,
        }
      : undefined;
  // A filtered read with an exact count tests the filter once per row, not once for the page and
  // again for the total: the matching rows are collected first and both are taken from them.
  const once = mode === 'exact' && where !== '';
  const from = once ? 'pgrst_match' : relation(table);
  let page = `SELECT ${selectList(table, query.select)} FROM ${from}${once ? '' : where}${orderClause(table, query.order)}`;
  if (range.limit !== null) page += ` LIMIT ${params.add(String(range.limit), 'bigint')}`;
  if (range.offset > 0n) page += ` OFFSET ${params.add(String(range.offset), 'bigint')}`;
  // Otherwise the total repeats the filter with the same parameters ($n refers to the same values).
  const total = mode === 'exact' ? `(SELECT count(*) FROM ${from}${once ? '' : where})` : 'NULL::bigint';
  const text =
    (once
      ? `WITH pgrst_match AS MATERIALIZED (SELECT ${dataColumns(table)} FROM ${relation(table)}${where}), `
      : 'WITH ') +
    `pgrst_source AS (${page}) ` +
    `SELECT ${total} AS total, (SELECT count(*) FROM pgrst_source) AS page_total, ` +
    `coalesce((SELECT json_agg(s) FROM pgrst_source s), '[]')::text AS body`;
  return { text, params: params.values, plan };
}

/** @param {unknown} value JSON from the request body, as text for a bind parameter */
function toParam(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Like PostgREST: RETURNING the selected columns for Prefer: return=representation, else
 * RETURNING 1 just to count the rows (either way the new rows must pass the SELECT policy).
 * @param {Table} table @param {ParsedQuery} query @param {boolean} representation
 */
function returningClause(table, query, representation) {
  return representation ? ` RETURNING ${selectList(table, query.select)}` : ' RETURNING 1';
}

/**
 * Wraps a data-changing statement so it reports how many rows it touched and, when asked,
 * the rows themselves as JSON.
 */
/** @param {string} statement @param {boolean} representation */
function withResult(statement, representation) {
  return (
    `WITH pgrst_source AS (${statement}) SELECT NULL::bigint AS total, ` +
    `(SELECT count(*) FROM pgrst_source) AS page_total, ` +
    (representation ? `coalesce((SELECT json_agg(s) FROM pgrst_source s), '[]')::text` : `NULL::text`) +
    ' AS body'
  );
}

/**
 * INSERT of one or more rows. The column list is the `columns` parameter (supabase-js sends
 * it for arrays), else the keys of the rows, which must then all be the same (as PostgREST
 * requires). A key missing from a row is NULL, or the column default with Prefer: missing=default.
 * @param {Table} table @param {ParsedQuery} query @param {Record<string, unknown>[]} rows
 * @param {{ representation: boolean, missingDefault: boolean, resolution: 'merge' | 'ignore' | null }} options
 * @returns {Statement}
 */
export function buildInsert(table, query, rows, { representation, missingDefault, resolution }) {
  const params = new Params();
  let names = query.columns;
  if (!names) {
    names = Object.keys(rows[0] ?? {});
    const signature = [...names].sort().join('\u0000');
    if (rows.some((row) => Object.keys(row).sort().join('\u0000') !== signature)) {
      throw new ApiError(400, 'PGRST102', 'All object keys must match');
    }
  }
  for (const name of names) {
    if (!table.columns.has(name)) {
      throw new ApiError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`);
    }
  }
  const target = relation(table);
  let statement;
  if (names.length === 0) {
    // Every row empty: each gets all its defaults (and Postgres decides whether that is valid).
    if (rows.length !== 1) throw new ApiError(400, 'PGRST102', 'Empty objects can only be inserted one at a time');
    statement = `INSERT INTO ${target} DEFAULT VALUES`;
  } else {
    const cols = names.map((name) => column(table, name));
    const values = rows.map((row) => {
      const cells = cols.map((col) =>
        !(col.name in row) && missingDefault ? 'DEFAULT' : params.add(toParam(row[col.name]), col.type),
      );
      return `(${cells.join(', ')})`;
    });
    statement = `INSERT INTO ${target} (${cols.map((c) => quoteIdent(c.name)).join(', ')}) VALUES ${values.join(', ')}`;
    if (resolution) statement += conflictClause(table, query.onConflict, names, resolution);
  }
  statement += returningClause(table, query, representation);
  return { text: withResult(statement, representation), params: params.values };
}

/**
 * Upserts (Prefer: resolution=…). The UPDATE branch needs UPDATE privilege, which the
 * anonymous role does not have, so Postgres refuses merge-duplicates for visitors.
 */
/**
 * @param {Table} table @param {string[] | null} onConflict @param {string[]} names
 * @param {'merge' | 'ignore'} resolution
 */
function conflictClause(table, onConflict, names, resolution) {
  const keys = (onConflict ?? table.primaryKey).map((name) => quoteIdent(column(table, name).name));
  if (keys.length === 0)
    throw new ApiError(400, 'PGRST100', `Table '${table.name}' has no primary key to resolve conflicts on`);
  if (resolution === 'ignore') return ` ON CONFLICT (${keys.join(', ')}) DO NOTHING`;
  const sets = names.map((name) => `${quoteIdent(name)} = EXCLUDED.${quoteIdent(name)}`);
  return ` ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sets.join(', ')}`;
}

/**
 * UPDATE for PATCH. Visitors have no UPDATE privilege: the point of translating it is that
 * Postgres, not the stand-in, answers "permission denied".
 * @param {Table} table @param {ParsedQuery} query @param {Record<string, unknown>} patch
 * @param {{ representation: boolean }} options
 * @returns {Statement}
 */
export function buildUpdate(table, query, patch, { representation }) {
  const params = new Params();
  const sets = Object.entries(patch).map(([name, value]) => {
    const col = table.columns.get(name);
    if (!col)
      throw new ApiError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`);
    return `${quoteIdent(col.name)} = ${params.add(toParam(value), col.type)}`;
  });
  if (sets.length === 0) {
    // An empty patch still goes to Postgres (as "key = key"), so a role that may not update
    // hears so instead of a quiet success.
    if (table.primaryKey.length === 0) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    const key = quoteIdent(table.primaryKey[0]);
    sets.push(`${key} = ${key}`);
  }
  const where = whereClause(table, query.filters, params);
  const statement = `UPDATE ${relation(table)} SET ${sets.join(', ')}${where}${returningClause(table, query, representation)}`;
  return { text: withResult(statement, representation), params: params.values };
}

/**
 * DELETE, likewise refused by Postgres for visitors.
 * @param {Table} table @param {ParsedQuery} query @param {{ representation: boolean }} options
 * @returns {Statement}
 */
export function buildDelete(table, query, { representation }) {
  const params = new Params();
  const where = whereClause(table, query.filters, params);
  const statement = `DELETE FROM ${relation(table)}${where}${returningClause(table, query, representation)}`;
  return { text: withResult(statement, representation), params: params.values };
}
