// `npm start` with DATABASE_URL: what it refuses before touching the database, provisioning
// a real PostgreSQL database (when `npm test` started a cluster) once, then again on a restart,
// and how it shares PostgREST's pool out: a few requests at PostgREST per client, and a statement
// deadline for visitors that the site's heaviest requests pass.
import { createClient } from '@supabase/supabase-js';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunity, IDEAS_PER_PAGE } from '../../src/lib/community';
import { createSelfHostedBackend } from '../../supabase/self-hosted/backend.mjs';
import { MAX_AT_POSTGREST_PER_CLIENT, MAX_REQUESTS_PER_CLIENT } from '../../supabase/self-hosted/gateway.mjs';
import { DEMO_JWT_SECRET, signKey } from '../../supabase/self-hosted/jwt.mjs';
import { provisionDatabase } from '../../supabase/self-hosted/provision.mjs';
import { DEV_ANON_KEY } from './harness';
import { realPostgrestMissing } from './postgrest-targets';

describe('self-hosted: keys', () => {
  const unreachable = 'postgres://postgres@127.0.0.1:1/postgres';

  it('refuses a JWT secret PostgREST would refuse', async () => {
    await expect(createSelfHostedBackend({ databaseUrl: unreachable, jwtSecret: 'short' })).rejects.toThrow(
      /JWT_SECRET must be at least 32 characters/,
    );
  });

  it('refuses pages built with a key the secret did not sign, or not for anon', async () => {
    const jwtSecret = randomBytes(32).toString('hex');
    for (const anonKey of [DEV_ANON_KEY, signKey(jwtSecret, 'service_role'), `${signKey(jwtSecret, 'anon')}x`]) {
      await expect(createSelfHostedBackend({ databaseUrl: unreachable, jwtSecret, anonKey })).rejects.toThrow(
        /PUBLIC_SUPABASE_ANON_KEY is not an anon key signed with JWT_SECRET/,
      );
    }
  });

  it('accepts the development key with the demonstration secret that signed it', async () => {
    // Past the key check, it fails only at the database, which is not there.
    await expect(
      createSelfHostedBackend({ databaseUrl: unreachable, jwtSecret: DEMO_JWT_SECRET, anonKey: DEV_ANON_KEY }),
    ).rejects.toThrow(/Preparing the database at 127\.0\.0\.1:1 failed/);
  });
});

