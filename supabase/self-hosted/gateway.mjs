// @ts-check
// What stands between visitors and PostgREST, as Supabase's API gateway stands in front of a
// hosted project's: /rest/v1 on the site's origin, CORS, the anon key required (and taken off
// the request), the client's address in X-Forwarded-For; with `limits`, also the embedded
// backend's bounds on one request's work (supabase/gateway/request-limits.mjs) and its refusals
// of bodies that are not JSON or too large, so both modes take the same requests. Like the
// embedded backend, it gzips a large answer for a client that accepts it, and refuses a client
// more requests at once than its share of the database.
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
 * PostgREST at once; beyond it, 429. Each holds one of PostgREST's pooled connections (10,
 * postgrest.mjs) until it is answered, so without a bound one client's burst of slow reads
 * held them all and every other visitor waited. A page sends two at once (its list and
 * community_totals) and then reads ahead, and the registry searches at every keystroke
 * without waiting for the last answer: this leaves a visitor room for that, while one client
 * at its bound still leaves four connections, two pages' worth, to everyone else.
 */
export const MAX_REQUESTS_PER_CLIENT = 6;
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
  /** Requests at PostgREST per client, for those with any. @type {Map<string, number>} */
  const inFlight = new Map();
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
      const held = inFlight.get(client) ?? 0;
      if (held >= MAX_REQUESTS_PER_CLIENT)
        throw clientBusy(`A client may have at most ${MAX_REQUESTS_PER_CLIENT} requests in flight`);
      inFlight.set(client, held + 1);
      try {
        await forward(req, res, url, body);
      } finally {
        const left = (inFlight.get(client) ?? 1) - 1;
        if (left > 0) inFlight.set(client, left);
        else inFlight.delete(client);
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
