// The self-hosted gateway (supabase/self-hosted/gateway.mjs) lets one client have only a few
// requests at PostgREST at once, as the embedded backend's queue does: beyond them 429 PT429,
// while other clients are still served; and a request its client hung up on counts until
// PostgREST is done with it. PostgREST here is a stand-in that holds every request until told
// to answer (tests/db/self-hosted.test.ts does the same against the real one).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, MAX_REQUESTS_PER_CLIENT } from '../../supabase/self-hosted/gateway.mjs';

const ANON_KEY = 'test-anon-key';
const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: Server) {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A PostgREST that answers each request only when `release()` is called. */
async function heldUpstream() {
  const held: ServerResponse[] = [];
  const port = await listen(
    createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      held.push(res);
    }),
  );
  return {
    port,
    held,
    release() {
      for (const res of held.splice(0)) res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
    },
  };
}

/** The gateway on a port of its own, trusting one proxy so X-Forwarded-For names the client. */
async function gateway(upstreamPort: number) {
  const handle = createGateway({
    target: { host: '127.0.0.1', port: upstreamPort },
    anonKey: ANON_KEY,
    trustProxy: 1,
  });
  const port = await listen(
    createServer((req, res) => {
      void handle(req, res);
    }),
  );
  return `http://127.0.0.1:${port}/rest/v1/posts?select=id`;
}

const from = (address: string, signal?: AbortSignal) =>
  ({ headers: { apikey: ANON_KEY, 'x-forwarded-for': address }, signal }) as RequestInit;

describe('the gateway: requests in flight per client', () => {
  it('a few: a page (two requests at once) twice over, and two pages’ worth of PostgREST’s pool of 10 left', () => {
    expect(MAX_REQUESTS_PER_CLIENT).toBeGreaterThanOrEqual(2 * 2);
    expect(MAX_REQUESTS_PER_CLIENT).toBeLessThanOrEqual(10 - 2 * 2);
  });

  it('beyond the bound a client gets 429 PT429 at once, while another client is answered', async () => {
    const upstream = await heldUpstream();
    const url = await gateway(upstream.port);
    const first = Array.from({ length: MAX_REQUESTS_PER_CLIENT }, () => fetch(url, from('198.51.100.1')));
    await expect.poll(() => upstream.held.length).toBe(MAX_REQUESTS_PER_CLIENT);

    // Refused, not held: an answer that waited for PostgREST would not come in time.
    const refused = await fetch(url, from('198.51.100.1', AbortSignal.timeout(2000)));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      code: 'PT429',
      message: 'Too many requests from this client are waiting for the database',
      details: `A client may have at most ${MAX_REQUESTS_PER_CLIENT} requests in flight`,
      hint: 'Wait for the answers to earlier requests before sending more.',
    });
    // So is the same client by another spelling of its address (the rate limit's bucket).
    expect((await fetch(url, from('::ffff:198.51.100.1', AbortSignal.timeout(2000)))).status).toBe(429);

    // Another client reaches PostgREST while the first one's requests are held there.
    const other = fetch(url, from('203.0.113.9'));
    await expect.poll(() => upstream.held.length).toBe(MAX_REQUESTS_PER_CLIENT + 1);
    upstream.release();
    expect((await other).status).toBe(200);
    for (const answer of await Promise.all(first)) expect(answer.status).toBe(200);
    // Once answered, the first client is served again.
    const again = fetch(url, from('198.51.100.1'));
    await expect.poll(() => upstream.held.length).toBe(1);
    upstream.release();
    expect((await again).status).toBe(200);
  });

  it('a request its client hung up on still counts until PostgREST has answered it', async () => {
    const upstream = await heldUpstream();
    const url = await gateway(upstream.port);
    const hangUp = new AbortController();
    const abandoned = Array.from({ length: MAX_REQUESTS_PER_CLIENT }, () =>
      fetch(url, from('198.51.100.2', hangUp.signal)).catch(() => 'hung up'),
    );
    await expect.poll(() => upstream.held.length).toBe(MAX_REQUESTS_PER_CLIENT);
    hangUp.abort();
    expect(await Promise.all(abandoned)).toEqual(Array(MAX_REQUESTS_PER_CLIENT).fill('hung up'));
    // Its requests are still running at PostgREST, so the client has no room for more.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(url, from('198.51.100.2', AbortSignal.timeout(2000)))).status).toBe(429);

    upstream.release();
    const next = fetch(url, from('198.51.100.2'));
    await expect.poll(() => upstream.held.length).toBe(1);
    upstream.release();
    expect((await next).status).toBe(200);
  });
});
