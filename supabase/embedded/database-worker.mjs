// @ts-check
// The embedded database's own thread (started by database-thread.mjs). PGlite runs Postgres
// compiled to WebAssembly synchronously: while a statement runs, the thread that holds it can
// do nothing else, and Postgres's statement_timeout, driven by a timer on that same thread,
// never fires. Here, a statement only holds this thread; the server's thread keeps answering,
// and can end this one when a statement runs past its deadline.
//
// Messages in: { id, op, ... } for 'pipeline', 'query', 'exec', 'begin' (a transaction,
// whose id the 'tx-…' operations name), 'tx-query', 'tx-exec', 'tx-rollback', 'tx-end',
// 'close'. Messages out: { ready } once open, { log }, { id, started } when a pipeline gets
// the database, { id, result } or { id, error }.
//
// `holder` (shared with the server's thread) names the pipeline that has the database, 0 when
// none has: a pipeline takes it as it starts and gives it back once its statements are done.
// The server's thread stops a pipeline by swapping its id for STOPPING; a pipeline finding the
// database taken that way refuses to start, so every pipeline sent after the stopped one is
// known never to have run, and can be sent again to the reopened database.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './database.mjs';
import { runInOneTransaction } from './pipeline.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dataDir, template, holder, postgres } =
  /** @type {{ dataDir: string, template?: Blob, holder: Int32Array, postgres: WebAssembly.Module }} */ (workerData);

/** @type {Awaited<ReturnType<typeof openDatabase>>} */
let opened;
try {
  opened = await openDatabase({ dataDir, template, postgres, log: (line) => port.postMessage({ log: line }) });
} catch (error) {
  port.postMessage({ openError: serializeError(error) });
  throw error;
}
const { db, release } = opened;

/**
 * Open transactions by id: the operations the server's thread sends for each, in order.
 * @type {Map<number, { push: (message: any) => void }>}
 */
const transactions = new Map();

port.on('message', async (message) => {
  const { id, op } = message;
  const reply = (/** @type {unknown} */ result) => port.postMessage({ id, result });
  try {
    if (op === 'pipeline') {
      reply(
        await runInOneTransaction(db, message.statements, () => {
          if (Atomics.compareExchange(holder, 0, 0, id) !== 0) throw new Error('The database is being stopped');
          port.postMessage({ id, started: true });
          return () => Atomics.compareExchange(holder, 0, id, 0);
        }),
      );
    } else if (op === 'query') {
      reply(await db.query(message.sql, message.params, message.options));
    } else if (op === 'exec') {
      reply(await db.exec(message.sql, message.options));
    } else if (op === 'begin') {
      await begin(id);
    } else if (op.startsWith('tx-')) {
      const transaction = transactions.get(message.tx);
      if (!transaction) throw new Error('The transaction has already ended');
      transaction.push(message);
    } else if (op === 'close') {
      await db.close();
      await release();
      reply(null);
      port.close();
    }
  } catch (error) {
    port.postMessage({ id, error: serializeError(error) });
  }
});
await warmUp(db);
port.postMessage({ ready: true });

/**
 * The first insert into a table in a new session compiles the functions its triggers and
 * checks call, and their text patterns; that first insert is several times slower than the
 * next, and one arriving among many could run past its deadline. One insert into each table,
 * rolled back, pays for it before anything is served. Ids of its own (the owner may set them)
 * leave the tables' id sequences untouched. A database whose tables refuse it (an older
 * schema) opens all the same.
 * @param {import('@electric-sql/pglite').PGlite} db
 */
async function warmUp(db) {
  await db
    .exec(
      `begin;
       insert into public.posts (id, content, author_name) overriding system value
         values (-1, 'Warming up the checks', 'warm-up');
       insert into public.mota_ideas (id, issue, mitigation) overriding system value
         values (-1, 'Warming up the checks', 'warm-up');
       rollback;`,
    )
    .catch(() => db.exec('rollback').catch(() => {}));
}

/**
 * Runs a transaction whose statements arrive one message at a time; it ends with 'tx-end'
 * (commit: true to commit, false to roll back).
 * @param {number} id
 */
async function begin(id) {
  /** @type {any[]} */
  const inbox = [];
  /** @type {((message: any) => void) | null} */
  let wake = null;
  transactions.set(id, {
    push(message) {
      if (wake) wake(message);
      else inbox.push(message);
      wake = null;
    },
  });
  const next = () => (inbox.length > 0 ? Promise.resolve(inbox.shift()) : new Promise((resolve) => (wake = resolve)));
  let ending = { id, commit: true };
  const rollback = new Error('rolled back');
  try {
    await db.transaction(async (tx) => {
      port.postMessage({ id, result: id });
      for (;;) {
        const message = await next();
        if (message.op === 'tx-end') {
          ending = message;
          if (!message.commit) throw rollback;
          return;
        }
        try {
          const result =
            message.op === 'tx-query'
              ? await tx.query(message.sql, message.params, message.options)
              : message.op === 'tx-exec'
                ? await tx.exec(message.sql, message.options)
                : await tx.rollback();
          port.postMessage({ id: message.id, result: result ?? null });
        } catch (error) {
          port.postMessage({ id: message.id, error: serializeError(error) });
        }
      }
    });
    port.postMessage({ id: ending.id, result: null });
  } catch (error) {
    if (error === rollback) port.postMessage({ id: ending.id, result: null });
    else port.postMessage({ id: ending.id, error: serializeError(error) });
  } finally {
    transactions.delete(id);
  }
}

/**
 * An error as plain data: a posted Error keeps only its message, and the server needs
 * Postgres's fields (code, severity, detail, hint) to answer as PostgREST would.
 * @param {unknown} error
 */
function serializeError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    try {
      structuredClone(value);
      fields[key] = value;
    } catch {
      // Not data (a cause holding a socket, say): left out.
    }
  }
  return fields;
}
