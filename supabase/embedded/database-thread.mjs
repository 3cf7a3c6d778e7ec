// @ts-check
// The embedded database on a thread of its own (database-worker.mjs), and its deadline.
//
// PGlite runs each statement synchronously on the thread that holds it, and ignores
// statement_timeout: on the server's thread, one heavy read froze every request and every
// static page until it was done. On a worker thread it holds only that thread. A request's
// statement that runs past its deadline is stopped the only way WebAssembly can be stopped
// mid-statement: the thread is ended, and the database reopened from its directory (Postgres
// recovers from its write-ahead log as after a crash, so what was committed stays committed).
// A 'memory' database lives in a temporary directory for that reason, removed on close.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { UnusableDataDirError } from './database.mjs';

/** Errors the server tells apart by class, remade as such when they come from the thread. */
const ERROR_CLASSES = /** @type {Record<string, new (message: string) => Error>} */ ({ UnusableDataDirError });

/**
 * How long a request's statements may hold the database. Alone, a statement has aloneMs; once
 * another client is waiting for the database, it has contendedMs from its start (a statement
 * already past that is stopped at once). The site's own heaviest requests (the registry search
 * over 100,000 ideas, the export's batches, a forum page far back) take a small part of it.
 */
export const STATEMENT_DEADLINE = Object.freeze({ contendedMs: 500, aloneMs: 2000 });
/** How often a statement past contendedMs with nobody waiting is looked at again. */
const RECHECK_MS = 25;
/** In the thread's `holder`: a pipeline is being stopped, and none may start (database-worker.mjs). */
const STOPPING = -1;

/**
 * @typedef {Pick<import('@electric-sql/pglite').PGlite, 'query' | 'exec' | 'transaction'>} OwnerDatabase
 *   the database as its owner (superuser), for migrations' neighbours: tests, seeding, moderation
 * @typedef {import('./pipeline.mjs').Statement} Statement
 * @typedef {import('./pipeline.mjs').Row} Row
 * @typedef {{ worker: Worker | null, message: Record<string, unknown>, resolve: (value: any) => void,
 *   reject: (error: Error) => void, started?: () => void }} Pending
 *   worker: the thread it was sent to; null while it waits to be sent again to a reopened one
 */

/** @type {Promise<WebAssembly.Module> | undefined} */
let compiledPostgres;

/**
 * PGlite's Postgres compiled once for this process: each thread that opens a database is handed
 * the compiled module rather than compiling its own. Compiling it, and recompiling its busiest
 * parts once they ran, took about 2 s of processor time at every open.
 */
