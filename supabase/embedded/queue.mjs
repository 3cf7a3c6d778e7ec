// @ts-check
/**
 * Hands async jobs to the database a few at a time (`atOnce`), taking turns between clients.
 * PGlite is a single connection: it runs the jobs handed to it one after another, each
 * request's transaction finished before the next begins. Handed two, its thread starts the
 * second the moment the first is done, instead of idling while the answer crosses to the
 * server's thread and the next job crosses back. In arrival order, one
 * client's backlog (a burst of heavy reads) would hold every other visitor behind all of it.
 * Each client instead has a line of its own, and the lines take turns (start-time fair
 * queueing, one turn per job): a request waits for at most one job from each other client
 * that is waiting too, plus the ones handed over. Among jobs with the same turn, a kind of job
 * (a statement's text, its values aside) that took long the last time goes after the others:
 * when several new clients send the same heavy read at once, a visitor's page arriving among
 * them waits for one of them, not all.
 *
 * Two bounds keep a flood from piling up in memory: jobs waiting in all (beyond it,
 * QueueFullError), and jobs per client, the running one included (beyond it, ClientBusyError).
 * A client whose statement had to be stopped, which makes every other client wait while the
 * database reopens, is turned away for a while (pause; ClientPausedError), so one client cannot
 * make everyone wait again and again. A job whose request is gone (its signal aborted) before
 * its turn is skipped: its client saw it fail, and a write run after that would be stored
 * twice when the client sends it again.
 */
/** A kind of job that took this long (ms) or longer is served last within its turn. */
const SLOW_MS = 100;
/** Kinds remembered as slow, oldest forgotten first. */
const SLOW_KINDS_KEPT = 256;
/** Idle clients remembered for their next turn; beyond it, the earliest remembered are forgotten. */
const IDLE_CLIENTS_KEPT = 4096;
/** Paused clients remembered; beyond it, the earliest paused are let back in. */
const PAUSED_CLIENTS_KEPT = 4096;
/**
 * How long a client is turned away after statements of its own were stopped: a first stop
 * costs it nothing (a visitor's unlucky search on a slow moment is forgiven), a second within
 * `rememberedMs` costs `firstMs`, and each further one twice the last, up to the longest.
 */
