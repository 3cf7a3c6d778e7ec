// @ts-check
/**
 * Runs async jobs one at a time, taking turns between clients. PGlite is a single connection,
 * so every request's transaction must finish before the next begins; in arrival order, one
 * client's backlog (a burst of heavy reads) would hold every other visitor behind all of it.
 * Each client instead has a line of its own, and the lines take turns (start-time fair
 * queueing, one turn per job): a request waits for at most one job from each other client
 * that is waiting too, plus the one running. Among jobs with the same turn, a kind of job
 * (a statement's text, its values aside) that took long the last time goes after the others:
 * when several new clients send the same heavy read at once, a visitor's page arriving among
 * them waits for one of them, not all.
 *
 * Two bounds keep a flood from piling up in memory: jobs waiting in all (beyond it,
 * QueueFullError), and jobs per client, the running one included (beyond it, ClientBusyError).
 */
/** A kind of job that took this long (ms) or longer is served last within its turn. */
const SLOW_MS = 100;
/** Kinds remembered as slow, oldest forgotten first. */
const SLOW_KINDS_KEPT = 256;
/** Idle clients remembered for their next turn; beyond it, the earliest remembered are forgotten. */
const IDLE_CLIENTS_KEPT = 4096;

export class FairQueue {
  /** @type {Set<string>} */
  #slowKinds = new Set();
  /** Each client's waiting jobs, first in first out. @type {Map<string, Job[]>} */
  #lines = new Map();
  /**
   * Per client: how many jobs it has waiting or running, and the turn after its latest job. A
   * client is remembered after its jobs are done until the turn being served passes its next
   * one: a client that sends its next request as soon as the last is answered would otherwise
   * rejoin at the turn being served, ahead of a job that another client queued for the turn
   * after it, and a page's second request (sent beside its first) would wait for as long as two
   * such clients keep sending.
   * @type {Map<string, { held: number, nextTurn: number }>}
   */
  #clients = new Map();
  /** The turn being served: a client that was idle joins at it, not behind its own past. */
  #turn = 0;
  #arrivals = 0;
  #waiting = 0;
  #running = false;
  /** @type {Promise<void>} */
  #idle = Promise.resolve();
  /** @type {(() => void) | null} */
  #becameIdle = null;

  /**
   * @param {{ maxWaiting: number, maxPerClient: number, clock?: () => number, ready?: () => Promise<unknown> | undefined }} options
   *   ready: while the database cannot be used (it reopens), a promise of when it can. The next
   *   job is chosen, and its time counted, only then: counted from before, a visitor's page that
   *   waited out a reopen would be remembered as slow and sent behind the heavy reads that
   *   caused it.
   */
  constructor({ maxWaiting, maxPerClient, clock = () => performance.now(), ready = () => undefined }) {
    this.maxWaiting = maxWaiting;
    this.maxPerClient = maxPerClient;
    this.clock = clock;
    this.ready = ready;
  }

  /** Jobs waiting for their turn (not the one running). */
  get waiting() {
    return this.#waiting;
  }

