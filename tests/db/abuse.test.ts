// The stand-in's defences: the rate limit, hostile query strings, and the private schema.
// (The same Postgres rules run on the real project; these need the owner's view or control
// over the client address, which only the stand-in gives.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunity } from '../../src/lib/community';
import { CHECK_CONSTRAINTS, LIMITS } from '../../src/lib/community/limits';
import { startBackend, tableCounts, type RunningBackend } from './harness';

describe('rate limit (5 inserts per table per 10 minutes per client)', () => {
  let api: RunningBackend;
  beforeAll(async () => {
    api = await startBackend({ rateLimit: 5 });
  });
  afterAll(() => api.stop());

  it('refuses the sixth insert from one address with 429 and PT429, and not another address', async () => {
    const first = api.client('203.0.113.7');
    for (let i = 1; i <= 5; i += 1) {
      const { status } = await first.from('posts').insert({ content: `message ${i}` });
      expect(status).toBe(201);
    }
    const sixth = await first.from('posts').insert({ content: 'message 6' });
    expect(sixth.status).toBe(429);
    expect(sixth.error?.code).toBe('PT429');

    const other = await api.client('198.51.100.2').from('posts').insert({ content: 'a different reader' });
    expect(other.status).toBe(201);
    // The limit is per table: the same reader may still propose an idea.
    const idea = await first.from('mota_ideas').insert({ issue: 'i', mitigation: 'm' });
    expect(idea.status).toBe(201);
  });

  it('uses the last x-forwarded-for entry: addresses a client prepends change nothing', async () => {
    const forged = await api.client('10.9.9.9, 203.0.113.7').from('posts').insert({ content: 'disguised' });
    expect(forged.status).toBe(429);
  });

  it('the data module words the refusal', async () => {
    const community = createCommunity(api.client('203.0.113.7'));
    await expect(community.addPost({ content: 'once more' })).rejects.toMatchObject({
      reason: 'rate-limited',
      title: 'Error submitting post',
    });
  });

  it('stores only salted hashes, in a schema anon cannot reach', async () => {
    const { rows } = await api.backend.db.query<{ client_hash: string }>(
      'select client_hash from private.recent_inserts',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { client_hash } of rows) expect(client_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('203.0.113.7');

    for (const sql of ['select * from private.recent_inserts', 'select * from private.settings']) {
      await expect(
        api.backend.db.transaction(async (tx) => {
          await tx.query("select set_config('role', 'anon', true)");
          await tx.query(sql);
        }),
      ).rejects.toMatchObject({ code: '42501' });
    }
    const table = await api.fetch('/rest/v1/recent_inserts');
    expect(table.status).toBe(404);
    const profile = await api.fetch('/rest/v1/settings', { headers: { 'accept-profile': 'private' } });
    expect(profile.status).toBe(406);
  });
});

describe('limits and constraints agree with src/lib/community/limits.ts', () => {
  let api: RunningBackend;
  beforeAll(async () => {
    api = await startBackend({ rateLimit: 0 });
  });
  afterAll(() => api.stop());

  it('the CHECK constraints in the database are exactly those the data module explains', async () => {
    const { rows } = await api.backend.db.query<{ conname: string }>(
      `select conname from pg_constraint
        where contype = 'c' and conrelid in ('public.posts'::regclass, 'public.mota_ideas'::regclass)
        order by conname`,
    );
    expect(rows.map((r) => r.conname)).toEqual(Object.keys(CHECK_CONSTRAINTS).sort());
  });

  it.each([
    ['posts', 'content', LIMITS.postContent, {}],
    ['posts', 'author_name', LIMITS.authorName, { content: 'hello' }],
    ['mota_ideas', 'issue', LIMITS.ideaIssue, { mitigation: 'm' }],
    ['mota_ideas', 'mitigation', LIMITS.ideaMitigation, { issue: 'i' }],
    ['mota_ideas', 'proposed_by', LIMITS.proposedBy, { issue: 'i', mitigation: 'm' }],
    ['mota_ideas', 'notes', LIMITS.ideaNotes, { issue: 'i', mitigation: 'm' }],
  ])('%s.%s takes exactly %i characters (counted as code points)', async (table, column, limit, rest) => {
    const client = api.client();
    // Astral characters: one character for Postgres, two UTF-16 units for JavaScript.
    const atLimit = '🌳'.repeat(limit);
    expect((await client.from(table).insert({ ...rest, [column]: atLimit })).status).toBe(201);
    const over = await client.from(table).insert({ ...rest, [column]: `${atLimit}x` });
    expect(over.status).toBe(400);
    expect(over.error?.message).toContain(`${table}_${column}_length`);
  });

  it.each([
    ['posts', LIMITS.postLinks, (text: string) => ({ content: text })],
    ['mota_ideas', LIMITS.ideaLinks, (text: string) => ({ issue: 'links', mitigation: text })],
  ])('%s takes exactly %i links', async (table, limit, row) => {
    const client = api.client();
    const links = (n: number) => Array.from({ length: n }, (_, i) => `https://example.org/${i}`).join(' ');
    expect((await client.from(table).insert(row(links(limit)) as Record<string, unknown>)).status).toBe(201);
    expect((await client.from(table).insert(row(links(limit + 1)) as Record<string, unknown>)).status).toBe(400);
  });

  it(`posts takes exactly ${LIMITS.postLines} lines, through the API`, async () => {
    const client = api.client();
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`).join('\n');
    expect((await client.from('posts').insert({ content: lines(LIMITS.postLines) })).status).toBe(201);
    const over = await client.from('posts').insert({ content: lines(LIMITS.postLines + 1) });
    expect(over.status).toBe(400);
    expect(over.error?.message).toContain('posts_content_lines');
    // The registry draws its text as one paragraph: its fields take line breaks freely.
    const idea = { issue: 'lines', mitigation: lines(LIMITS.postLines + 1) };
    expect((await client.from('mota_ideas').insert(idea)).status).toBe(201);
  });

  it('the data module explains each refusal in words', async () => {
    const community = createCommunity(api.client());
    // Sent straight to the database (skipping the module's own checks) to see its answer.
    const refused = await api
      .client()
      .from('posts')
      .insert({ content: 'x'.repeat(LIMITS.postContent + 1) });
    const { describeFailure } = await import('../../src/lib/community/messages');
    const error = describeFailure('submitPost', refused.error, refused.status);
    expect(error.reason).toBe('too-long');
    expect(error.description).toContain('2,000 characters');
    const tall = await api
      .client()
      .from('posts')
      .insert({ content: 'a\n'.repeat(LIMITS.postLines) });
    expect(describeFailure('submitPost', tall.error, tall.status)).toMatchObject({
      reason: 'too-many-lines',
      description: expect.stringContaining(`${LIMITS.postLines} lines`),
    });
    await expect(community.addPost({ content: 'a http://1 http://2 http://3' })).rejects.toMatchObject({
      reason: 'too-many-links',
    });
  });
});

describe('hostile requests get a 4xx and change nothing', () => {
  let api: RunningBackend;
  let before: { posts: number; ideas: number };
  beforeAll(async () => {
    api = await startBackend({ rateLimit: 0 });
    before = await tableCounts(api.backend);
  });
  afterAll(() => api.stop());

  const refused: [string, string][] = [
    ['SQL in order', '/rest/v1/posts?order=created_at;drop%20table%20posts'],
    ['SQL in order direction', '/rest/v1/posts?order=created_at.desc;delete'],
    ['function call in order', '/rest/v1/posts?order=pg_sleep(5)'],
    ['subquery in select', '/rest/v1/posts?select=id,(select%201)'],
    ['function in select', '/rest/v1/posts?select=pg_sleep(5)'],
    ['cast in select', '/rest/v1/posts?select=content::text'],
    ['unknown column in select', '/rest/v1/posts?select=password'],
    ['embedded resource', '/rest/v1/posts?select=*,mota_ideas(*)'],
    ['SQL as a filter column', '/rest/v1/posts?content%3Bdrop%20table%20posts=eq.1'],
    ['quoted filter column', '/rest/v1/posts?%22content%22=eq.1'],
    ['unknown operator', '/rest/v1/posts?content=sql.1'],
    ['no operator', '/rest/v1/posts?content=1'],
    ['bad is value', '/rest/v1/posts?content=is.drop'],
    ['unbalanced or', '/rest/v1/posts?or=(content.eq.a,id.gt.0))'],
    ['trailing SQL after or', '/rest/v1/posts?or=(content.eq.a)%20or%20true'],
    ['SQL column in or', '/rest/v1/posts?or=(1=1;--.eq.a)'],
    ['deep nesting', `/rest/v1/posts?or=${'or('.repeat(200)}id.eq.1${')'.repeat(200)}`.replace('or=or(', 'or=(')],
    ['typed value mismatch', '/rest/v1/posts?id=eq.one'],
    ['unknown table', '/rest/v1/users'],
    ['SQL table name', '/rest/v1/posts%3Bdrop%20table%20posts'],
    ['catalogue table', '/rest/v1/pg_catalog.pg_authid'],
    ['private table', '/rest/v1/private.settings'],
    ['path traversal', '/rest/v1/..%2Fprivate%2Fsettings'],
    ['rpc', '/rest/v1/rpc/pg_sleep'],
    ['huge limit', '/rest/v1/posts?limit=99999999999999999999999'],
    ['negative offset', '/rest/v1/posts?offset=-1'],
    ['scientific limit', '/rest/v1/posts?limit=1e9'],
    ['NUL in a value', '/rest/v1/posts?content=eq.a%00b'],
    ['NUL in a column', '/rest/v1/posts?con%00tent=eq.a'],
    ['unicode column', '/rest/v1/posts?%CF%80%CE%B5%CF%81%CE%B9%CE%B5%CF%87%CF%8C%CE%BC%CE%B5%CE%BD%CE%BF=eq.1'],
    ['unknown filter column', '/rest/v1/posts?select=id&x=eq.1'],
  ];

  it.each(refused)('%s', async (_name, path) => {
    const response = await api.fetch(path);
    expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });

  it('values are data, never SQL: quote tricks match nothing', async () => {
    const values = ["x' or '1'='1", "'); delete from posts; --", '%', '\\', '$1', '${x}'].map(encodeURIComponent);
    // Invalid UTF-8 (a lone surrogate's bytes) decodes to U+FFFD, an ordinary character.
    values.push('%ED%A0%80');
    for (const value of values) {
      const response = await api.fetch(`/rest/v1/posts?content=eq.${value}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    }
  });

  it('unicode values work: search, insert and read back', async () => {
    const client = api.client();
    const text = 'Η χαρουπιά θυμάται 🌳 — שָׁלוֹם — e\u0301';
    expect((await client.from('posts').insert({ content: text })).status).toBe(201);
    const { data } = await client.from('posts').select('content').eq('content', text);
    expect(data).toEqual([{ content: text }]);
    // The registry's search matches it too.
    expect((await client.from('mota_ideas').insert({ issue: text, mitigation: 'unicode' })).status).toBe(201);
    const { data: found } = await client.from('mota_ideas_matches').select('issue').ilike('issue', '%χαρουπιά%');
    expect(found).toEqual([{ issue: text }]);
    before.ideas += 1;
    before.posts += 1;
  });

  it('a huge limit is capped at max_rows', async () => {
    const response = await api.fetch('/rest/v1/posts?select=id&limit=100000000');
    expect(response.status).toBe(200);
    expect((await response.json()).length).toBeLessThanOrEqual(1000);
  });

  it('bad bodies: NUL, invalid JSON, wrong shapes, unknown columns', async () => {
    const post = (body: string) =>
      api.fetch('/rest/v1/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    for (const body of [
      '{"content":"a\\u0000b"}',
      '{"content":',
      '',
      '"just text"',
      '[1,2]',
      '{"content":"x","nope":1}',
      '[{"content":"a"},{"author_name":"b"}]',
    ]) {
      const response = await post(body);
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
    }
  });

  it('the tables are intact', async () => {
    expect(await tableCounts(api.backend)).toEqual(before);
    const { rows } = await api.backend.db.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'private') and table_type = 'BASE TABLE'",
    );
    expect(rows[0].n).toBe(5);
  });
});
