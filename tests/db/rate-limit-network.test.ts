// The rate limit's buckets through supabase-js: one per IPv4 address, one per IPv6 /64,
// whatever the spelling of the address. (supabase/tests/database/rate_limit_network.test.sql
// holds the same rules at the SQL level.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from './harness';

describe('rate limit buckets: IPv4 by address, IPv6 by /64', () => {
  let api: RunningBackend;
  beforeAll(async () => {
    api = await startBackend({ rateLimit: 5 });
  });
  afterAll(() => api.stop());

  const post = async (address: string, content: string) =>
    (await api.client(address).from('posts').insert({ content })).status;

  it('six addresses in one /64 get five rows in total', async () => {
    const addresses = [
      '2001:db8:1:1::1',
      '2001:db8:1:1::2',
      '2001:db8:1:1:a::3',
      '2001:db8:1:1:b::4',
      '2001:db8:1:1:ffff:ffff:ffff:ffff',
      '2001:db8:1:1:c::6',
    ];
    const statuses = [];
    for (const [i, address] of addresses.entries()) statuses.push(await post(address, `rotating ${i}`));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('two /64s get five rows each', async () => {
    for (const prefix of ['2001:db8:2:1', '2001:db8:2:2']) {
      const statuses = [];
      for (let i = 1; i <= 6; i += 1) statuses.push(await post(`${prefix}::${i}`, `${prefix} ${i}`));
      expect(statuses, prefix).toEqual([201, 201, 201, 201, 201, 429]);
    }
  });

  it('four spellings of one address share a bucket', async () => {
    const spellings = [
      '2001:db8:3::7',
      '2001:DB8:3::7',
      '2001:0db8:0003:0000:0000:0000:0000:0007',
      '[2001:db8:3:0:0:0:0:7]:443',
    ];
    const statuses = [];
    for (const [i, address] of [...spellings, ...spellings].entries())
      statuses.push(await post(address, `spelling ${i}`));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);

    const v4 = ['192.0.2.44', '::ffff:192.0.2.44', '::FFFF:C000:022C', '192.0.2.44:5000'];
    const v4Statuses = [];
    for (const [i, address] of [...v4, ...v4].entries()) v4Statuses.push(await post(address, `v4 spelling ${i}`));
    expect(v4Statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it('text that is no address shares one bucket, apart from requests with no address', async () => {
    const statuses = [];
    for (const [i, junk] of ['junk-1', 'junk-2', 'nope', '999.1.1.1', 'fe80::1%eth0', 'x'].entries())
      statuses.push(await post(junk, `junk ${i}`));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // A well-formed address is unaffected by the shared bucket.
    expect(await post('192.0.2.99', 'a real address')).toBe(201);
  });
});