  /**
   * Whether a client other than this one has a job waiting: a statement that runs long is
   * stopped sooner when someone else is kept from the database by it.
   * @param {string} client
   */
  othersWaiting(client) {
    for (const key of this.#lines.keys()) if (key !== client) return true;
    return false;
  }

  /**
   * @template T
   * @param {string} client the client's bucket (see clientBucket)
   * @param {() => Promise<T>} job
   * @param {string} [kind] what sort of job it is (a statement's text): how long the last of
   *   its kind took orders it among jobs of the same turn
   * @returns {Promise<T>} rejects with QueueFullError or ClientBusyError when over a bound
   */
  run(client, job, kind = '') {
    if (this.#waiting >= this.maxWaiting) return Promise.reject(new QueueFullError());
    const state = this.#clients.get(client) ?? { held: 0, nextTurn: this.#turn };
    if (state.held >= this.maxPerClient) return Promise.reject(new ClientBusyError(this.maxPerClient));
    // A client's jobs take consecutive turns, starting no earlier than the one being served:
    // a backlog is spread over later turns, each shared with every other client waiting.
    const turn = Math.max(state.nextTurn, this.#turn);
    state.held += 1;
    state.nextTurn = turn + 1;
    this.#clients.set(client, state);
    return new Promise((resolve, reject) => {
      /** @type {Job} */
      const entry = {
        turn,
        kind,
        arrival: this.#arrivals++,
        start: () => Promise.resolve().then(job).then(resolve, reject),
      };
      const line = this.#lines.get(client);
      if (line) line.push(entry);
      else this.#lines.set(client, [entry]);
      this.#waiting += 1;
      if (!this.#running) this.#next();
    });
  }

  /** Resolves once every job queued so far has finished. */
  drain() {
    return this.#idle;
  }

  #next() {
    if (this.#lines.size === 0) {
      // Nobody waits: every remembered client may start afresh at the latest turn handed out.
      for (const state of this.#clients.values()) this.#turn = Math.max(this.#turn, state.nextTurn);
      this.#forgetPassed();
      this.#running = false;
      this.#becameIdle?.();
      this.#becameIdle = null;
      return;
    }
    if (!this.#running) {
      this.#running = true;
      this.#idle = new Promise((resolve) => {
        this.#becameIdle = resolve;
      });
    }
    const reopening = this.ready();
    if (reopening) reopening.catch(() => {}).then(() => this.#startFirst());
    else this.#startFirst();
  }

  /** Starts the job that goes first among those waiting now. */
  #startFirst() {
    /** @type {[string, Job[]]} */
    let chosen = /** @type {any} */ (null);
    for (const [client, line] of this.#lines) {
      if (!chosen || this.#before(line[0], chosen[1][0])) chosen = [client, line];
    }
    const [client, line] = chosen;
    const entry = /** @type {Job} */ (line.shift());
    if (line.length === 0) this.#lines.delete(client);
    this.#waiting -= 1;
    if (entry.turn > this.#turn) {
      this.#turn = entry.turn;
      this.#forgetPassed();
    }
    const started = this.clock();
    entry.start().finally(() => {
      this.#remember(entry.kind, this.clock() - started);
      const state = /** @type {{ held: number, nextTurn: number }} */ (this.#clients.get(client));
      state.held -= 1;
      if (state.held === 0 && (state.nextTurn <= this.#turn || this.#clients.size > IDLE_CLIENTS_KEPT))
        this.#clients.delete(client);
      this.#next();
    });
  }

  /**
   * Forgets the idle clients whose next turn the turn being served has reached, and the
   * earliest remembered beyond IDLE_CLIENTS_KEPT (a flood of new addresses, each served once).
   */
  #forgetPassed() {
    let excess = this.#clients.size - IDLE_CLIENTS_KEPT;
    for (const [client, state] of this.#clients) {
      if (state.held > 0) continue;
      if (state.nextTurn <= this.#turn || excess > 0) {
        this.#clients.delete(client);
        excess -= 1;
      }
    }
  }

  /** Whether job a goes before job b. @param {Job} a @param {Job} b */
  #before(a, b) {
    if (a.turn !== b.turn) return a.turn < b.turn;
    const slowA = this.#slowKinds.has(a.kind);
    const slowB = this.#slowKinds.has(b.kind);
    if (slowA !== slowB) return slowB;
    return a.arrival < b.arrival;
  }

  /** @param {string} kind @param {number} ms how long a job of this kind just took */
  #remember(kind, ms) {
    if (!kind) return;
    this.#slowKinds.delete(kind);
    if (ms < SLOW_MS) return;
    this.#slowKinds.add(kind);
    if (this.#slowKinds.size > SLOW_KINDS_KEPT) this.#slowKinds.delete(this.#slowKinds.values().next().value ?? '');
  }
}

/** @typedef {{ turn: number, kind: string, arrival: number, start: () => Promise<void> }} Job */

export class QueueFullError extends Error {
  constructor() {
    super('Too many requests are waiting for the database');
    this.name = 'QueueFullError';
  }
}

export class ClientBusyError extends Error {
  /** @param {number} limit */
  constructor(limit) {
    super(`A client may have at most ${limit} requests waiting for the database`);
    this.name = 'ClientBusyError';
    this.limit = limit;
  }
}
