// Slow clients cannot hold the server: a bounded number of sockets that send their headers
// or their body a byte at a time are all closed within the deadlines, and connections past
// the cap are turned away at once.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createLimitedServer, SERVER_LIMITS } from '../../scripts/server-limits.mjs';

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

const limits = { headersMs: 600, requestMs: 1200, idleMs: 1500, maxConnections: 20 };

async function start() {
  server = createLimitedServer((_req, res) => res.end('ok'), limits);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A socket that writes `head`, then one more byte of `drip` every 100 ms; resolves when closed. */
function slowClient(port: number, head: string, drip: string): { closed: Promise<number> } {
  const started = performance.now();
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let i = 0;
  const timer = setInterval(() => {
    if (socket.writable && i < drip.length) socket.write(drip[i++]);
  }, 100);
  socket.on('connect', () => socket.write(head));
  socket.on('error', () => {});
  socket.resume();
  return {
    closed: new Promise((resolve) =>
      socket.on('close', () => {
        clearInterval(timer);
        resolve(performance.now() - started);
      }),
    ),
  };
}

describe('deadlines for slow clients', () => {
  it("the defaults are well under Node's 300 s", () => {
    expect(SERVER_LIMITS.headersMs).toBeLessThanOrEqual(20_000);
    expect(SERVER_LIMITS.requestMs).toBeLessThanOrEqual(60_000);
    expect(SERVER_LIMITS.maxConnections).toBeGreaterThan(0);
  });

  it('closes sockets that drip their headers or their body within the deadlines', async () => {
    const port = await start();
    const slowHeaders = Array.from({ length: 6 }, () =>
      slowClient(port, 'GET / HTTP/1.1\r\n', 'X-Slow: ' + 'a'.repeat(200)),
    );
    const slowBodies = Array.from({ length: 6 }, () =>
      slowClient(port, 'POST /rest/v1/posts HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n', 'x'.repeat(5000)),
    );
    const silent = Array.from({ length: 3 }, () => slowClient(port, '', ''));
    const times = await Promise.all([...slowHeaders, ...slowBodies, ...silent].map((c) => c.closed));
    // Node checks the deadlines on an interval; allow it one more tick plus scheduling.
    for (const ms of times) expect(ms).toBeLessThan(limits.idleMs + 2000);
  }, 15_000);

  it('turns away connections past the cap', async () => {
    const port = await start();
    const held = Array.from({ length: limits.maxConnections }, () =>
      slowClient(port, 'GET / HTTP/1.1\r\n', 'X'.repeat(100)),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extra = slowClient(port, 'GET / HTTP/1.1\r\n', '');
    expect(await extra.closed).toBeLessThan(500);
    await Promise.all(held.map((c) => c.closed));
  }, 15_000);
});
