// The HTTP server `npm start` runs (scripts/serve.mjs): deadlines for slow clients, caps on
// connections, and its own answers to what no handler can serve. Node's defaults give a client
// 300 s to send a request and allow any number of connections, so a few thousand sockets
// dripping their headers or bodies could hold memory and file descriptors indefinitely. Nothing
// this site sends needs more than a fraction of these: its largest request is a 64 KB body.
import { createServer, STATUS_CODES } from 'node:http';

/**
 * @typedef {{ headersMs: number, requestMs: number, idleMs: number, maxConnections: number,
 *   maxConnectionsPerPeer: number }} Limits
 * @typedef {Partial<Limits> & { headers?: Record<string, string> }} ServerOptions
 *   limits (the rest from SERVER_LIMITS), and the headers the server's own answers carry
 */

/** @type {Readonly<Limits>} */
export const SERVER_LIMITS = Object.freeze({
  /** To receive a request's headers, counted from the connection for its first request. */
  headersMs: 10_000,
  /** To receive a whole request, headers and body. */
  requestMs: 30_000,
  /** Of silence on a connection, in either direction, before it is closed. */
  idleMs: 30_000,
  /** Open connections; more are closed as soon as they arrive. */
  maxConnections: 512,
  /**
   * Open connections from one address (one /64 for IPv6): one client's share, so that it
   * cannot hold every connection and keep everyone else out.
   */
  maxConnectionsPerPeer: 32,
});

/**
 * A server that answers, before `handler` runs, a request whose target no URL parser can read
 * (400), a malformed or oversized head (400, 431, 413) and a late one (408), and answers 500
 * when `handler` throws; every one of these with `headers`.
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown} handler
 * @param {ServerOptions} [options]
 */
export function createLimitedServer(handler, { headers = {}, ...given } = {}) {
  const limits = { ...SERVER_LIMITS, ...given };
  const server = createServer(
    {
      // Node starts this deadline when a connection opens, so one that sends nothing is closed
      // at it too.
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      // How often Node checks the two deadlines above (30 s by default, which would let a
      // slow client overstay a short deadline by that much).
      connectionsCheckingInterval: Math.min(1000, limits.headersMs / 2),
    },
    async (req, res) => {
      // Handlers read the target with new URL(); one it cannot parse (`//[`) is the client's
      // mistake, not the server's, and is not worth a log line.
      if (!URL.canParse(req.url ?? '/', 'http://localhost')) return answerPlainly(res, 400, headers);
      try {
        await handler(req, res);
      } catch (error) {
        console.error(`[serve] ${req.method} ${req.url}: ${error instanceof Error ? error.message : error}`);
        if (!res.headersSent) answerPlainly(res, 500, headers);
        else res.destroy();
      }
    },
  );
  server.maxConnections = limits.maxConnections;
  // Without a listener Node destroys the idle socket itself, which is what is wanted.
  server.setTimeout(limits.idleMs);

  const perPeer = new Map();
  server.on('connection', (socket) => {
    const peer = peerOf(socket.remoteAddress);
    const open = perPeer.get(peer) ?? 0;
    if (open >= limits.maxConnectionsPerPeer) return void socket.destroy();
    perPeer.set(peer, open + 1);
    socket.once('close', () => {
      const left = perPeer.get(peer) - 1;
      if (left > 0) perPeer.set(peer, left);
      else perPeer.delete(peer);
    });
  });

  // Node's own answers to these are a bare status line; these are the same answers with the
  // site's headers. There is no response object yet, so the answer is written to the socket.
  server.on('clientError', (error, socket) => {
    // A response already on its way (pipelined requests) must not be interleaved with this one.
    // @ts-expect-error Node links a socket to its response in flight as _httpMessage.
    const inFlight = socket._httpMessage?.headersSent;
    if (socket.writable && !inFlight && error.code !== 'ECONNRESET') {
      const status = CLIENT_ERROR_STATUS[error.code] ?? 400;
      const { head, body } = plainAnswer(status, headers);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          `${Object.entries(head)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('')}\r\n${body}`,
      );
    }
    socket.destroy();
  });
  return server;
}

/** Node's statuses for the client errors it reports (400 for the rest). */
const CLIENT_ERROR_STATUS = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/** @param {number} status @param {Record<string, string>} headers */
function plainAnswer(status, headers) {
  const body = STATUS_CODES[status] ?? '';
  return {
    body,
    head: {
      ...headers,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
      Connection: 'close',
    },
  };
}

/**
 * Answers with the status's name as plain text and `headers`, dropping any a handler had set.
 * @param {import('node:http').ServerResponse} res @param {number} status @param {Record<string, string>} headers
 */
function answerPlainly(res, status, headers) {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const { head, body } = plainAnswer(status, headers);
  res.writeHead(status, head).end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * Whose share a connection counts against: its IPv4 address (also when it arrives IPv4-mapped,
 * ::ffff:a.b.c.d), or its IPv6 /64, since one IPv6 client commonly holds a whole /64.
 * @param {string} [address]
 */
export function peerOf(address = '') {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  const [head, tail] = address.replace(/%.*$/, '').toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  // An embedded IPv4 address at the end takes the place of two groups.
  const back = tail ? tail.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const groups = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