function postgresModule() {
  compiledPostgres ??= readFile(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite'))).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return compiledPostgres;
}

/**
 * Opens the database (openDatabase, in the worker) and resolves once it is ready.
 * @param {{ dataDir: string, template?: Blob, log?: (line: string) => void, deadline?: { contendedMs: number, aloneMs: number } }} options
 */
export async function startDatabaseThread({ dataDir, template, log = () => {}, deadline = STATEMENT_DEADLINE }) {
  const temporary = dataDir === 'memory';
  const directory = temporary ? await mkdtemp(join(tmpdir(), 'embedded-backend-memory-')) : resolve(dataDir);
  const thread = new DatabaseThread(directory, log, deadline);
  try {
    await thread.open(template);
  } catch (error) {
    if (temporary) await rm(directory, { recursive: true, force: true });
    throw error;
  }
  if (temporary) thread.onClosed = () => rm(directory, { recursive: true, force: true });
  return thread;
}

export class DatabaseThread {
  /** @type {Worker | null} */
  #worker = null;
  /** Which pipeline has the database, shared with each thread (database-worker.mjs). */
  #holder = new Int32Array(new SharedArrayBuffer(4));
  /** @type {Map<number, Pending>} */
  #pending = new Map();
  #nextId = 1;
  /** @type {Promise<void>} a restart in progress, or the open that started it */
  #ready = Promise.resolve();
  #closing = false;
  /** @type {() => Promise<void>} */
  onClosed = async () => {};
  /** Restarts after a statement was stopped, and how long each reopen took (for the bench). */
  restarts = /** @type {number[]} */ ([]);

  /**
   * @param {string} directory
   * @param {(line: string) => void} log
   * @param {{ contendedMs: number, aloneMs: number }} deadline
   */
  constructor(directory, log, deadline) {
    this.directory = directory;
    this.log = log;
    this.deadline = deadline;
    /** @type {OwnerDatabase} */
    this.db = /** @type {any} */ ({
      query: (/** @type {string} */ sql, /** @type {unknown[]} */ params, /** @type {any} */ options) =>
        this.#call({ op: 'query', sql, params, options: plainOptions(options) }),
      exec: (/** @type {string} */ sql, /** @type {any} */ options) =>
        this.#call({ op: 'exec', sql, options: plainOptions(options) }),
      transaction: (/** @type {(tx: any) => Promise<any>} */ callback) => this.#transaction(callback),
    });
  }

  /** While the database reopens, a promise of its being ready again; else undefined. */
  ready() {
    return this.#reopening ?? undefined;
  }

  /** @type {Promise<void> | null} */
  #reopening = null;

  /** Marks `reopen` as the database's way back, until it is done. @param {Promise<void>} reopen */
  #reopen(reopen) {
    this.#ready = reopen;
    this.#reopening = reopen;
    const done = () => {
      if (this.#reopening === reopen) this.#reopening = null;
    };
    reopen.then(done, done);
  }

  /** @param {Blob} [template] */
  open(template) {
    this.#ready = postgresModule().then((postgres) => this.#start(template, postgres));
    return this.#ready;
  }

  /** @param {Blob | undefined} template @param {WebAssembly.Module} postgres @returns {Promise<void>} */
  #start(template, postgres) {
    return new Promise((ready, failed) => {
      // The thread before this one has ended (stopped or crashed): nothing holds the database.
      Atomics.store(this.#holder, 0, 0);
      const worker = new Worker(new URL('./database-worker.mjs', import.meta.url), {
        workerData: { dataDir: this.directory, template, holder: this.#holder, postgres },
      });
      this.#worker = worker;
      let opened = false;
      worker.on('message', (message) => {
        if (message.ready) {
          opened = true;
          ready();
        } else if (message.openError) failed(deserializeError(message.openError));
        else if (message.log) this.log(message.log);
        else this.#answer(worker, message);
      });
      // The worker posts its opening error and then throws it, so this may come first: the
      // thrown copy keeps its name but not its class, which is remade here as for the message.
      worker.on('error', (error) => {
        if (!opened)
          failed(deserializeError({ ...error, name: error.name, message: error.message, stack: error.stack }));
      });
      worker.on('exit', () => {
        if (!opened) failed(new Error('The embedded database stopped while opening'));
        this.#ended(worker);
      });
    });
  }

  /**
   * A request's statements in one transaction (runInOneTransaction), stopped past the deadline.
   * @param {Statement[]} statements
   * @param {{ contended?: () => boolean, client?: string, held?: (ms: number) => void }} [competition]
   *   whether another client is waiting; the client the statements are for, named in the log
   *   when they are stopped; told how long the statements held the database once they are done
   * @returns {Promise<Row[][]>}
   */
  pipeline(statements, { contended = () => false, client = 'the owner', held } = {}) {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const { contendedMs, aloneMs } = this.deadline;
    let id = 0;
    /** @type {number | undefined} */
    let start;
    const started = () => {
      start = performance.now();
      const check = () => {
        const elapsed = performance.now() - /** @type {number} */ (start);
        if (elapsed >= aloneMs || (elapsed >= contendedMs && contended())) {
          this.#stop(id, `${client}'s statement ran ${Math.round(elapsed)} ms`);
          return;
        }
        timer = setTimeout(check, elapsed < contendedMs ? contendedMs - elapsed : RECHECK_MS);
        timer.unref();
      };
      timer = setTimeout(check, Math.min(contendedMs, aloneMs));
      timer.unref();
    };
    const call = this.#call({ op: 'pipeline', statements }, started, (assigned) => (id = assigned));
    return call.finally(() => {
      clearTimeout(timer);
      if (start !== undefined) held?.(performance.now() - start);
    });
  }

  /** Waits for a restart in progress, closes the database, and ends the thread. */
  async close() {
    this.#closing = true;
    await this.#ready.catch(() => {});
    if (this.#worker) {
      const worker = this.#worker;
      const exited = new Promise((done) => worker.once('exit', done));
      await this.#call({ op: 'close' });
      await exited;
    }
    await this.onClosed();
  }

  /**
   * @param {Record<string, unknown>} message
   * @param {() => void} [started]
   * @param {(id: number) => void} [assigned]
   */
  async #call(message, started, assigned) {
    await this.#ready;
    const worker = this.#worker;
    if (!worker) throw new Error('The embedded database is closed');
    const id = this.#nextId++;
    assigned?.(id);
    return new Promise((resolve, reject) => {
      const sent = { ...message, id };
      this.#pending.set(id, { worker, message: sent, resolve, reject, started });
      worker.postMessage(sent);
    });
  }

  /**
   * @param {Worker} worker the thread the message came from: a pipeline sent again to a reopened
   *   thread is answered by that one only
   * @param {{ id: number, started?: boolean, result?: unknown, error?: Record<string, unknown> }} message
   */
  #answer(worker, { id, started, result, error }) {
    const pending = this.#pending.get(id);
    if (!pending || pending.worker !== worker) return;
    if (started) {
      pending.started?.();
      return;
    }
    this.#pending.delete(id);
    if (error) pending.reject(deserializeError(error));
    else pending.resolve(result);
  }

  /**
   * Stops the statement running for pipeline `id`: ends the thread, then reopens, and sends the
   * pipelines that were waiting at the thread again.
   * @param {number} id @param {string} why whose statement, and how long it ran, for the log
   */
  #stop(id, why) {
    const worker = this.#worker;
    if (!worker || !this.#pending.has(id) || this.#closing) return;
    // Its statements done, the pipeline has given the database back and its answer is on the
    // way. Otherwise no other pipeline can start from here on.
    if (Atomics.compareExchange(this.#holder, 0, id, STOPPING) !== id) return;
    // Answered at once: the thread may take a moment to end.
    const pending = /** @type {Pending} */ (this.#pending.get(id));
    this.#pending.delete(id);
    pending.reject(new StatementTimeoutError());
    // Those sent before it were answered before its start was heard of; those after it never ran.
    const waiting = [...this.#pending].filter(
      ([, other]) => other.worker === worker && other.message.op === 'pipeline',
    );
    for (const [, other] of waiting) other.worker = null;
    // Taken away first, so the thread's exit is not mistaken for a crash to recover from.
    this.#worker = null;
    const began = performance.now();
    this.log(`stopped a statement past its deadline (${why}); the database reopens`);
    this.#reopen(
      (async () => {
        await worker.terminate();
        try {
          await this.open();
        } catch (error) {
          for (const [waitingId, other] of waiting) {
            this.#pending.delete(waitingId);
            other.reject(/** @type {Error} */ (error));
          }
          throw error;
        }
        const reopened = /** @type {Worker} */ (this.#worker);
        for (const [, other] of waiting) {
          other.worker = reopened;
          reopened.postMessage(other.message);
        }
        this.restarts.push(Math.round(performance.now() - began));
        this.log(`the database reopened ${Math.round(performance.now() - began)} ms after the stop`);
      })(),
    );
  }

  /**
   * The thread is gone (stopped, closed or crashed): nothing it held will be answered. A crash
   * outside close() reopens the database, as a stopped statement does.
   * @param {Worker} worker
   */
  #ended(worker) {
    for (const [id, pending] of this.#pending) {
      if (pending.worker !== worker) continue;
      this.#pending.delete(id);
      pending.reject(new Error('The embedded database restarted'));
    }
    if (this.#worker === worker && !this.#closing) {
      this.#worker = null;
      this.log('the database thread ended unexpectedly; the database reopens');
      this.#reopen(this.open());
    }
  }

  /** @param {(tx: any) => Promise<any>} callback */
  async #transaction(callback) {
    const tx = await this.#call({ op: 'begin' });
    let closed = false;
    const transaction = {
      query: (/** @type {string} */ sql, /** @type {unknown[]} */ params, /** @type {any} */ options) =>
        this.#call({ op: 'tx-query', tx, sql, params, options: plainOptions(options) }),
      exec: (/** @type {string} */ sql, /** @type {any} */ options) =>
        this.#call({ op: 'tx-exec', tx, sql, options: plainOptions(options) }),
      rollback: async () => {
        await this.#call({ op: 'tx-rollback', tx });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let value;
    try {
      value = await callback(transaction);
    } catch (error) {
      await this.#call({ op: 'tx-end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: 'tx-end', tx, commit: true });
    return value;
  }
}

/** Query options that can cross to the thread (parsers and callbacks cannot). @param {any} options */
function plainOptions(options) {
  return options?.rowMode ? { rowMode: options.rowMode } : undefined;
}

/** @param {Record<string, unknown>} fields */
function deserializeError(fields) {
  const error = new (ERROR_CLASSES[String(fields.name)] ?? Error)(String(fields.message));
  Object.assign(error, fields);
  return error;
}

/** A request's statements stopped past their deadline (Postgres's statement_timeout, 57014). */
export class StatementTimeoutError extends Error {
  constructor() {
    super('canceling statement due to statement timeout');
    this.name = 'StatementTimeoutError';
    this.code = '57014';
  }
}
