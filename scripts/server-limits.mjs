// The HTTP server `npm start` runs (scripts/serve.mjs), with deadlines for slow clients and
// a cap on connections. Node's defaults give a client 300 s to send a request and allow any
// number of connections, so a few thousand sockets dripping their headers or bodies could
// hold memory and file descriptors indefinitely. Nothing this site sends needs more than a
// fraction of these: its largest request is a 64 KB body.
import { createServer } from 'node:http';

export const SERVER_LIMITS = Object.freeze({
  /** To receive a request's headers. */
  headersMs: 10_000,
  /** To receive a whole request, headers and body. */
  requestMs: 30_000,
  /** Of silence on a connection, in either direction, before it is closed. */
  idleMs: 30_000,
  /** Open connections; more are closed as soon as they arrive. */
  maxConnections: 512,
});

/**
 * @param {import('node:http').RequestListener} handler
 * @param {{ headersMs: number, requestMs: number, idleMs: number, maxConnections: number }} [limits]
 */
export function createLimitedServer(handler, limits = SERVER_LIMITS) {
  const server = createServer(
    {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      // How often Node checks the two deadlines above (30 s by default, which would let a
      // slow client overstay a short deadline by that much).
      connectionsCheckingInterval: Math.min(1000, limits.headersMs / 2),
    },
    handler,
  );
  server.maxConnections = limits.maxConnections;
  // Without a listener Node destroys the idle socket itself, which is what is wanted.
  server.setTimeout(limits.idleMs);
  return server;
}
