// @ts-check
// Answers the PostgREST requests supabase-js sends, under /rest/v1/<table>. Each request is
// one transaction run as the `anon` role with the request headers set, exactly as PostgREST
// does, so the grants, CHECK constraints, row policies and the rate-limit trigger in
// supabase/migrations decide what is allowed; this file only translates.
import {
  carriesKey,
  checkApiKey,
  checkJsonBody,
  digest,
  openApiExchange,
  REST_PREFIX,
} from '../gateway/api-checks.mjs';
import { requestClient } from '../gateway/client-bucket.mjs';
import { StatementTimeoutError } from './database-thread.mjs';
import { ApiError, clientBusy, toApiError, TOO_MANY_REQUESTS_CODE } from '../gateway/errors.mjs';
import { forwardedFor, readBody, send, sendError } from '../gateway/http.mjs';
import { parseQuery } from '../gateway/query-params.mjs';
import { ClientBusyError, ClientPausedError } from './queue.mjs';
import { SEARCH_KEYS, checkInsertRows, checkQueryLimits, checkStatementSize } from '../gateway/request-limits.mjs';
import { EXPOSED_SCHEMA } from './schema-cache.mjs';
import { buildDelete, buildInsert, buildRead, buildUpdate } from './sql.mjs';

/**
 * @typedef {object} RestOptions
 * @property {Pick<import('./database-thread.mjs').DatabaseThread, 'pipeline'>} database
 * @property {import('./schema-cache.mjs').SchemaCache} schema
 * @property {import('./queue.mjs').FairQueue} queue
 * @property {string} anonKey
 * @property {string} [serviceKey] the owner's key: requests carrying it run as `service_role`
 * @property {number} maxRows
 * @property {number} [trustProxy] proxies in front whose X-Forwarded-For entries are believed
 */

/**
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 * @typedef {import('./schema-cache.mjs').Table} Table
 * @typedef {import('../gateway/query-params.mjs').ParsedQuery} ParsedQuery
 * @typedef {ReturnType<typeof parsePrefer>} Prefer
 * @typedef {{ req: Request, res: Response, method: string, table: Table, query: ParsedQuery, prefer: Prefer }} Exchange
 */

