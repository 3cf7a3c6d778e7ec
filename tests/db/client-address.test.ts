// Which address is the client's: the database's setting (header and trusted depth) and the
// embedded backend's TRUST_PROXY. (supabase/tests/database/client_address.test.sql holds the
// database's side at the SQL level.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../supabase/embedded/backend.mjs';
import { DEV_ANON_KEY, clientFor, migratedImage, serve, type RunningBackend } from './harness';

async function backendTrusting(trustProxy: number): Promise<RunningBackend> {
  return serve(
    await createBackend({
      dataDir: 'memory',
      template: await migratedImage(),
      anonKey: DEV_ANON_KEY,
      rateLimit: 5,
      trustProxy,
    }),
  );
}

async function statuses(
  api: RunningBackend,
  addresses: string[],
  headers: (address: string) => Record<string, string>,
) {
  const result = [];
  for (const [i, address] of addresses.entries()) {
    const response = await api.fetch('/rest/v1/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers(address) },
      body: JSON.stringify({ content: `from ${address} (${i})` }),
    });
    result.push(response.status);
  }
  return result;
}

const rotating = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);

describe('the embedded backend by default: the socket peer is the client', () => {
  let api: RunningBackend;
  beforeAll(async () => {
    api = await backendTrusting(0);
  });
  afterAll(() => api.stop());

  it('a rotating X-Forwarded-For from a loopback peer buys no extra rows', async () => {
    expect(await statuses(api, rotating, (address) => ({ 'x-forwarded-for': address }))).toEqual([
      201, 201, 201, 201, 201, 429, 429, 429, 429, 429,
    ]);
  });
});

describe('TRUST_PROXY=1: one proxy in front, its last X-Forwarded-For entry is the client', () => {
  let api: RunningBackend;
  beforeAll(async () => {
    api = await backendTrusting(1);
  });
  afterAll(() => api.stop());

  it('visitors behind the proxy get a bucket each', async () => {
    expect(
      await statuses(api, ['198.51.100.1', '198.51.100.2', '198.51.100.3'], (address) => ({
        'x-forwarded-for': address,
      })),
    ).toEqual([201, 201, 201]);
  });

  it('what a visitor prepends to the header changes nothing', async () => {
    const forged = rotating.map((address) => `${address}, 198.51.100.9`);
    expect(await statuses(api, forged, (address) => ({ 'x-forwarded-for': address }))).toEqual([
      201, 201, 201, 201, 201, 429, 429, 429, 429, 429,
    ]);
  });

  it('follows the database setting: another header, read through supabase-js', async () => {
    await api.backend.db.query("update private.settings set client_address_header = 'x-real-ip'");
    try {
      const results = [];
      for (const [i, address] of rotating.slice(0, 7).entries()) {
        // The visitor behind a CDN that names it in x-real-ip, whatever X-Forwarded-For says.
        const client = clientFor(api.url, DEV_ANON_KEY, address);
        const { status } = await client
          .from('mota_ideas')
          .insert({ issue: `i${i}`, mitigation: 'm' })
          .setHeader('x-real-ip', '192.0.2.77');
        results.push(status);
      }
      expect(results).toEqual([201, 201, 201, 201, 201, 429, 429]);
    } finally {
      await api.backend.db.query('update private.settings set client_address_header = default');
    }
  });
});

describe('TRUST_PROXY in the environment', () => {
  it('must be a whole number', async () => {
    const before = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = 'yes';
    try {
      await expect(createBackend({ dataDir: 'memory', template: await migratedImage() })).rejects.toThrow(
        /TRUST_PROXY/,
      );
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
    }
  });
});
