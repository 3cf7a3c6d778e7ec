// @ts-check
// PostgREST-shaped errors: a JSON body { code, message, details, hint } and the HTTP status
// PostgREST would choose (https://docs.postgrest.org/en/stable/references/errors.html).

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {{ details?: string | null, hint?: string | null, retryAfter?: number | null }} [extra]
   *   retryAfter: seconds, sent as Retry-After
   */
  constructor(status, code, message, { details = null, hint = null, retryAfter = null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.retryAfter = retryAfter;
  }

  toJSON() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/**
 * A request PostgREST could not parse (bad select, order, filter, limit …).
 * @param {string} message @param {string | null} [details]
 */
export function parseError(message, details = null) {
  return new ApiError(400, 'PGRST100', message, { details });
}

/**
 * The code of a request refused because its client has too many requests in flight, from the
 * embedded backend's queue and from the gateway in front of PostgREST alike: the rate limit's
 * (its trigger raises PT429, which PostgREST answers with 429), so the pages tell a visitor
 * the same thing whichever of them refused.
 */
export const TOO_MANY_REQUESTS_CODE = 'PT429';

/**
 * A request refused because its client already has as many in flight as it may.
 * @param {string} details the bound, in words
 */
export function clientBusy(details) {
  return new ApiError(429, TOO_MANY_REQUESTS_CODE, 'Too many requests from this client are waiting for the database', {
    details,
    hint: 'Wait for the answers to earlier requests before sending more.',
    // A page's requests are answered in well under this; a second is when to look again.
    retryAfter: 1,
  });
}

/** @param {string} table @param {string} column */
export function unknownColumn(table, column) {
  return new ApiError(400, '42703', `column ${table}.${column} does not exist`);
}

/**
 * The HTTP status PostgREST answers for a Postgres error code, for an anonymous request.
 * @param {string | undefined} sqlState
 */
export function statusForSqlState(sqlState) {
  if (!sqlState) return 500;
  // RAISE ... USING ERRCODE = 'PT429' chooses the HTTP status itself.
  if (/^PT\d{3}$/.test(sqlState)) return Number(sqlState.slice(2));
  const exact = {
    23503: 409,
    23505: 409,
    25006: 405,
    42883: 404,
    '42P01': 404,
    '42P17': 500,
    // Insufficient privilege: 403 once a user is signed in, 401 for the anonymous role.
    42501: 401,
    P0001: 400,
  };
  if (sqlState in exact) return exact[/** @type {keyof typeof exact} */ (sqlState)];
  const byClass = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    25: 500,
    28: 403,
    '2D': 500,
    38: 500,
    39: 500,
    '3B': 500,
    40: 500,
    53: 503,
    54: 500,
    55: 500,
    57: 500,
    58: 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  const prefix = sqlState.slice(0, 2);
  if (prefix in byClass) return byClass[/** @type {keyof typeof byClass} */ (prefix)];
  return 400;
}

/**
 * Turns anything thrown while answering into an ApiError.
 * @param {unknown} error
 * @param {string} method the request's method: supabase-js retries GET and HEAD on 503,
 *   so those never get one (a retry storm would only deepen whatever caused it)
 * @param {string} [path] the request's path, without its query (which holds visitor text)
 */
export function toApiError(error, method, path = '') {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.name === 'QueueFullError') {
    // PostgREST's answer when no database connection frees up in time.
    return new ApiError(504, 'PGRST003', 'Timed out acquiring connection from connection pool.');
  }
  const pg = /** @type {{ code?: string, message?: string, detail?: string, hint?: string, severity?: string }} */ (
    error
  );
  if (pg && typeof pg.code === 'string' && pg.severity) {
    let status = statusForSqlState(pg.code);
    if (status === 503 && (method === 'GET' || method === 'HEAD')) status = 500;
    if (status >= 500) {
      // The database's own trouble (damaged data XX, input/output 58, a full disk 53 …): the
      // server's log gets Postgres's words, which can name files in DATA_DIR; the visitor gets
      // the code and a sentence without them.
      console.error(`[community backend] ${method} ${path}: database error ${pg.code}: ${pg.message}`);
      return new ApiError(status, pg.code, 'Internal error in the embedded backend');
    }
    return new ApiError(status, pg.code, pg.message ?? 'Database error', {
      details: pg.detail ?? null,
      hint: pg.hint ?? null,
    });
  }
  if (isClientGone(error)) {
    // The client hung up mid-request (an aborted upload): nobody will read the answer, and a
    // stack trace per dropped connection would bury the log.
    console.warn(
      `[community backend] ${method} request abandoned by the client (${/** @type {Error} */ (error).message})`,
    );
    return new ApiError(400, 'PGRST102', 'The request was abandoned by the client');
  }
  console.error('[community backend]', error);
  return new ApiError(500, 'XX000', 'Internal error in the embedded backend');
}

/** @param {unknown} error */
function isClientGone(error) {
  const { code, message } = /** @type {{ code?: string, message?: string }} */ (error ?? {});
  const { name } = /** @type {{ name?: string }} */ (error ?? {});
  return (
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    message === 'aborted' ||
    name === 'RequestGoneError'
  );
}
