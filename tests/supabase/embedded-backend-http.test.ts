// Pure parts of the embedded backend's HTTP layer (supabase/gateway/http.mjs, errors.mjs).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, statusForSqlState, toApiError } from '../../supabase/gateway/errors.mjs';
import { GZIP_FROM_BYTES, forwardedFor, send } from '../../supabase/gateway/http.mjs';

function request(peer: string, xff?: string): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: xff ? { 'x-forwarded-for': xff } : {},
  } as unknown as IncomingMessage;
}

describe('forwardedFor: the address the rate limit sees last', () => {
  it('by default the peer is the client, wherever it is; what it claimed comes first, unused', () => {
    expect(forwardedFor(request('203.0.113.5', '10.0.0.1'))).toBe('10.0.0.1, 203.0.113.5');
    expect(forwardedFor(request('::ffff:198.51.100.7'))).toBe('198.51.100.7');
    expect(forwardedFor(request('127.0.0.1', '203.0.113.5'))).toBe('203.0.113.5, 127.0.0.1');
    expect(forwardedFor(request('::1', '1.1.1.1, 203.0.113.5'))).toBe('1.1.1.1, 203.0.113.5, ::1');
    expect(forwardedFor(request('127.0.0.1'))).toBe('127.0.0.1');
  });

  it('with trusted proxies, the entry that many places from the right is the client', () => {
    expect(forwardedFor(request('127.0.0.1', '203.0.113.5'), 1)).toBe('203.0.113.5');
    expect(forwardedFor(request('::1', '1.1.1.1, 203.0.113.5'), 1)).toBe('1.1.1.1, 203.0.113.5');
    expect(forwardedFor(request('10.0.0.2', '1.1.1.1, 203.0.113.5, 10.0.0.9'), 2)).toBe('1.1.1.1, 203.0.113.5');
  });

  it('a request that did not come through the proxies is its peer', () => {
    expect(forwardedFor(request('198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(forwardedFor(request('198.51.100.7', '203.0.113.5'), 2)).toBe('203.0.113.5, 198.51.100.7');
  });
});

describe('send: JSON replies', () => {
  /** A response that keeps what send() wrote, for a request with these headers. */
  function response(requestHeaders: Record<string, string> = {}) {
    const headers = new Map<string, string | number>();
    const reply = {
      req: { headers: requestHeaders },
      statusCode: 0,
      body: undefined as Buffer | undefined,
      setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), value),
      hasHeader: (name: string) => headers.has(name.toLowerCase()),
      end: (bytes?: Buffer) => (reply.body = bytes),
      headers,
    };
    return reply;
  }
  const rows = JSON.stringify(
    Array.from({ length: 50 }, (_, i) => ({ id: i, issue: 'Lamps that dim', mitigation: 'Answer first' })),
  );

  it('gzips a page of rows for a client that accepts it, and says the answer varies with that', () => {
    const res = response({ 'accept-encoding': 'gzip, deflate, br' });
    send(res as unknown as ServerResponse, 200, rows);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-length')).toBe(res.body!.length);
    expect(res.body!.length).toBeLessThan(rows.length / 4);
    expect(gunzipSync(res.body!).toString('utf8')).toBe(rows);
  });

  it('sends it plain to a client that does not, and small replies plain to everyone', () => {
    const plain = response();
    send(plain as unknown as ServerResponse, 200, rows);
    expect(plain.headers.has('content-encoding')).toBe(false);
    expect(plain.body!.toString('utf8')).toBe(rows);
    const small = response({ 'accept-encoding': 'gzip' });
    send(small as unknown as ServerResponse, 200, '[{"id":1}]');
    expect(GZIP_FROM_BYTES).toBeGreaterThan('[{"id":1}]'.length);
    expect(small.headers.has('content-encoding')).toBe(false);
    expect(small.body!.toString('utf8')).toBe('[{"id":1}]');
  });
});

describe('PostgREST status codes', () => {
  it.each([
    ['23514', 400],
    ['23502', 400],
    ['22021', 400],
    ['42703', 400],
    ['23505', 409],
    ['42501', 401],
    ['42P01', 404],
    ['42883', 404],
    ['P0001', 400],
    ['PT429', 429],
    ['53300', 503],
    ['XX000', 500],
  ])('%s → %i', (code, status) => {
    expect(statusForSqlState(code)).toBe(status);
  });

  it('never answers a GET or HEAD with 503 (supabase-js would retry it)', () => {
    const busy = { code: '53300', severity: 'FATAL', message: 'too many connections' };
    expect(toApiError(busy, 'GET').status).toBe(500);
    expect(toApiError(busy, 'HEAD').status).toBe(500);
    expect(toApiError(busy, 'POST').status).toBe(503);
  });

  it.each([
    ['XX001', 'GET', 500],
    ['58030', 'POST', 500],
    ['53100', 'POST', 503],
  ])('logs a database error %s with the request and answers %s without its file paths', (code, method, status) => {
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args.join(' ')));
    try {
      const message = 'could not read blocks 0..0 in file "base/5/16453": read only 0 of 8192 bytes';
      const error = toApiError({ code, severity: 'ERROR', message }, method, '/rest/v1/posts');
      expect(error.status).toBe(status);
      expect(JSON.stringify(error)).not.toMatch(/base\/5|file/);
      expect(error.toJSON()).toMatchObject({ code, message: 'Internal error in the embedded backend' });
      expect(logged).toEqual([`[community backend] ${method} /rest/v1/posts: database error ${code}: ${message}`]);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps the PostgREST error shape', () => {
    const error = toApiError({ code: '23514', severity: 'ERROR', message: 'violates', detail: 'row' }, 'POST');
    expect(error).toBeInstanceOf(ApiError);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: '23514',
      message: 'violates',
      details: 'row',
      hint: null,
    });
  });
});
