// @ts-check
// HTTP plumbing for the REST handler: CORS, request bodies with a size limit, JSON replies.
import { gzipSync } from 'node:zlib';
import { ApiError } from './errors.mjs';

export const BODY_LIMIT_BYTES = 64 * 1024;
/** Replies larger than this are gzipped for a client that accepts it; smaller ones gain nothing. */
export const GZIP_FROM_BYTES = 1024;

/** The request's client takes gzipped answers. @param {import('node:http').IncomingMessage} req */
export const acceptsGzip = (req) => /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
/** The request's client takes Brotli answers. @param {import('node:http').IncomingMessage} req */
export const acceptsBrotli = (req) => /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
/**
 * The request's client takes zstd answers compressed against a dictionary it holds ("dcz",
 * server/page-dictionaries.mjs). @param {import('node:http').IncomingMessage} req
 */
export const acceptsDictionaryZstd = (req) => /\bdcz\b/.test(req.headers['accept-encoding'] ?? '');

const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'prefer',
  'range',
  'range-unit',
  'accept',
  'accept-profile',
  'content-profile',
  'x-client-info',
  'x-retry-count',
].join(', ');

/**
 * Any origin may call the API with the public key, as with Supabase itself: the dev server,
 * a preview on another port, or a deployed page reading a local backend.
 * @param {import('node:http').ServerResponse} res
 */
export function setCorsHeaders(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PATCH, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range, Range, Location');
  res.setHeader('Access-Control-Max-Age', '86400');
}

/**
 * The request body as text, refusing more than BODY_LIMIT_BYTES (413) before reading it all.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<string>}
 */
export function readBody(req) {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > BODY_LIMIT_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk) => {
      if (failed) return;
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
    });
  });
}

function tooLarge() {
  return new ApiError(413, 'PGRST413', 'Payload Too Large', {
    details: `The request body is larger than ${BODY_LIMIT_BYTES} bytes.`,
  });
}

/**
 * A reply's bytes as they go out: gzipped when large and the client accepts it, as Supabase's
 * gateway sends them (a page of rows is mostly repeated keys: a page of ideas reaches a phone
 * on a slow network in a fraction of the time). Sets Vary and Content-Encoding to match.
 * @param {import('node:http').ServerResponse} res @param {Buffer} bytes
 */
export function gzippedIfWorthIt(res, bytes) {
  if (bytes.length <= GZIP_FROM_BYTES) return bytes;
  res.setHeader('Vary', 'Accept-Encoding');
  if (!acceptsGzip(res.req)) return bytes;
  res.setHeader('Content-Encoding', 'gzip');
  return gzipSync(bytes);
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string | null} body JSON text, or null for no body
 * @param {Record<string, string>} [headers]
 * @param {boolean} [head] HEAD: headers only
 */
export function send(res, status, body, headers = {}, head = false) {
  res.statusCode = status;
  // JSON is only ever JSON: no browser may guess otherwise from a visitor's text in it.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (body === null) {
    res.end();
    return;
  }
  /** @type {Buffer} */
  let bytes = Buffer.from(body, 'utf8');
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // A HEAD answer's headers are PostgREST's: the length of the body a GET would bring, unzipped.
  if (!head) bytes = gzippedIfWorthIt(res, bytes);
  res.setHeader('Content-Length', bytes.length);
  res.end(head ? undefined : bytes);
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {ApiError} error
 * @param {boolean} head
 */
export function sendError(res, error, head = false) {
  // After a refused body the rest of it is not read: close the connection instead.
  /** @type {Record<string, string>} */
  const headers = error.status === 413 ? { Connection: 'close' } : {};
  if (error.retryAfter) headers['Retry-After'] = String(error.retryAfter);
  send(res, error.status, JSON.stringify(error), headers, head);
}

/**
 * The client's address as the database should see it: the last entry of `x-forwarded-for`,
 * as PostgREST would find it behind Supabase's own proxy.
 *
 * With no trusted proxy (the default) the client is the socket's peer, wherever it is: a
 * header sent by the peer is its own claim, kept in front but never used. Trusting a loopback
 * peer's header by default let anything on the same machine, or anything a same-host proxy
 * passed through unchanged, pick its own address. `trustProxy` is how many proxies the
 * operator put in front of this server (TRUST_PROXY): the entry that many places from the
 * right of their header is the client, and entries to its right are dropped. A request with
 * fewer entries did not come through them, so its peer is the client.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} [trustProxy]
 */
export function forwardedFor(req, trustProxy = 0) {
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const claimed = [req.headers['x-forwarded-for']]
    .flat()
    .flatMap((value) => (value ?? '').split(','))
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (trustProxy > 0 && claimed.length >= trustProxy)
    return claimed.slice(0, claimed.length - trustProxy + 1).join(', ');
  return [...claimed, peer].join(', ');
}
