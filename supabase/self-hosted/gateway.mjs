// @ts-check
// What stands between visitors and PostgREST, as Supabase's API gateway stands in front of a
// hosted project's: /rest/v1 on the site's origin, CORS, the anon key required (and taken off
// the request), the client's address in X-Forwarded-For; with `limits`, also the embedded
// backend's bounds on one request's work (supabase/gateway/request-limits.mjs) and its refusals
// of bodies that are not JSON or too large, so both modes take the same requests. Like the
// embedded backend, it gzips a large answer for a client that accepts it, lets a client have only
// its share of PostgREST's connections at once (its further requests wait their turn), and
// refuses a client's 17th request in flight, as the embedded backend does.
import { request } from 'node:http';
import { requestClient } from '../gateway/client-bucket.mjs';
import { ApiError, clientBusy, toApiError } from '../gateway/errors.mjs';
import { forwardedFor, gzippedIfWorthIt, readBody, sendError } from '../gateway/http.mjs';
import { parseQuery } from '../gateway/query-params.mjs';
import { checkInsertRows, checkQueryLimits } from '../gateway/request-limits.mjs';
import {
  carriesKey,
  checkApiKey,
  checkJsonBody,
  digest,
  openApiExchange,
  REST_PREFIX,
} from '../gateway/api-checks.mjs';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
/**
 * Requests one client (an IPv4 address, an IPv6 /64: the rate limit's bucket) may have at
 * PostgREST at once. Each holds one of PostgREST's pooled connections (10, postgrest.mjs) until
 * it is answered, so without a bound one client's burst of slow reads held them all and every
 * other visitor waited. One client at its bound still leaves four connections, two pages' worth
 * (a page sends two at once: its list and community_totals), to everyone else.
 */
export const MAX_AT_POSTGREST_PER_CLIENT = 6;
/**
 * Requests one client may have in flight here, those waiting for one of its own to be answered
 * included; beyond it, 429, as the embedded backend answers its 17th. The waiting ones hold no
 * connection at PostgREST and delay nobody but their client. One address is often several
 * visitors (a household, an office, a phone carrier's shared address): two pages loading, each
 * reading ahead, with the registry searching at every keystroke without waiting for the last
 * answer, pass six at once; refused, the page shows its list as unreachable.
 */
export const MAX_REQUESTS_PER_CLIENT = 16;
/** Headers that belong to one connection, or that the gateway sets itself. */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
  'host',
  'content-length',
  'cookie',
  'apikey',
  'x-forwarded-for',
]);

/**
 * @typedef {object} GatewayOptions
 * @property {{ socketPath?: string, host?: string, port?: number }} target where PostgREST listens
 * @property {string} anonKey the key visitors' requests must carry
 * @property {string} [serviceKey] a service_role key also let through, as Supabase's gateway lets
 *   the project's own through (the tests' moderation calls); PostgREST checks its signature
 * @property {number} [trustProxy] proxies in front whose X-Forwarded-For entries are believed
 * @property {boolean} [limits] apply the embedded backend's request limits (default true)
 */

/**
 * @param {GatewayOptions} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>}
 *   answers requests under /rest/v1 and returns true; returns false for anything else
 */
