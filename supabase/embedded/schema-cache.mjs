// @ts-check
// The stand-in's whitelist of identifiers, read from the catalogue the way PostgREST builds
// its schema cache: the tables of the exposed schema and their columns. A table or column
// name in a request is used in SQL only if it is found here, and always quoted.

/**
 * @typedef {{ name: string, type: string }} Column  type: the SQL type without modifiers
 * @typedef {{ name: string, columns: Map<string, Column>, primaryKey: string[] }} Table
 * @typedef {Map<string, Table>} SchemaCache
 */

export const EXPOSED_SCHEMA = 'public';

/**
 * @param {Pick<import('@electric-sql/pglite').PGlite, 'query'>} db
 * @returns {Promise<SchemaCache>}
 */
export async function loadSchemaCache(db) {
  // format_type(..., null) leaves out modifiers: an explicit cast to varchar(60) would
  // silently truncate, an assignment to the column raises an error instead.
  const { rows } = await db.query(
    `select c.relname as table_name, a.attname as column_name,
            format_type(a.atttypid, null) as type,
            coalesce(a.attnum = any(i.indkey), false) as in_primary_key
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm')
      order by c.relname, a.attnum`,
    [EXPOSED_SCHEMA],
  );
  /** @type {SchemaCache} */
  const cache = new Map();
  for (const row of /** @type {any[]} */ (rows)) {
    let table = cache.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: new Map(), primaryKey: [] };
      cache.set(row.table_name, table);
    }
    table.columns.set(row.column_name, { name: row.column_name, type: row.type });
    if (row.in_primary_key) table.primaryKey.push(row.column_name);
  }
  return cache;
}

/**
 * Double-quotes an identifier for SQL (only ever called with names from the cache).
 * @param {string} name
 */
export function quoteIdent(name) {
  return `"${name.replaceAll('"', '""')}"`;
}