const host = process.env.POSTGRES_TEST_HOST;
describe.skipIf(!host)('self-hosted: provisioning real PostgreSQL (skipped without a cluster)', () => {
  it('a new database gets the roles, every migration and the seed; a restart applies nothing again', async () => {
    const port = Number(process.env.POSTGRES_TEST_PORT ?? 5432);
    const database = `provision_${randomBytes(6).toString('hex')}`;
    const connect = (user: string, db: string) =>
      postgres({ path: join(host!, `.s.PGSQL.${port}`), user, database: db, max: 1, onnotice: () => {} });
    const admin = connect('supabase_admin', 'postgres');
    await admin.unsafe(`create database ${database} owner postgres`);
    const owner = connect('postgres', database);
    try {
      const first = await provisionDatabase(owner, { authenticatorPassword: 'pw' });
      expect(first.applied.length).toBeGreaterThan(5);
      expect(first.seeded).toBe(true);
      const [{ posts }] = await owner`select count(*)::int as posts from public.posts`;
      expect(posts).toBeGreaterThan(0);

      await owner`insert into public.posts (content) values ('written between two starts')`;
      const second = await provisionDatabase(owner, { authenticatorPassword: 'pw' });
      expect(second).toEqual({ applied: [], seeded: false });
      const [{ after }] = await owner`select count(*)::int as after from public.posts`;
      expect(after).toBe(posts + 1);
      const recorded = await owner`select version from supabase_migrations.schema_migrations`;
      expect(recorded).toHaveLength(first.applied.length);
      // A visitor's statements get a deadline their heaviest request passes (below).
      const [{ settings }] = await owner`select rolconfig as settings from pg_roles where rolname = 'anon'`;
      expect(settings).toContain('statement_timeout=1s');
    } finally {
      await owner.end();
      await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  });
});

const missing = realPostgrestMissing();
describe.skipIf(missing)(`self-hosted: sharing out real PostgREST${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const port = Number(process.env.POSTGRES_TEST_PORT ?? 5432);
  const database = `sharing_${randomBytes(6).toString('hex')}`;
  const connect = (user: string, db: string) =>
    postgres({ path: join(host!, `.s.PGSQL.${port}`), user, database: db, max: 1, onnotice: () => {} });
  let admin: postgres.Sql;
  let owner: postgres.Sql;
  let backend: Awaited<ReturnType<typeof createSelfHostedBackend>>;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    admin = connect('supabase_admin', 'postgres');
    await admin.unsafe(`create database ${database} owner postgres`);
    owner = connect('postgres', database);
    backend = await createSelfHostedBackend({
      databaseUrl: `postgres://postgres@localhost:${port}/${database}?host=${encodeURIComponent(host!)}`,
      jwtSecret: DEMO_JWT_SECRET,
      anonKey: DEV_ANON_KEY,
      // One proxy trusted: X-Forwarded-For names each request's client.
      trustProxy: 1,
      rateLimit: 0,
    });
    server = createServer((req, res) => {
      void backend.handle(req, res).then((handled) => handled || res.writeHead(404).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // PostgREST loads its schema cache again once it listens for notifications; a lock taken
    // on the posts before then would hold that load rather than the visitors' reads. Settled:
    // listening, and nothing running for a while.
    const settled = async () => {
      const [{ listening, busy }] = await admin`
        select count(*) filter (where query like 'LISTEN%')::int as listening,
               count(*) filter (where state = 'active')::int as busy
          from pg_stat_activity where datname = ${database} and usename = 'authenticator'`;
      return listening === 1 && busy === 0;
    };
    for (let quiet = 0; quiet < 5; quiet = (await settled()) ? quiet + 1 : 0)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }, 60_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await backend?.close();
    await owner?.end();
    await admin?.unsafe(`drop database if exists ${database} with (force)`);
    await admin?.end();
  });

  /** A read of `table` from `address`: its status, error code, and when it was answered. */
  async function read(table: string, address: string) {
    const response = await fetch(`${base}/rest/v1/${table}?select=id&limit=1`, {
      headers: { apikey: DEV_ANON_KEY, 'x-forwarded-for': address },
    });
    const body = await response.json();
    return { status: response.status, code: body?.code as string | undefined, at: performance.now(), response, body };
  }

  /** Holds an exclusive lock on the posts until `release` is called: a visitor's read of them waits. */
  async function lockPosts() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const done = owner.begin(async (tx) => {
      await tx`lock table public.posts in access exclusive mode`;
      locked();
      await released;
    });
    await isLocked;
    return async () => {
      release();
      await done;
    };
  }

  /** Visitors' statements waiting for a lock in this database. */
  async function waiting() {
    const [{ count }] = await admin`
      select count(*)::int as count from pg_stat_activity
       where datname = ${database} and wait_event_type = 'Lock' and usename = 'authenticator'`;
    return count as number;
  }

  it('a client has a few requests at PostgREST at once, the rest wait their turn or get 429 PT429, while another client is answered', async () => {
    const unlock = await lockPosts();
    try {
      // Twenty slow reads at once from one client: more than PostgREST's pool of 10, and more
      // than a client may have in flight.
      const burst = 20;
      const attack = Array.from({ length: burst }, () => read('posts', '198.51.100.1'));
      await expect.poll(waiting, { timeout: 5000, interval: 20 }).toBe(MAX_AT_POSTGREST_PER_CLIENT);
      // And no more, once every one of them has had time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await waiting()).toBe(MAX_AT_POSTGREST_PER_CLIENT);
      const visitor = await read('mota_ideas', '203.0.113.7');
      expect(visitor.status).toBe(200);
      const answers = await Promise.all(attack);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(burst - MAX_REQUESTS_PER_CLIENT);
      for (const answer of refused) {
        expect(answer.code).toBe('PT429');
        expect(answer.response.headers.get('retry-after')).toBe('1');
        expect(answer.body).toMatchObject({ message: expect.stringMatching(/too many requests/i) });
      }
      // The visitor did not wait for the attacker's reads, which the lock held.
      const held = answers.filter((answer) => answer.status !== 429);
      for (const answer of held) expect(answer.at).toBeGreaterThan(visitor.at);
    } finally {
      await unlock();
    }
  }, 30_000);

  it("anon's statement_timeout stops a visitor's statement at 1 s, as PostgREST answers it (500, 57014)", async () => {
    const unlock = await lockPosts();
    try {
      const started = performance.now();
      const stopped = await read('posts', '198.51.100.2');
      const took = performance.now() - started;
      expect(stopped).toMatchObject({ status: 500, code: '57014' });
      expect(took).toBeGreaterThanOrEqual(900);
      // Supabase's 3 s would still be waiting.
      expect(took).toBeLessThan(2500);
    } finally {
      await unlock();
    }
  }, 30_000);

  it("the site's heaviest requests on 100,000 ideas and posts are answered within that deadline", async () => {
    // As the superuser with triggers off: the rate limit's trigger would make seeding take minutes.
    const seeder = connect('supabase_admin', database);
    await seeder.unsafe(`
      set session_replication_role = replica;
      insert into public.posts (content, author_name, created_at)
      select 'Seeded post number ' || g, 'Reader ' || (g % 97), now() - g * interval '1 minute'
        from generate_series(1, 100000) g;
      insert into public.mota_ideas (issue, mitigation, proposed_by, created_at)
      select 'Seeded issue ' || g || ' about ' || left(md5((g % 1000)::text), 8), 'Seeded mitigation ' || g,
             'Reader ' || (g % 97), now() - g * interval '1 minute'
        from generate_series(1, 100000) g;
      analyze public.posts;
      analyze public.mota_ideas;
    `);
    await seeder.end();
    const client = createClient(base, DEV_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const community = createCommunity(client);
    // The registry search with its longest text (its count reads every idea), a word that
    // occurs in 100 of them, the forum's and the registry's last pages by offset, and a whole
    // export of the search: each throws on a refused or stopped request.
    const longest = await community.listIdeas({ filter: 'an issue nobody wrote about in any idea!' });
    expect(longest.total).toBe(0);
    const word = await community.listIdeas({ filter: 'c4ca4238' });
    expect(word.total).toBe(100);
    const lastPosts = await community.listPosts({ page: 10_000 });
    expect(lastPosts.rows.length).toBeGreaterThan(0);
    const lastIdeas = await community.listIdeas({ page: 100_000 / IDEAS_PER_PAGE });
    expect(lastIdeas.rows.length).toBeGreaterThan(0);
    expect(await community.allMatchingIdeas('c4ca4238')).toHaveLength(100);
    // Seeding is most of this test's time: seconds on an idle machine, a minute on a busy one.
  }, 240_000);
});
