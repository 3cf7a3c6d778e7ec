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
 * @typedef {{ text: string, params: (string | null)[] }} Statement
 * @typedef {(string | null)[]} Row a row's fields as Postgres renders them in text
 */

/**
 * Runs the statements in order in one transaction and returns each one's rows. Throws the
 * first statement's error (a DatabaseError with code, detail and hint), after which nothing
 * of the transaction remains.
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {Statement[]} statements
 * @returns {Promise<Row[][]>}
 */
export async function runInOneTransaction(db, statements) {
  const { serialize } = protocol;
  /** @type {Uint8Array[]} */
  const parts = [];
  for (const { text, params } of statements) {
    parts.push(
      serialize.parse({ text, types: params.map(() => TEXT) }),
      serialize.bind({ values: params }),
      serialize.execute({}),
    );
  }
  parts.push(serialize.sync());
  const message = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  // Both of PGlite's locks: no other caller's query, nor the middle of its transaction,
  // may run between these messages.
  const { messages } = await db._runExclusiveTransaction(() => db.runExclusive(() => db.execProtocol(message)));
  /** @type {Row[][]} */
  const results = statements.map(() => []);
  let index = 0;
  for (const reply of messages) {
    if (reply.name === 'dataRow') results[index].push(/** @type {import('@electric-sql/pglite').messages.DataRowMessage} */ (reply).fields);
    else if (reply.name === 'commandComplete') index += 1;
  }
  return results;
}
