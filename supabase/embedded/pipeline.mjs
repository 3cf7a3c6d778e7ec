// @ts-check
// One request's statements in a single call into PGlite. The wire protocol's extended query
// messages up to a Sync run as one implicit transaction: settings made with
// set_config(…, true) last until the Sync, an error skips the rest and rolls everything back,
// and the Sync commits. Through PGlite's query() API the same request took four calls
// (BEGIN, the settings, the statement, COMMIT), each of them six trips into the database
// (parse, describe, bind, describe, execute, sync): most of a small read's time.
import { protocol } from '@electric-sql/pglite';

/** Every parameter is sent as text; the statements cast it where they need another type. */
const TEXT = 25;

/**
 * @typedef {{ text: string, params: (string | null)[], prepare?: boolean }} Statement
 *   `prepare`: a statement sent again and again with the same text (the request's settings, an
 *   insert) is parsed and planned once, as a named prepared statement, then only bound. Reads
 *   stay unnamed: a prepared read could settle on a generic plan that cannot use the trigram
 *   index for a search value it has not seen.
 * @typedef {(string | null)[]} Row a row's fields as Postgres renders them in text
 */

/** Prepared statements per database, by text; beyond the cap, statements go unnamed. */
const PREPARED_CAP = 64;
/** @type {WeakMap<import('@electric-sql/pglite').PGlite, Map<string, string>>} */
const preparedByDatabase = new WeakMap();

/**
 * Runs the statements in order in one transaction and returns each one's rows. Throws the
 * first statement's error (a DatabaseError with code, detail and hint), after which nothing
 * of the transaction remains.
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {Statement[]} statements
 * @param {() => (() => void) | void} [onStart] called once the database is this call's (the
 *   deadline's start); it may throw to refuse the call, and what it returns is called once the
 *   statements are done, committed or not, while the database is still this call's
 * @returns {Promise<Row[][]>}
 */
export async function runInOneTransaction(db, statements, onStart) {
  // Both of PGlite's locks: no other caller's query, nor the middle of its transaction, may run
  // between these messages, nor between choosing a statement's name and parsing it.
  const messages = await db._runExclusiveTransaction(() =>
    db.runExclusive(async () => {
      const done = onStart?.();
      try {
        return await exchange(db, statements);
      } finally {
        done?.();
      }
    }),
  );
  /** @type {Row[][]} */
  const results = statements.map(() => []);
  let index = 0;
  for (const reply of messages) {
    if (reply.name === 'dataRow')
      results[index].push(/** @type {import('@electric-sql/pglite').messages.DataRowMessage} */ (reply).fields);
    else if (reply.name === 'commandComplete') index += 1;
  }
  return results;
}

/**
 * The messages of one call, sent, and the prepared statements it parsed remembered once it
 * succeeded. Runs under the database's locks.
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {Statement[]} statements
 */
async function exchange(db, statements) {
  const { serialize } = protocol;
  let prepared = preparedByDatabase.get(db);
  if (!prepared) preparedByDatabase.set(db, (prepared = new Map()));
  /** Names parsed in this call, kept once it succeeds. @type {[string, string][]} */
  const parsed = [];
  /** @type {Uint8Array[]} */
  const parts = [];
  for (const { text, params, prepare } of statements) {
    const known = prepare ? prepared.get(text) : undefined;
    if (known) {
      parts.push(serialize.bind({ statement: known, values: params }), serialize.execute({}));
      continue;
    }
    const name =
      prepare && prepared.size + parsed.length < PREPARED_CAP ? `pipeline_${prepared.size + parsed.length}` : '';
    // A call that failed after parsing may have left the name behind: closing first makes the
    // parse start clean (closing a name that does not exist is no error).
    if (name) parts.push(serialize.close({ type: 'S', name }));
    parts.push(
      serialize.parse({ name, text, types: params.map(() => TEXT) }),
      serialize.bind({ statement: name, values: params }),
      serialize.execute({}),
    );
    if (name) parsed.push([text, name]);
  }
  parts.push(serialize.sync());
  const message = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  const { messages } = await db.execProtocol(message);
  for (const [text, name] of parsed) prepared.set(text, name);
  return messages;
}