export const STOP_PAUSE = Object.freeze({ firstMs: 5_000, longestMs: 120_000, rememberedMs: 600_000 });

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
  /**
   * Per client whose statements were stopped: when it may send again, the pause it was given,
   * and when its last stop was (on `clock`).
   * @type {Map<string, { until: number, pauseMs: number, at: number }>}
   */
  #paused = new Map();
  #running = false;
  /** The client of each job handed over and not yet finished (at most atOnce). @type {string[]} */
  #handed = [];
  /** Whether the next job waits for the database to be ready (a reopen). */
  #awaitingReady = false;
  /** @type {Promise<void>} */
  #idle = Promise.resolve();
  /** @type {(() => void) | null} */
  #becameIdle = null;

  /**
   * @param {{ maxWaiting: number, maxPerClient: number, atOnce?: number, clock?: () => number, ready?: () => Promise<unknown> | undefined }} options
   *   atOnce: how many jobs may be handed to the database and not yet finished.
   *   ready: while the database cannot be used (it reopens), a promise of when it can. The next
   *   job is chosen, and its time counted, only then: counted from before, a visitor's page that
   *   waited out a reopen would be remembered as slow and sent behind the heavy reads that
   *   caused it.
   */
  constructor({ maxWaiting, maxPerClient, atOnce = 1, clock = () => performance.now(), ready = () => undefined }) {
    this.maxWaiting = maxWaiting;
    this.maxPerClient = maxPerClient;
    this.atOnce = atOnce;
    this.clock = clock;
    this.ready = ready;
  }

  /** Jobs waiting for their turn (not the one running). */
  get waiting() {
    return this.#waiting;
  }

  /**
   * Whether a client other than this one has a job waiting, in the queue or handed over behind
   * this one: a statement that runs long is stopped sooner when someone else is kept from the
   * database by it.
   * @param {string} client
   */
  othersWaiting(client) {
    for (const key of this.#lines.keys()) if (key !== client) return true;
    return this.#handed.some((key) => key !== client);
  }

  /**
   * @template T
   * @param {string} client the client's bucket (see clientBucket)
   * @param {(held: (ms: number) => void) => Promise<T>} job may report, through `held`, each
   *   time it held the database: it is then remembered by what it reported, not by its time
   *   from start to end, which with `atOnce` over 1 includes the wait behind the job before it
   * @param {string} [kind] what sort of job it is (a statement's text): how long the last of
   *   its kind took orders it among jobs of the same turn
   * @param {AbortSignal} [signal] aborted when the request is gone: the job is then skipped if
   *   it has not started, and rejects with RequestGoneError
   * @returns {Promise<T>} rejects with QueueFullError, ClientBusyError or ClientPausedError
   *   when over a bound
   */
  run(client, job, kind = '', signal) {
    const pausedFor = this.pausedFor(client);
    if (pausedFor > 0) return Promise.reject(new ClientPausedError(pausedFor));
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
        signal,
        start: (held) =>
          Promise.resolve()
            .then(() => job(held))
            .then(resolve, reject),
        skip: () => reject(new RequestGoneError()),
      };
      const line = this.#lines.get(client);
      if (line) line.push(entry);
      else this.#lines.set(client, [entry]);
      this.#waiting += 1;
      this.#next();
    });
  }

  /**
   * Charges the client for a statement of its that had to be stopped: after a first stop, its
   * new jobs are turned away for a while (STOP_PAUSE), longer for each stop in a row; jobs
   * already queued keep their turns.
   * @param {string} client
   * @returns {number} how long it is turned away (ms)
   */
  chargeStop(client) {
    const now = this.clock();
    const last = this.#paused.get(client);
    const recent = last !== undefined && now - last.at < STOP_PAUSE.rememberedMs;
    const pauseMs = !recent ? 0 : last.pauseMs ? Math.min(last.pauseMs * 2, STOP_PAUSE.longestMs) : STOP_PAUSE.firstMs;
    this.#paused.delete(client);
    this.#paused.set(client, { until: now + pauseMs, pauseMs, at: now });
    if (this.#paused.size > PAUSED_CLIENTS_KEPT) this.#paused.delete(this.#paused.keys().next().value ?? '');
    return pauseMs;
  }

  /** How long (ms) the client is still turned away; 0 when it is not. @param {string} client */
  pausedFor(client) {
    const paused = this.#paused.get(client);
    if (paused === undefined) return 0;
    const now = this.clock();
    if (now - paused.at >= STOP_PAUSE.rememberedMs) this.#paused.delete(client);
    return Math.max(0, paused.until - now);
  }

  /** Resolves once every job queued so far has finished. */
  drain() {
    return this.#idle;
  }

  /** Hands over the next job, if one waits and the database may take another. */
  #next() {
    if (this.#lines.size === 0) {
      if (this.#handed.length > 0) return;
      // Nobody waits: every remembered client may start afresh at the latest turn handed out.
      for (const state of this.#clients.values()) this.#turn = Math.max(this.#turn, state.nextTurn);
      this.#forgetPassed();
      this.#running = false;
      this.#becameIdle?.();
      this.#becameIdle = null;
      return;
    }
    if (this.#handed.length >= this.atOnce || this.#awaitingReady) return;
    if (!this.#running) {
      this.#running = true;
      this.#idle = new Promise((resolve) => {
        this.#becameIdle = resolve;
      });
    }
    const reopening = this.ready();
    if (!reopening) {
      this.#startFirst();
      return;
    }
    this.#awaitingReady = true;
    reopening
      .catch(() => {})
      .then(() => {
        this.#awaitingReady = false;
        this.#startFirst();
      });
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
    const gone = entry.signal?.aborted ?? false;
    const started = this.clock();
    /** @type {number | null} */
    let reported = null;
    const held = (/** @type {number} */ ms) => {
      reported = (reported ?? 0) + ms;
    };
    this.#handed.push(client);
    (gone ? Promise.resolve(entry.skip()) : entry.start(held)).finally(() => {
      if (!gone) this.#remember(entry.kind, reported ?? this.clock() - started);
      this.#handed.splice(this.#handed.indexOf(client), 1);
      const state = /** @type {{ held: number, nextTurn: number }} */ (this.#clients.get(client));
      state.held -= 1;
      if (state.held === 0 && (state.nextTurn <= this.#turn || this.#clients.size > IDLE_CLIENTS_KEPT))
        this.#clients.delete(client);
      this.#next();
    });
    // The database may take one more.
    this.#next();
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

/**
 * @typedef {{ turn: number, kind: string, arrival: number, signal: AbortSignal | undefined,
 *   start: (held: (ms: number) => void) => Promise<void>, skip: () => void }} Job
 */

export class QueueFullError extends Error {
  constructor() {
    super('Too many requests are waiting for the database');
    this.name = 'QueueFullError';
  }
}

/** The client is turned away for a while: a statement of its own had to be stopped. */
export class ClientPausedError extends Error {
  /** @param {number} ms how long it is still turned away */
  constructor(ms) {
    super(`A statement from this client ran past its deadline; its requests are refused for ${Math.ceil(ms / 1000)} s`);
    this.name = 'ClientPausedError';
    this.retryAfterSeconds = Math.ceil(ms / 1000);
  }
}

/** The request was gone before its turn came, so its job was not run. */
export class RequestGoneError extends Error {
  constructor() {
    super('The request was closed before its turn');
    this.name = 'RequestGoneError';
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
