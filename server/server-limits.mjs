// The HTTP server `npm start` runs (server/serve.mjs): deadlines for slow clients, caps on
// connections, and its own answers to what no handler can serve. Node's defaults give a client
// 300 s to send a request and allow any number of connections, so a few thousand sockets
// dripping their headers or bodies could hold memory and file descriptors indefinitely. Nothing
// this site sends needs more than a fraction of these: its largest request is a 64 KB body.
import { createServer, STATUS_CODES } from 'node:http';

/**
 * @typedef {{ firstByteMs: number, headersMs: number, requestMs: number, idleMs: number,
 *   maxConnections: number, maxConnectionsPerPeer: number, maxConnectionsPerNetwork: number }} Limits
 * @typedef {Partial<Limits> & { headers?: Record<string, string> }} ServerOptions
 *   limits (the rest from SERVER_LIMITS), and the headers the server's own answers carry
 */

/** @type {Readonly<Limits>} */
export const SERVER_LIMITS = Object.freeze({
  /**
   * For a new connection's first byte. A browser writes its request as soon as it has
   * connected, so this allows for a slow network and a lost packet resent; a socket silent
   * for longer is only holding a place, and holding it costs a client nothing but a reconnect.
   */
  firstByteMs: 3_000,
  /** To receive a request's headers, counted from the connection for its first request. */
  headersMs: 10_000,
  /** To receive a whole request, headers and body. */
  requestMs: 30_000,
  /** Of silence on a connection, in either direction, before it is closed. */
  idleMs: 30_000,
  /**
   * Open connections; more are closed as soon as they arrive. An idle socket costs little
   * memory but one file descriptor: Node raises its own limit on those to the hard limit,
   * which Linux sets at no less than 4096, so this leaves as many again for the files and
   * the database or PostgREST connections the requests need. Far more than a few clients'
   * shares (below) fill: 64 addresses' worth.
   */
  maxConnections: 2048,
  /**
   * Open connections from one address (one /64 for IPv6): one client's share, so that it
   * cannot hold every connection and keep everyone else out.
   */
  maxConnectionsPerPeer: 32,
  /**
   * Open connections from one IPv6 /56, together: a subscriber is often handed a whole /56,
   * 256 /64s, so per /64 alone one of them could still take every connection.
   */
  maxConnectionsPerNetwork: 64,
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
      // Node starts this deadline when a connection opens; one that sends nothing at all is
      // closed sooner, at firstByteMs (below).
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
  // Between requests too: Node's own 5 s is shorter than a proxy's or a load balancer's idle
  // timeout, and a request it sends on a connection the server is closing fails (a 502).
  server.keepAliveTimeout = limits.idleMs;

  /** Open connections per share: an address or /64 (peerOf), and an IPv6 /56 (networkOf). */
  const open = new Map();
  server.on('connection', (socket) => {
    const shares = [[peerOf(socket.remoteAddress), limits.maxConnectionsPerPeer]];
    const network = networkOf(socket.remoteAddress);
    if (network) shares.push([network, limits.maxConnectionsPerNetwork]);
    if (shares.some(([share, most]) => (open.get(share) ?? 0) >= most)) return void socket.destroy();
    for (const [share] of shares) open.set(share, (open.get(share) ?? 0) + 1);
    // Node's headers deadline counts from the connection too, but it is sized for a slow
    // request still arriving; a socket that has sent nothing at all goes much sooner.
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, limits.firstByteMs);
    socket.once('close', () => {
      clearTimeout(silent);
      for (const [share] of shares) {
        const left = open.get(share) - 1;
        if (left > 0) open.set(share, left);
        else open.delete(share);
      }
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
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The IPv6 /56 a connection's /64 belongs to, which has a share of its own; null for IPv4
 * (also IPv4-mapped), whose address is already the whole share.
 * @param {string} [address]
 */
export function networkOf(address = '') {
  if (!address.includes(':') || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return null;
  const [a, b, c, d] = ipv6Groups(address);
  return `${[a, b, c, d & 0xff00].map((group) => group.toString(16)).join(':')}::/56`;
}

/** The eight groups of an IPv6 address as Node reports a peer's (a zone index allowed). @param {string} address */
function ipv6Groups(address) {
  const [head, tail] = address.replace(/%.*$/, '').toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  // An embedded IPv4 address at the end takes the place of two groups.
  const back = tail ? tail.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const groups = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return groups.map((group) => parseInt(group, 16));
}
