// @ts-check
// How both backends open and check a request under /rest/v1 before answering it: the embedded
// handler (supabase/embedded/rest.mjs) and the gateway in front of PostgREST
// (supabase/self-hosted/gateway.mjs) call the same functions, so a request is refused alike.
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors.mjs';
import { send, setCorsHeaders } from './http.mjs';

export const REST_PREFIX = '/rest/v1';

/**
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 */

/**
 * How every answer under /rest/v1 begins in both backends, as on Supabase: CORS headers, and the
 * preflight answered.
 * @param {Request} req @param {Response} res
 * @returns {'not ours' | 'answered' | 'ours'} not an API request; answered (a preflight); to answer
 */
export function openApiExchange(req, res) {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname !== REST_PREFIX && !pathname.startsWith(`${REST_PREFIX}/`)) return 'not ours';
  setCorsHeaders(res);
  if ((req.method ?? 'GET').toUpperCase() !== 'OPTIONS') return 'ours';
  send(res, 204, null);
  return 'answered';
}

/** @param {string} key */
export function digest(key) {
  return createHash('sha256').update(key).digest();
}

/**
 * The apikey header (or ?apikey=) must be the configured anonymous key, as Supabase's
 * gateway requires; a bearer token, when sent, must be that same key (there are no users).
 */
/** @param {Request} req @param {URL} url @param {Buffer} expectedKey */
export function checkApiKey(req, url, expectedKey) {
  const given = [req.headers.apikey].flat()[0] ?? url.searchParams.get('apikey');
  if (!given) {
    throw new ApiError(401, 'PGRST302', 'No API key found in request', {
      hint: 'No `apikey` request header or url param was found.',
    });
  }
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  for (const key of bearer === undefined ? [given] : [given, bearer]) {
    if (!timingSafeEqual(digest(key), expectedKey)) {
      throw new ApiError(401, 'PGRST301', 'Invalid API key', {
        hint: 'Double check your Supabase `anon` API key.',
      });
    }
  }
}

/**
 * Whether the request carries this key (as apikey, and as the bearer token when one is sent).
 * @param {Request} req @param {URL} url @param {Buffer} key
 */
export function carriesKey(req, url, key) {
  const given = [req.headers.apikey].flat()[0] ?? url.searchParams.get('apikey');
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return Boolean(given) && [given, bearer ?? given].every((k) => timingSafeEqual(digest(String(k)), key));
}

/**
 * Bodies must be declared JSON, as PostgREST requires. This also keeps other sites' plain
 * HTML forms (which can only send form or text bodies, with no preflight) from posting
 * through visitors' browsers.
 * @param {Request} req
 */
export function checkJsonBody(req) {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError(415, 'PGRST107', `None of these media types are available: ${type || '(none)'}`);
  }
}