export function createGateway({ target, anonKey, serviceKey, trustProxy = 0, limits = true }) {
  const expectedKey = digest(anonKey);
  const ownerKey = serviceKey ? digest(serviceKey) : null;
  const clients = clientTurns();
  return async function handle(req, res) {
    const exchange = openApiExchange(req, res);
    if (exchange !== 'ours') return exchange === 'answered';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    try {
      if (!(ownerKey && carriesKey(req, url, ownerKey))) checkApiKey(req, url, expectedKey);
      /** @type {Buffer | null} */
      let body = null;
      if (limits) {
        if (!METHODS.has(method)) throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
        checkQueryLimits(parseQuery(url.searchParams), url.pathname.slice(`${REST_PREFIX}/`.length));
        if (method === 'POST' || method === 'PATCH') {
          checkJsonBody(req);
          const text = await readBody(req);
          if (method === 'POST') checkInsertRows(rowCount(text));
          body = Buffer.from(text, 'utf8');
        }
      }
      const client = requestClient(req, trustProxy);
      if (!(await clients.turn(client, res))) return true;
      try {
        await forward(req, res, url, body);
      } finally {
        clients.done(client);
      }
    } catch (error) {
      if (!res.headersSent) sendError(res, toApiError(error, method), method === 'HEAD');
      else res.destroy();
    }
    return true;
  };

  /**
   * Sends the request on to PostgREST without the /rest/v1 prefix and the key, and its
   * answer back with the gateway's CORS headers. Settles once PostgREST is done with it: a
   * request whose client hangs up after sending it whole still runs there, and still counts
   * against the client until it ends.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
   * @param {URL} url @param {Buffer | null} body the body already read, or null to stream it
   */
  function forward(req, res, url, body) {
    url.searchParams.delete('apikey');
    const search = url.searchParams.size > 0 ? `?${url.searchParams}` : '';
    /** @type {Record<string, string | string[]>} */
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
    }
    headers['x-forwarded-for'] = forwardedFor(req, trustProxy);
    if (body) headers['content-length'] = String(body.length);
    else if (req.headers['content-length']) headers['content-length'] = req.headers['content-length'];
    else if (req.headers['transfer-encoding']) headers['transfer-encoding'] = 'chunked';
    return new Promise((resolve, reject) => {
      const upstream = request(
        { ...target, method: req.method, path: `${url.pathname.slice(REST_PREFIX.length) || '/'}${search}`, headers },
        (answer) => {
          if (res.destroyed) {
            answer.resume();
            answer.once('end', () => resolve(undefined));
            answer.once('error', reject);
            return;
          }
          res.statusCode = answer.statusCode ?? 502;
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value === undefined || NOT_FORWARDED.has(name) || name.startsWith('access-control-')) continue;
            res.setHeader(name, value);
          }
          res.setHeader('X-Content-Type-Options', 'nosniff');
          // Answers are a bounded page of JSON: read whole, so the gzip rule is the stand-in's.
          /** @type {Buffer[]} */
          const chunks = [];
          answer.on('data', (chunk) => chunks.push(chunk));
          answer.once('end', () => {
            const bytes = gzippedIfWorthIt(res, Buffer.concat(chunks));
            if (req.method === 'HEAD') {
              if (answer.headers['content-length']) res.setHeader('content-length', answer.headers['content-length']);
              res.end();
            } else {
              res.setHeader('content-length', bytes.length);
              res.end(bytes);
            }
            resolve(undefined);
          });
          answer.once('error', reject);
        },
      );
      const notAnswering = () =>
        reject(new ApiError(502, 'PGRST000', 'The API server is not answering', { hint: 'Try again in a moment.' }));
      upstream.once('error', notAnswering);
      // Closed before a whole answer came (after one, this settles nothing).
      upstream.once('close', notAnswering);
      // A request still arriving cannot have begun at PostgREST: it is stopped there. One sent
      // whole is left to finish, which is what it costs the database either way.
      res.once('close', () => {
        if (!req.complete) upstream.destroy();
      });
      if (body) upstream.end(body);
      else req.pipe(upstream);
    });
  }
}

/** Rows in an insert's body; a body that is not JSON is left for PostgREST to refuse. @param {string} text */
function rowCount(text) {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.length : 1;
  } catch {
    return 1;
  }
}

/**
 * Each client's requests at PostgREST (at most MAX_AT_POSTGREST_PER_CLIENT) and the line of
 * those waiting for one of them to end, first come first served; a client is forgotten once it
 * has none.
 */
function clientTurns() {
  /** @type {Map<string, { atPostgrest: number, waiting: Array<() => void> }>} */
  const clients = new Map();
  return {
    /**
     * Resolves true once the request may go on to PostgREST, false if its client hung up while
     * it waited (it is then answered by nobody); throws clientBusy beyond the client's share.
     * @param {string} client @param {import('node:http').ServerResponse} res
     * @returns {Promise<boolean>}
     */
    async turn(client, res) {
      const state = clients.get(client) ?? { atPostgrest: 0, waiting: [] };
      if (state.atPostgrest < MAX_AT_POSTGREST_PER_CLIENT) {
        state.atPostgrest += 1;
        clients.set(client, state);
        return true;
      }
      if (state.atPostgrest + state.waiting.length >= MAX_REQUESTS_PER_CLIENT)
        throw clientBusy(`A client may have at most ${MAX_REQUESTS_PER_CLIENT} requests in flight`);
      return new Promise((resolve) => {
        const go = () => {
          res.off('close', gone);
          resolve(true);
        };
        const gone = () => {
          state.waiting.splice(state.waiting.indexOf(go), 1);
          resolve(false);
        };
        state.waiting.push(go);
        res.once('close', gone);
      });
    },
    /** One of the client's requests at PostgREST has ended: the next in its line takes its place. @param {string} client */
    done(client) {
      const state = clients.get(client);
      if (!state) return;
      const next = state.waiting.shift();
      if (next) return next();
      state.atPostgrest -= 1;
      if (state.atPostgrest === 0) clients.delete(client);
    },
  };
}
