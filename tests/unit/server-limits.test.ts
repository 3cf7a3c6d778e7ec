// Slow clients cannot hold the server: a bounded number of sockets that send their headers
// or their body a byte at a time are all closed within the deadlines, connections past the cap
// are turned away at once, and one address cannot take every connection. What no handler can
// serve is answered by the server itself, with the headers it was given.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLimitedServer, peerOf, SERVER_LIMITS } from '../../scripts/server-limits.mjs';

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

const limits = { headersMs: 600, requestMs: 1200, idleMs: 1500, maxConnections: 20 };

type Handler = Parameters<typeof createLimitedServer>[0];
type Options = Parameters<typeof createLimitedServer>[1];

async function start(options: Options = limits, handler: Handler = (_req, res) => res.end('ok')) {
  server = createLimitedServer(handler, options);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Writes `text` on a new connection and resolves with everything the server sent back. */
function exchange(port: number, text: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  socket.on('connect', () => socket.write(text));
  return new Promise((resolve) => socket.on('close', () => resolve(received)));
}

/** The status and headers (names in lower case) of a raw response. */
function parseHead(response: string) {
  const [statusLine, ...lines] = response.split('\r\n\r\n')[0].split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: response.split('\r\n\r\n').slice(1).join('') };
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

describe('one address cannot keep everyone out', () => {
  it('530 silent sockets from one address leave a visitor from another one served, and all close at the deadline', async () => {
    // Long enough that no silent socket reaches its deadline before the visitor has been served.
    const options = { headersMs: 5000, requestMs: 10_000, idleMs: 10_000 };
    expect(SERVER_LIMITS.maxConnections).toBeLessThan(530);
    const port = await start(options);
    // Every connection the server has dealt with: kept, turned away for its address, or over
    // the cap (Node's 'drop').
    let arrived = 0;
    server!.on('connection', () => arrived++);
    server!.on('drop', () => arrived++);
    const silent = Array.from({ length: 530 }, () => {
      const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
      sockets.push(socket);
      socket.on('error', () => {});
      socket.resume();
      let connectedAt = performance.now();
      socket.on('connect', () => (connectedAt = performance.now()));
      return new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now() - connectedAt)));
    });
    // The visitor comes once every silent socket has reached the server (none is still in the
    // kernel's queue, waiting to take a place after the visitor's).
    const opened = performance.now();
    await expect.poll(() => arrived, { timeout: 10_000 }).toBe(530);

    const started = performance.now();
    // Otherwise the deadline, not the share, could be what made room for the visitor.
    expect(started + 2000 - opened).toBeLessThan(options.headersMs);
    const visitor = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/', localAddress: '127.0.0.2', signal: AbortSignal.timeout(2000) },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(visitor).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);

    // Node checks the deadline once a second; allow that and some scheduling.
    const closedAfter = await Promise.all(silent);
    expect(Math.max(...closedAfter)).toBeLessThan(options.headersMs + 1500);
  }, 20_000);

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
  ])('%s counts as %s', (address, peer) => {
    expect(peerOf(address)).toBe(peer);
  });
});

describe("the server's own answers", () => {
  const headers = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "frame-ancestors 'none'" };

  it.each(['//[', 'http://%zz/', 'http://[::1/', '//%00'])(
    'a target no URL parser reads (%s) is a 400 with the headers, not logged, and the handler never sees it',
    async (target) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const handler = vi.fn((_req, res) => res.end('ok'));
      const port = await start({ ...limits, headers }, handler);
      const { status, headers: got } = parseHead(await exchange(port, `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(status).toBe(400);
      expect(got).toMatchObject({
        'x-content-type-options': 'nosniff',
        'content-security-policy': "frame-ancestors 'none'",
      });
      expect(handler).not.toHaveBeenCalled();
      expect(logged).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['headers too large', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a malformed head', 'GET / HTTP/1.1\r\nHost x\r\n\r\n', 400],
  ])("%s get Node's status with the headers", async (_name, text, expected) => {
    const port = await start({ ...limits, headers });
    const { status, headers: got, body } = parseHead(await exchange(port, text));
    expect(status).toBe(expected);
    expect(got).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "frame-ancestors 'none'",
    });
    expect(Number(got['content-length'])).toBe(Buffer.byteLength(body));
  });

  it('a handler that throws is logged once and answered 500 with the headers, not those it had set', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const port = await start({ ...limits, headers }, async (_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      throw new Error('disk gone');
    });
    const response = await fetch(`http://127.0.0.1:${port}/forum`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Internal Server Error');
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][0])).toContain('GET /forum: disk gone');
  });
});
