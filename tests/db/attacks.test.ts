// The SQL-level attack list, run the way PostgREST runs a request (one transaction per request,
// `role` set to anon, the request headers in `request.headers`) on two servers: the embedded
// PGlite every run has, and a real PostgreSQL cluster shaped like a Supabase project when
// `npm test` started one (scripts/postgres-cluster.mjs sets POSTGRES_TEST_HOST/PORT).
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../supabase/embedded/backend.mjs';
import { DEV_ANON_KEY, migratedImage } from './harness';

type Row = Record<string, unknown>;

interface Server {
  /** One request's transaction as a visitor whose proxy-appended address is `address`. */
  visitor(address: string, sql: string, params?: unknown[]): Promise<Row[]>;
  /** As the project owner (`postgres` on Supabase). */
  owner(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

const headers = (address: string) => JSON.stringify({ 'x-forwarded-for': `10.0.0.1, ${address}` });
const setVisitor =
  "select set_config('role', 'anon', true), set_config('request.jwt.claims', '{\"role\":\"anon\"}', true), set_config('request.headers', $1, true)";

async function pglite(): Promise<Server> {
  const backend = await createBackend({ dataDir: 'memory', template: await migratedImage(), anonKey: DEV_ANON_KEY });
  return {
    visitor: (address, sql, params = []) =>
      backend.db.transaction(async (tx) => {
        await tx.query(setVisitor, [headers(address)]);
        return (await tx.query<Row>(sql, params)).rows;
      }),
    owner: async (sql, params = []) => (await backend.db.query<Row>(sql, params)).rows,
    close: () => backend.close(),
  };
}

function realPostgres(host: string, port: number): Server {
  const connect = (user: string) =>
    postgres({ path: join(host, `.s.PGSQL.${port}`), user, database: 'postgres', max: 40, onnotice: () => {} });
  // PostgREST logs in as authenticator and switches role per request.
  const api = connect('authenticator');
  const owner = connect('postgres');
  return {
    visitor: (address, sql, params = []) =>
      api.begin(async (tx) => {
        await tx.unsafe(setVisitor, [headers(address)]);
        return [...(await tx.unsafe(sql, params as never[]))] as Row[];
      }) as Promise<Row[]>,
    owner: async (sql, params = []) => [...(await owner.unsafe(sql, params as never[]))] as Row[],
    close: async () => {
      await Promise.all([api.end(), owner.end()]);
    },
  };
}

/** A fresh client address per test, so runs against a long-lived cluster never share a bucket. */
const freshAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

async function sqlstate(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { code?: string }).code);
  }
  return 'no error';
}

const realHost = process.env.POSTGRES_TEST_HOST;
const realPort = Number(process.env.POSTGRES_TEST_PORT ?? 5432);
const servers: [string, () => Promise<Server> | Server][] = [
  ['PGlite (embedded)', pglite],
  [
    realHost
      ? 'PostgreSQL (Supabase roles)'
      : 'PostgreSQL (skipped: npm test starts a cluster when PostgreSQL is installed)',
    () => realPostgres(realHost!, realPort),
  ],
];