/** @param {RestOptions} options */
export function createRestHandler({ database, schema, queue, anonKey, serviceKey, maxRows, trustProxy = 0 }) {
  const expectedKey = digest(anonKey);
  const ownerKey = serviceKey ? digest(serviceKey) : null;
  /** The role each request runs as, decided by its key. @type {WeakMap<Request, string>} */
  const roles = new WeakMap();

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  return async function handle(req, res) {
    const exchange = openApiExchange(req, res);
    if (exchange !== 'ours') return exchange === 'answered';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    try {
      if (ownerKey && carriesKey(req, url, ownerKey)) roles.set(req, 'service_role');
      else checkApiKey(req, url, expectedKey);
      checkProfile(req, method);
      const table = findTable(schema, url.pathname);
      const query = parseQuery(url.searchParams);
      checkQueryLimits(query, table.name);
      const prefer = parsePrefer(req.headers.prefer);
      if (method === 'GET' || method === 'HEAD') {
        await answerRead({ req, res, method, table, query, prefer });
      } else if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
        await answerWrite({ req, res, method, table, query, prefer });
      } else {
        throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      }
    } catch (error) {
      if (!res.headersSent) sendError(res, toApiError(schedulingError(error), method, url.pathname), method === 'HEAD');
    }
    return true;
  };

  /**
   * Runs one statement as `anon` in its own transaction, in the client's turn (FairQueue): the
   * request's settings and the statement go to the database together (runInOneTransaction).
   * @param {Request} req @param {string} method @param {import('./sql.mjs').Statement} statement
   * @param {string} relation
   * @returns {Promise<{ total: number | null, count: number, body: string | null }>}
   */
  function execute(req, method, statement, relation) {
    checkStatementSize(statement);
    const settings = requestSettings({
      headers: JSON.stringify(requestHeaders(req, trustProxy)),
      method,
      path: new URL(req.url ?? '/', 'http://localhost').pathname,
      role: roles.get(req) ?? 'anon',
      relation,
    });
    const plan = /** @type {{ plan?: import('./sql.mjs').CountPlan }} */ (statement).plan;
    const client = requestClient(req, trustProxy);
    /**
     * @param {import('./pipeline.mjs').Statement[]} statements
     * @param {(ms: number) => void} held
     */
    const run = (statements, held) =>
      database.pipeline(statements, { contended: () => queue.othersWaiting(client), client, held }).catch((error) => {
        // Every client waits while the database reopens: one sending such reads back to back
        // would make the site wait again and again.
        if (error instanceof StatementTimeoutError) queue.chargeStop(client);
        throw error;
      });
    return whileWaiting(req, (signal) =>
      queue.run(
        client,
        async (held) => {
          const [, [row], explained] = await run(
            plan ? [settings, statement, { text: plan.text, params: plan.params }] : [settings, statement],
            held,
          );
          const [total, pageTotal, body] = row;
          return {
            total: plan
              ? await countWithPlan(explained, plan, (exact) => run([settings, exact], held))
              : total === null
                ? null
                : Number(total),
            count: Number(pageTotal),
            body,
          };
        },
        statement.text,
        signal,
      ),
    );
  }

  /** @param {Exchange} exchange */
  async function answerRead({ req, res, method, table, query, prefer }) {
    const range = requestedRange(req, query, maxRows);
    const wantsObject = acceptsSingleObject(req);
    const result = await execute(
      req,
      method,
      buildRead(table, query, { ...range, count: prefer.count, exactUpTo: maxRows }),
      table.name,
    );
    const { status, contentRange } = rangeStatus(range.offset, result.count, result.total);
    if (status === 416) {
      // PostgREST tells the client the total it ran past.
      res.setHeader('Content-Range', contentRange);
      throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', {
        details: `An offset of ${range.offset} was requested, but there are only ${result.total} rows.`,
      });
    }
    /** @type {Record<string, string>} */
    const headers = { 'Content-Range': contentRange };
    if (wantsObject) headers['Content-Type'] = 'application/vnd.pgrst.object+json; charset=utf-8';
    send(res, wantsObject ? 200 : status, wantsObject ? singleObject(result) : result.body, headers, method === 'HEAD');
  }

  /** @param {Exchange} exchange */
  async function answerWrite({ req, res, method, table, query, prefer }) {
    if (method !== 'DELETE') checkJsonBody(req);
    const body = method === 'DELETE' ? null : parseJson(await readBody(req));
    const representation = prefer.return === 'representation';
    let statement;
    if (method === 'POST') {
      const rows = Array.isArray(body) ? body : [body];
      if (rows.length === 0) {
        send(res, 201, representation ? '[]' : null, { 'Content-Range': `*/${prefer.count ? 0 : '*'}` });
        return;
      }
      if (!rows.every(isPlainObject)) throw new ApiError(400, 'PGRST102', 'All rows must be JSON objects');
      checkInsertRows(rows.length);
      statement = {
        ...buildInsert(table, query, rows, {
          representation,
          missingDefault: prefer.missing === 'default',
          resolution: prefer.resolution,
        }),
        // The same few inserts again and again, each with a plan that does not depend on the values.
        prepare: rows.length === 1,
      };
    } else if (method === 'PATCH') {
      if (!isPlainObject(body)) throw new ApiError(400, 'PGRST102', 'The body of a PATCH must be a JSON object');
      statement = buildUpdate(table, query, body, { representation });
    } else {
      statement = buildDelete(table, query, { representation });
    }
    const result = await execute(req, method, statement, table.name);
    // As PostgREST: an insert reports no range, an update or delete the rows it touched.
    const touched = method === 'POST' || result.count === 0 ? '*' : `0-${result.count - 1}`;
    const headers = { 'Content-Range': `${touched}/${prefer.count ? result.count : '*'}` };
    if (method === 'POST') send(res, 201, representation ? result.body : null, headers);
    else send(res, representation ? 200 : 204, representation ? result.body : null, headers);
  }
}

