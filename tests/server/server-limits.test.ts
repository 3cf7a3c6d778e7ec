// Slow clients cannot hold the server: a bounded number of sockets that send their headers
// or their body a byte at a time are all closed within the deadlines, a socket that sends
// nothing sooner, connections past the cap are turned away at once, and neither one address
// (or IPv6 /56) nor a handful of them can take every connection. What no handler can serve is
// answered by the server itself, with the headers it was given.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLimitedServer, networkOf, peerOf, SERVER_LIMITS } from '../../server/server-limits.mjs';

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

/**
 * `count` sockets from `localAddress` (any 127.x.y.z is this machine's, so each stands for a
 * client address of its own) that send nothing; each resolves with how long it stayed open.
 */
function silentSockets(port: number, localAddress: string, count: number): Promise<number>[] {
  return Array.from({ length: count }, () => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    sockets.push(socket);
    socket.on('error', () => {});
    socket.resume();
    let connectedAt = performance.now();
    socket.on('connect', () => (connectedAt = performance.now()));
    return new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now() - connectedAt)));
  });
}

/** Counts every connection the server has dealt with: kept, turned away for its share, or over the cap. */
function countArrivals() {
  const counter = { arrived: 0 };
  server!.on('connection', () => counter.arrived++);
  server!.on('drop', () => counter.arrived++);
  return counter;
}

