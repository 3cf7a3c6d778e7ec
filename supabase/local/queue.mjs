// @ts-check
/**
 * Runs async jobs one at a time, in arrival order. PGlite is a single connection, so every
 * request's transaction must finish before the next begins; a bound on waiting jobs keeps a
 * flood of requests from piling up in memory.
 */
export class SerialQueue {
  #tail = Promise.resolve();
  #waiting = 0;

  /** @param {number} maxWaiting */
  constructor(maxWaiting) {
    this.maxWaiting = maxWaiting;
  }

  get waiting() {
    return this.#waiting;
  }

  /**
   * @template T
   * @param {() => Promise<T>} job
   * @returns {Promise<T>} rejects with QueueFullError when too many jobs are waiting
   */
  run(job) {
    if (this.#waiting >= this.maxWaiting) return Promise.reject(new QueueFullError());
    this.#waiting += 1;
    const result = this.#tail.then(job);
    const done = () => {
      this.#waiting -= 1;
    };
    this.#tail = result.then(done, done);
    return result;
  }

  /** Resolves once every job queued so far has finished. */
  drain() {
    return this.#tail;
  }
}

export class QueueFullError extends Error {
  constructor() {
    super('Too many requests are waiting for the database');
    this.name = 'QueueFullError';
  }
}