/**
 * Runs `wait` (a request's turn at the database and its statements) with the connection's idle
 * deadline suspended, since a request waiting for its turn is not an idle client, and with a
 * signal that aborts once the client has gone, so a job whose answer nobody can receive is
 * skipped rather than run.
 * @template T
 * @param {Request} req @param {(signal: AbortSignal) => Promise<T>} wait
 * @returns {Promise<T>}
 */
async function whileWaiting(req, wait) {
  const { socket } = req;
  const gone = new AbortController();
  const abort = () => gone.abort();
  socket.once('close', abort);
  const idleMs = socket.timeout ?? 0;
  if (idleMs) socket.setTimeout(0);
  try {
    return await wait(gone.signal);
  } finally {
    socket.off('close', abort);
    if (idleMs && !socket.destroyed) socket.setTimeout(idleMs);
  }
}

/**
 * count=planned: the planner's estimate of the rows a read matches. count=estimated: that
 * estimate when it is above the threshold, else the exact count (itself capped one row past
 * the threshold, so a wrong estimate never turns into a full scan). The exact count runs only
 * when needed, in a transaction of its own: the queue lets no other request in between.
 * @param {import('./pipeline.mjs').Row[]} explained the plan's rows
 * @param {import('./sql.mjs').CountPlan} plan
 * @param {(exact: import('./pipeline.mjs').Statement) => Promise<import('./pipeline.mjs').Row[][]>} run
 */
async function countWithPlan(explained, plan, run) {
  const tree = JSON.parse(String(explained[0][0]));
  const planned = Math.max(0, Math.round(Number(tree[0].Plan['Plan Rows'])));
  if (planned > plan.exactUpTo) return planned;
  const [, [[counted]]] = await run({ text: plan.exact, params: plan.params });
  const exact = Number(counted);
  return exact > plan.exactUpTo ? Math.max(planned, exact) : exact;
}

/**
 * The queue's and the deadline's refusals as PostgREST-shaped answers; anything else as it is.
 * A stopped statement is answered as PostgREST answers statement_timeout (500, 57014): not a
 * 503, which supabase-js would retry, running the same statement again.
 * @param {unknown} error
 */
function schedulingError(error) {
  if (error instanceof ClientBusyError) return clientBusy(error.message);
  if (error instanceof ClientPausedError) {
    return new ApiError(429, TOO_MANY_REQUESTS_CODE, 'Requests from this client are paused', {
      details: error.message,
      hint: 'Send lighter requests: narrower filters, shorter patterns.',
      retryAfter: error.retryAfterSeconds,
    });
  }
  if (error instanceof StatementTimeoutError) return new ApiError(500, error.code, error.message);
  return error;
}

/** Only the public schema is exposed (Accept-Profile / Content-Profile). */
/** @param {Request} req @param {string} method */
function checkProfile(req, method) {
  const header = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = req.headers[header];
  if (profile !== undefined && profile !== EXPOSED_SCHEMA) {
    throw new ApiError(406, 'PGRST106', `The schema must be one of the following: ${EXPOSED_SCHEMA}`);
  }
}

/**
 * What a request's statement runs under, as PostgREST sets it: the role, the claims and the
 * request's headers, method and path. A relation with a search key (SEARCH_KEYS) is read
 * through bitmap scans only (sequential and plain index scans disabled): its key's index answers
 * every filter on it without a recheck, where a scan computes the key for every row it reads,
 * and the planner, which counts a recheck for every row a bitmap hands over, cannot see that.
 * @param {{ headers: string, method: string, path: string, role: string, relation: string }} request
 * @returns {import('./pipeline.mjs').Statement}
 */
export function requestSettings({ headers, method, path, role, relation }) {
  return {
    text: `select set_config('role', $4, true),
                  set_config('request.jwt.claims', json_build_object('role', $4::text)::text, true),
                  set_config('request.headers', $1, true),
                  set_config('request.method', $2, true),
                  set_config('request.path', $3, true),
                  set_config('enable_seqscan', $5, true),
                  set_config('enable_indexscan', $5, true)`,
    params: [headers, method, path, role, relation in SEARCH_KEYS ? 'off' : 'on'],
    prepare: true,
  };
}

