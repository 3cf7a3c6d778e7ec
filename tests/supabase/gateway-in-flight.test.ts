// The self-hosted gateway (supabase/self-hosted/gateway.mjs) lets one client have only a few
// requests at PostgREST at once, while other clients are still served; its further requests
// wait their turn, up to as many in flight as the embedded backend allows, and beyond them 429
// PT429. A request its client hung up on counts until PostgREST is done with it; one that was
// still waiting never reaches PostgREST. PostgREST here is a stand-in that holds every request until told
// to answer (tests/db/self-hosted.test.ts does the same against the real one).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGateway,
  MAX_AT_POSTGREST_PER_CLIENT,
  MAX_REQUESTS_PER_CLIENT,
} from '../../supabase/self-hosted/gateway.mjs';

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
  it('a few at PostgREST: a page (two requests at once) twice over, and two pages’ worth of its pool of 10 left', () => {
    expect(MAX_AT_POSTGREST_PER_CLIENT).toBeGreaterThanOrEqual(2 * 2);
    expect(MAX_AT_POSTGREST_PER_CLIENT).toBeLessThanOrEqual(10 - 2 * 2);
    // As many in flight as the embedded backend lets a client have.
    expect(MAX_REQUESTS_PER_CLIENT).toBe(16);
  });

  it('beyond its share of PostgREST a client’s requests wait their turn, while another client is answered', async () => {
    const upstream = await heldUpstream();
    const url = await gateway(upstream.port);
    const burst = Array.from({ length: MAX_REQUESTS_PER_CLIENT }, () => fetch(url, from('198.51.100.1')));
    await expect.poll(() => upstream.held.length).toBe(MAX_AT_POSTGREST_PER_CLIENT);
    // And no more, once all of them have had time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(upstream.held).toHaveLength(MAX_AT_POSTGREST_PER_CLIENT);

    // Another client reaches PostgREST while the first one's requests are held there.
    const other = fetch(url, from('203.0.113.9'));
    await expect.poll(() => upstream.held.length).toBe(MAX_AT_POSTGREST_PER_CLIENT + 1);
    upstream.release();
    expect((await other).status).toBe(200);

    // As each answer comes, one of the waiting takes its place, never more than the share at once.
    let answered = MAX_AT_POSTGREST_PER_CLIENT;
    while (answered < MAX_REQUESTS_PER_CLIENT) {
      const next = Math.min(MAX_AT_POSTGREST_PER_CLIENT, MAX_REQUESTS_PER_CLIENT - answered);
      await expect.poll(() => upstream.held.length).toBe(next);
      upstream.release();
      answered += next;
    }
    for (const answer of await Promise.all(burst)) expect(answer.status).toBe(200);
  });

  it('beyond the requests in flight it may have, a client gets 429 PT429 at once', async () => {
    const upstream = await heldUpstream();
    const url = await gateway(upstream.port);
    const first = Array.from({ length: MAX_REQUESTS_PER_CLIENT }, () => fetch(url, from('198.51.100.1')));
    await expect.poll(() => upstream.held.length).toBe(MAX_AT_POSTGREST_PER_CLIENT);
    await new Promise((resolve) => setTimeout(resolve, 150));

    // Refused, not held: an answer that waited for all of the client's others would not come in time.
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

    while (upstream.held.length > 0) {
      upstream.release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const answer of await Promise.all(first)) expect(answer.status).toBe(200);
    // Once answered, the client is served again.
    const again = fetch(url, from('198.51.100.1'));
    await expect.poll(() => upstream.held.length).toBe(1);
    upstream.release();
    expect((await again).status).toBe(200);
  });

  it('a request its client hung up on still counts until PostgREST has answered it', async () => {
    const upstream = await heldUpstream();
    const url = await gateway(upstream.port);
    const hangUp = new AbortController();
    const abandoned = Array.from({ length: MAX_AT_POSTGREST_PER_CLIENT }, () =>
      fetch(url, from('198.51.100.2', hangUp.signal)).catch(() => 'hung up'),
    );
    await expect.poll(() => upstream.held.length).toBe(MAX_AT_POSTGREST_PER_CLIENT);
    hangUp.abort();
    expect(await Promise.all(abandoned)).toEqual(Array(MAX_AT_POSTGREST_PER_CLIENT).fill('hung up'));
    // Its requests are still running at PostgREST, so the client's next one waits.
    const next = fetch(url, from('198.51.100.2'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(upstream.held).toHaveLength(MAX_AT_POSTGREST_PER_CLIENT);

    upstream.release();
    await expect.poll(() => upstream.held.length).toBe(1);
    upstream.release();
    expect((await next).status).toBe(200);
  });

  it('a request its client hung up on while it waited never reaches PostgREST, nor counts', async () => {
    const upstream = await heldUpstream();
    const url = await gateway(upstream.port);
    const first = Array.from({ length: MAX_AT_POSTGREST_PER_CLIENT }, () => fetch(url, from('198.51.100.3')));
    await expect.poll(() => upstream.held.length).toBe(MAX_AT_POSTGREST_PER_CLIENT);
    const hangUp = new AbortController();
    const waiting = fetch(url, from('198.51.100.3', hangUp.signal)).catch(() => 'hung up');
    await new Promise((resolve) => setTimeout(resolve, 150));
    hangUp.abort();
    expect(await waiting).toBe('hung up');
    await new Promise((resolve) => setTimeout(resolve, 50));

    upstream.release();
    for (const answer of await Promise.all(first)) expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(upstream.held).toHaveLength(0);
    // Nothing of the client is left at the gateway: its share is whole again.
    const again = Array.from({ length: MAX_AT_POSTGREST_PER_CLIENT }, () => fetch(url, from('198.51.100.3')));
    await expect.poll(() => upstream.held.length).toBe(MAX_AT_POSTGREST_PER_CLIENT);
    upstream.release();
    for (const answer of await Promise.all(again)) expect(answer.status).toBe(200);
  });
});