describe.each(servers)('attacks on %s', (name, open) => {
  const skip = name.includes('skipped');
  let db: Server;
  let hiddenPost: number;
  let hiddenIdea: number;

  beforeAll(async () => {
    if (skip) return;
    db = await open();
    hiddenPost = Number(
      (
        await db.owner(
          "insert into public.posts (content, is_hidden) values ('attack: hidden post', true) returning id",
        )
      )[0].id,
    );
    hiddenIdea = Number(
      (
        await db.owner(
          "insert into public.mota_ideas (issue, mitigation, is_hidden) values ('attack: hidden', 'idea', true) returning id",
        )
      )[0].id,
    );
  }, 60_000);
  afterAll(async () => {
    if (db) {
      await db.owner('delete from public.posts where id = $1', [hiddenPost]);
      await db.owner('delete from public.mota_ideas where id = $1', [hiddenIdea]);
      await db.close();
    }
  });

  it.skipIf(skip).each([
    ['update a post', "update public.posts set content = 'defaced'"],
    ['unhide a post', 'update public.posts set is_hidden = false'],
    ['update an idea', "update public.mota_ideas set proposed_by = 'someone else'"],
    ['delete posts', 'delete from public.posts'],
    ['delete ideas', 'delete from public.mota_ideas'],
    ['truncate', 'truncate public.posts'],
    [
      'upsert over an existing post',
      "insert into public.posts (id, content) values (1, 'x') on conflict (id) do update set content = 'defaced'",
    ],
    ['choose an id', "insert into public.posts (id, content) values (987654, 'x')"],
    ['backdate a post', "insert into public.posts (content, created_at) values ('x', now() - interval '1 year')"],
    ['post hidden', "insert into public.posts (content, is_hidden) values ('x', false)"],
    ['choose an idea id', "insert into public.mota_ideas (id, issue, mitigation) values (987654, 'i', 'm')"],
    ['draw ids', "select nextval('public.posts_id_seq')"],
    ['read the rate-limit bookkeeping', 'select * from private.recent_inserts'],
    ['read the settings', 'select * from private.settings'],
    ['turn the rate limit off', 'update private.settings set inserts_per_window = 0'],
    ['call the trigger function', 'select private.enforce_insert_rate_limit()'],
    ['insert through the search view', "insert into public.mota_ideas_search (issue, mitigation) values ('i', 'm')"],
    ['update through the search view', "update public.mota_ideas_search set issue = 'defaced'"],
    ['delete through the search view', 'delete from public.mota_ideas_search'],
    ['update through the matches view', "update public.mota_ideas_matches set issue = 'defaced'"],
    ['delete through the matches view', 'delete from public.mota_ideas_matches'],
    ['insert through the matches view', "insert into public.mota_ideas_matches (issue, mitigation) values ('i', 'm')"],
    ['update the totals', 'update public.community_totals set posts = 0'],
    ['insert into the totals', 'insert into public.community_totals (posts, mota_ideas) values (0, 0)'],
    ['delete the totals', 'delete from public.community_totals'],
    ['change the kept totals', 'update private.visible_totals set visible = 0'],
  ])('refuses: %s (42501)', async (_what, sql) => {
    expect(await sqlstate(db.visitor(freshAddress(), sql))).toBe('42501');
  });

  it.skipIf(skip)('hidden rows: not listed, not counted, not found by id, not matched by a filter', async () => {
    const address = freshAddress();
    expect(await db.visitor(address, 'select id from public.posts where id = $1', [hiddenPost])).toEqual([]);
    expect(await db.visitor(address, 'select id from public.mota_ideas where id = $1', [hiddenIdea])).toEqual([]);
    // The registry's search view carries the same rule as the table's policy.
    expect(await db.visitor(address, 'select id from public.mota_ideas_search where id = $1', [hiddenIdea])).toEqual(
      [],
    );
    expect(
      await db.visitor(address, "select id from public.mota_ideas_search where issue ilike '%attack: hidden%'"),
    ).toEqual([]);
    expect(
      await db.visitor(address, "select id from public.mota_ideas_matches where issue ilike '%attack: hidden%'"),
    ).toEqual([]);
    expect(await db.visitor(address, 'select id from public.posts where is_hidden')).toEqual([]);
    expect(await db.visitor(address, "select id from public.posts where content ilike '%attack: hidden%'")).toEqual([]);
    const [visible] = await db.visitor(address, 'select count(*)::int as n from public.posts');
    const [all] = await db.owner('select count(*)::int as n from public.posts where not is_hidden');
    expect(visible.n).toBe(all.n);
    // The kept totals agree, hidden rows left out.
    const [totals] = await db.visitor(address, 'select posts::int, mota_ideas::int from public.community_totals');
    const [ideas] = await db.owner('select count(*)::int as n from public.mota_ideas where not is_hidden');
    expect(totals).toEqual({ posts: all.n, mota_ideas: ideas.n });
    // Read-only for the owner too (a trigger refuses, with the same code).
    expect(await sqlstate(db.owner('update public.community_totals set posts = 0'))).toBe('42501');
  });

  it.skipIf(skip).each([
    ['only Unicode spaces', 'posts', { content: '\u3000\u2003\ufeff\u00a0 \n' }, '23514'],
    ['2,001 astral characters', 'posts', { content: '🌳'.repeat(2001) }, '23514'],
    ['links in capitals', 'posts', { content: 'HTTPS://a WWW.b Http://c' }, '23514'],
    ['an empty name', 'posts', { content: 'hi', author_name: '' }, '23514'],
    ['a 61-character name', 'posts', { content: 'hi', author_name: 'n'.repeat(61) }, '23514'],
    ['no content', 'posts', { content: null }, '23502'],
    [
      'links spread across an idea',
      'mota_ideas',
      { issue: 'http://a', mitigation: 'https://b www.c', notes: 'www.d' },
      '23514',
    ],
    ['empty notes', 'mota_ideas', { issue: 'i', mitigation: 'm', notes: '' }, '23514'],
    ['a blank issue', 'mota_ideas', { issue: '\t\u2028', mitigation: 'm' }, '23514'],
    ['no proposer', 'mota_ideas', { issue: 'i', mitigation: 'm', proposed_by: null }, '23502'],
  ])('refuses a CHECK bypass: %s', async (_what, table, row, code) => {
    const columns = Object.keys(row);
    const sql = `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;
    expect(await sqlstate(db.visitor(freshAddress(), sql, Object.values(row)))).toBe(code);
  });

  it.skipIf(skip)(
    'rate limit: 40 parallel sessions from one address get exactly 5 rows in',
    async () => {
      const address = freshAddress();
      const tag = `attack: parallel ${address}`;
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          db.visitor(address, 'insert into public.posts (content) values ($1)', [`${tag} #${i}`]),
        ),
      );
      const refused = results
        .filter((r) => r.status === 'rejected')
        .map((r) => (r as PromiseRejectedResult).reason.code);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      expect(refused).toEqual(Array(35).fill('PT429'));
      const [stored] = await db.owner('select count(*)::int as n from public.posts where content like $1', [
        `${tag} #%`,
      ]);
      expect(stored.n).toBe(5);
      const [total] = await db.owner('select posts::int as n from public.community_totals');
      const [counted] = await db.owner('select count(*)::int as n from public.posts where not is_hidden');
      expect(total.n).toBe(counted.n);
    },
    60_000,
  );

  it.skipIf(skip)('rate limit: six rows in one statement are refused whole', async () => {
    const address = freshAddress();
    const tag = `attack: batch ${address}`;
    expect(
      await sqlstate(
        db.visitor(address, 'insert into public.posts (content) select $1 || g from generate_series(1, 6) g', [tag]),
      ),
    ).toBe('PT429');
    const [stored] = await db.owner('select count(*)::int as n from public.posts where content like $1', [`${tag}%`]);
    expect(stored.n).toBe(0);
  });
});