/** A GET / from `localAddress`; resolves with the status, rejects if it takes 2 s. */
function visit(port: number, localAddress: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/', localAddress, agent: false, signal: AbortSignal.timeout(2000) },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    req.on('error', reject);
    req.end();
  });
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

  it('closes a socket that sends nothing at the first-byte deadline, well before the headers deadline', async () => {
    const port = await start({ ...limits, firstByteMs: 300, headersMs: 3000, requestMs: 4000, idleMs: 5000 });
    const [silent] = silentSockets(port, '127.0.0.1', 1);
    // A request that has begun but is slow to arrive is live: the headers deadline is its own.
    const slow = connect(port, '127.0.0.1');
    sockets.push(slow);
    let answer = '';
    slow.on('data', (chunk) => (answer += chunk));
    slow.on('error', () => {});
    slow.on('connect', () => {
      slow.write('G');
      setTimeout(() => slow.write('ET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 1000);
    });
    const slowClosed = new Promise((resolve) => slow.on('close', resolve));
    // Node checks the headers deadline once a second at most; this one is the server's own timer.
    expect(await silent).toBeLessThan(300 + 500);
    await slowClosed;
    expect(parseHead(answer).status).toBe(200);
    // And so by default: a silent socket holds its place for well under the headers deadline.
    expect(SERVER_LIMITS.firstByteMs).toBeLessThanOrEqual(SERVER_LIMITS.headersMs / 2);
  }, 10_000);

  it('keeps a connection open between requests for the idle limit, as a proxy reusing it expects', async () => {
    // Node's own keep-alive deadline (5 s) is shorter than most proxies' and load balancers' idle
    // timeouts: a request they send on a connection the server is just closing fails (a 502).
    const port = await start({ firstByteMs: 1000, headersMs: 2000, requestMs: 3000, idleMs: 10_000 });
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => {});
    let closed = false;
    socket.on('close', () => (closed = true));
    await new Promise((resolve) => socket.on('connect', resolve));
    const ask = async () => {
      received = '';
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      await vi.waitFor(() => expect(received).toContain('ok'), { timeout: 1000 });
      return parseHead(received);
    };
    const first = await ask();
    expect(first.status).toBe(200);
    expect(first.headers['keep-alive']).toBe('timeout=10');
    await new Promise((resolve) => setTimeout(resolve, 7000));
    expect(closed).toBe(false);
    // Idle longer than the headers deadline too: that deadline is the next request's own.
    expect((await ask()).status).toBe(200);
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
    // Long enough that no silent socket reaches its deadline before the visitor has been served;
    // a cap below 530, so that the share, not the cap, is what leaves room.
    const options = { firstByteMs: 5000, headersMs: 5000, requestMs: 10_000, idleMs: 10_000, maxConnections: 512 };
    const port = await start(options);
    const counter = countArrivals();
    const silent = silentSockets(port, '127.0.0.1', 530);
    // The visitor comes once every silent socket has reached the server (none is still in the
    // kernel's queue, waiting to take a place after the visitor's).
    const opened = performance.now();
    await expect.poll(() => counter.arrived, { timeout: 10_000 }).toBe(530);

    const started = performance.now();
    // Otherwise the deadline, not the share, could be what made room for the visitor.
    expect(started + 2000 - opened).toBeLessThan(options.firstByteMs);
    expect(await visit(port, '127.0.0.2')).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);

    // Node checks the deadline once a second; allow that and some scheduling.
    const closedAfter = await Promise.all(silent);
    expect(Math.max(...closedAfter)).toBeLessThan(options.firstByteMs + 1500);
  }, 20_000);

  it('24 addresses each holding their whole share of silent sockets leave a visitor from another one served', async () => {
    // The defaults' caps; deadlines long enough that none of the silent sockets is closed
    // before the visitor has been served, so only the cap can make room for the visitor.
    const port = await start({ firstByteMs: 8000, headersMs: 8000, requestMs: 10_000, idleMs: 10_000 });
    const counter = countArrivals();
    const addresses = Array.from({ length: 24 }, (_, i) => `127.0.1.${i + 1}`);
    const opened = performance.now();
    const silent = addresses.flatMap((address) => silentSockets(port, address, SERVER_LIMITS.maxConnectionsPerPeer));
    await expect.poll(() => counter.arrived, { timeout: 10_000 }).toBe(silent.length);

    const started = performance.now();
    expect(started + 2000 - opened).toBeLessThan(8000);
    expect(await visit(port, '127.0.0.2')).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
    // Nor did the server turn any of the silent sockets away: they were all still open.
    const held = await new Promise<number>((resolve) => server!.getConnections((_error, count) => resolve(count)));
    expect(held).toBeGreaterThanOrEqual(silent.length);
  }, 20_000);

  it('one IPv6 /56 holds at most its share of connections, across its /64s', async () => {
    const shares = { maxConnectionsPerPeer: 4, maxConnectionsPerNetwork: 6 };
    const port = await start({ firstByteMs: 5000, headersMs: 5000, requestMs: 10_000, idleMs: 10_000, ...shares });
    // Every connection here comes from 127.0.0.1; the server is told each one's IPv6 address
    // in the order they arrive, before its own listeners look at the socket.
    const fakes: string[] = [];
    server!.prependListener('connection', (socket: Socket) =>
      Object.defineProperty(socket, 'remoteAddress', { value: fakes.shift() }),
    );
    const counter = countArrivals();
    /** Opens a silent socket as `address`; resolves, once the server has dealt with it, with whether it stayed open. */
    const openAs = async (address: string) => {
      fakes.push(address);
      const before = counter.arrived;
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      socket.on('error', () => {});
      let closed = false;
      socket.on('close', () => (closed = true));
      await expect.poll(() => counter.arrived).toBe(before + 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return !closed;
    };
    // Three /64s of 2001:db8:1:200::/56, two connections each: the /56's share of 6 is used up.
    for (const subnet of ['200', '201', '2ff'])
      for (const host of ['1', '2']) expect(await openAs(`2001:db8:1:${subnet}::${host}`)).toBe(true);
    // A fourth /64 of that /56 has its own share to spare, but the /56 has none.
    expect(await openAs('2001:db8:1:2aa::1')).toBe(false);
    // The next /56 is another client.
    expect(await openAs('2001:db8:1:300::1')).toBe(true);
    // The /64 share still holds within a /56 that has room.
    for (const host of ['2', '3', '4']) expect(await openAs(`2001:db8:1:300::${host}`)).toBe(true);
    expect(await openAs('2001:db8:1:300::5')).toBe(false);
  }, 15_000);

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

  it.each([
    ['2001:db8:1:2aa:aaaa:bbbb:cccc:dddd', '2001:db8:1:200::/56'],
    ['2001:0db8:0001:02ff::9', '2001:db8:1:200::/56'],
    ['2001:db8:1:ff::1', '2001:db8:1:0::/56'],
    ['2001:db8::1', '2001:db8:0:0::/56'],
    ['fe80::1%eth0', 'fe80:0:0:0::/56'],
    ['203.0.113.7', null],
    ['::ffff:203.0.113.7', null],
  ])('%s is in the network %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
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