/** @param {import('./schema-cache.mjs').SchemaCache} schema @param {string} pathname */
function findTable(schema, pathname) {
  const rest = pathname.slice(REST_PREFIX.length + 1);
  let name;
  try {
    name = decodeURIComponent(rest);
  } catch {
    name = rest;
  }
  const table = name.includes('/') ? undefined : schema.get(name);
  if (!table) {
    if (name.startsWith('rpc/')) {
      throw new ApiError(
        404,
        'PGRST202',
        `Could not find the function ${EXPOSED_SCHEMA}.${name.slice(4)} in the schema cache`,
      );
    }
    throw new ApiError(404, 'PGRST205', `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`);
  }
  return table;
}

/**
 * Prefer: return=…, count=…, missing=…, resolution=… (comma- or repeated-header-separated).
 * @param {string | string[] | undefined} header
 */
export function parsePrefer(header) {
  const prefer = {
    return: 'minimal',
    /** @type {false | 'exact' | 'planned' | 'estimated'} */
    count: false,
    missing: 'null',
    /** @type {'merge' | 'ignore' | null} */
    resolution: null,
  };
  for (const item of [header].flat().join(',').split(',')) {
    const [key, value] = item.trim().split('=');
    if (key === 'return' && (value === 'representation' || value === 'minimal' || value === 'headers-only')) {
      prefer.return = value;
    } else if (key === 'count' && ['exact', 'planned', 'estimated'].includes(value)) {
      prefer.count = /** @type {'exact' | 'planned' | 'estimated'} */ (value);
    } else if (key === 'missing' && value === 'default') {
      prefer.missing = 'default';
    } else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
      prefer.resolution = value === 'merge-duplicates' ? 'merge' : 'ignore';
    }
  }
  return prefer;
}

/**
 * limit/offset from the query (what supabase-js sends) or a Range header (older clients),
 * capped at max_rows like PostgREST's db-max-rows.
 */
/** @param {Request} req @param {ParsedQuery} query @param {number} maxRows */
function requestedRange(req, query, maxRows) {
  let limit = query.limit;
  let offset = query.offset;
  const range = /^(\d{1,18})-(\d{1,18})?$/.exec(String(req.headers.range ?? '').trim());
  if (range && limit === null) {
    offset = BigInt(range[1]);
    if (range[2] !== undefined) {
      const last = BigInt(range[2]);
      if (last < offset) throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable');
      limit = last - offset + 1n;
    }
  }
  const cap = BigInt(maxRows);
  return { limit: limit === null || limit > cap ? cap : limit, offset };
}

/**
 * PostgREST's status for a read: 416 past the end, 206 for part of a counted set, else 200.
 * @param {bigint} offset @param {number} count rows returned @param {number | null} total
 */
export function rangeStatus(offset, count, total) {
  const first = Number(offset);
  const contentRange = `${count === 0 ? '*' : `${first}-${first + count - 1}`}/${total ?? '*'}`;
  if (total === null) return { status: 200, contentRange };
  if (first > total) return { status: 416, contentRange: `*/${total}` };
  return { status: count < total ? 206 : 200, contentRange };
}

/** `.single()` asks for one object; anything but exactly one row is an error. */
/** @param {Request} req */
function acceptsSingleObject(req) {
  return /application\/vnd\.pgrst\.object\+json/.test(String(req.headers.accept ?? ''));
}

/** @param {{ count: number, body: string | null }} result */
function singleObject(result) {
  if (result.count !== 1) {
    throw new ApiError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', {
      details: `The result contains ${result.count} rows`,
    });
  }
  return JSON.stringify(JSON.parse(result.body ?? '[]')[0]);
}

/** @param {string} text */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The headers PostgREST puts in `request.headers` (lower-case names), with the client
 * address the rate limit reads. Cookies are left out: nothing in the database needs them.
 */
/** @param {Request} req @param {number} trustProxy */
function requestHeaders(req, trustProxy) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === 'cookie' || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers['x-forwarded-for'] = forwardedFor(req, trustProxy);
  return headers;
}
