// The stand-in speaks PostgREST's HTTP as supabase-js and browsers expect it: CORS,
// the API key, body limits, ranges and counts, inserts in their several shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ANON_KEY, startBackend, type RunningBackend } from './harness';

let api: RunningBackend;
beforeAll(async () => {
  api = await startBackend({ rateLimit: 0 });
});
afterAll(() => api.stop());

const json = { 'content-type': 'application/json' };

describe('routing, CORS and the API key', () => {
  it('leaves paths outside /rest/v1 to the static server', async () => {
    for (const path of ['/', '/forum', '/rest', '/rest/v10/posts', '/restv1/posts']) {
      const response = await fetch(`${api.url}${path}`);
      expect(await response.text(), path).toBe('not the API');
    }
  });

  it('answers a preflight from another origin without a key', async () => {
    const response = await fetch(`${api.url}/rest/v1/posts`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, prefer',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('prefer');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('refuses a missing or wrong key with 401', async () => {
    const missing = await fetch(`${api.url}/rest/v1/posts`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    const wrong = await fetch(`${api.url}/rest/v1/posts`, { headers: { apikey: `${DEV_ANON_KEY}x` } });
    expect(wrong.status).toBe(401);
    const wrongBearer = await fetch(`${api.url}/rest/v1/posts`, {
      headers: { apikey: DEV_ANON_KEY, authorization: 'Bearer someone-else' },
    });
    expect(wrongBearer.status).toBe(401);
    const asParam = await fetch(`${api.url}/rest/v1/posts?select=id&apikey=${DEV_ANON_KEY}`);
    expect(asParam.status).toBe(200);
  });

  it('marks every reply nosniff: rows, errors and writes', async () => {
    const replies = [
      await api.fetch('/rest/v1/posts?select=id&limit=1'),
      await fetch(`${api.url}/rest/v1/posts`),
      await api.fetch('/rest/v1/posts?id=eq.one'),
      await api.fetch('/rest/v1/posts', { method: 'POST', headers: json, body: '{"content":"nosniff check"}' }),
    ];
    for (const reply of replies)
      expect(reply.headers.get('x-content-type-options'), String(reply.status)).toBe('nosniff');
  });

  it('refuses methods PostgREST does not know', async () => {
    expect((await api.fetch('/rest/v1/posts', { method: 'PUT', headers: json, body: '{}' })).status).toBe(405);
  });
});

describe('bodies', () => {
  it('413 for more than 64 KB, declared or streamed', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(70_000) });
    const declared = await api.fetch('/rest/v1/posts', { method: 'POST', headers: json, body: big });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await api.fetch('/rest/v1/posts', {
      method: 'POST',
      headers: json,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('415 for a body that is not declared JSON (a cross-site form cannot post)', async () => {
    const form = await fetch(`${api.url}/rest/v1/posts?apikey=${DEV_ANON_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"content":"posted by another site"}',
    });
    expect(form.status).toBe(415);
    const urlencoded = await api.fetch('/rest/v1/posts', {
      method: 'POST',
      body: new URLSearchParams({ content: 'x' }),
    });
    expect(urlencoded.status).toBe(415);
  });

  it('400 for invalid JSON', async () => {
    const response = await api.fetch('/rest/v1/posts', {
      method: 'POST',
      headers: json,
      body: '{"content": "unfinished',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('PGRST102');
  });
});

describe('reads', () => {
  it('pages with offset/limit and reports Content-Range with an exact count', async () => {
    const response = await api.fetch('/rest/v1/posts?select=id&order=id.asc&offset=2&limit=3', {
      headers: { prefer: 'count=exact' },
    });
    const { rows } = await api.backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.posts where not is_hidden',
    );
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`2-4/${rows[0].n}`);
    expect((await response.json()).length).toBe(3);
  });

  it('HEAD with a count has headers and no body', async () => {
    const response = await api.fetch('/rest/v1/mota_ideas?select=id', {
      method: 'HEAD',
      headers: { prefer: 'count=exact' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toMatch(/^(\*|0-\d+)\/\d+$/);
    expect(await response.text()).toBe('');
  });

  it('416 for an offset past the end of a counted set', async () => {
    const response = await api.fetch('/rest/v1/posts?offset=100000&limit=10', { headers: { prefer: 'count=exact' } });
    expect(response.status).toBe(416);
    expect((await response.json()).code).toBe('PGRST103');
  });

  it('supports eq, neq, lt, gt, is, in, not and nested or/and', async () => {
    const client = api.client();
    const ids = async (query: PromiseLike<{ data: { id: number }[] | null; error: unknown }>) => {
      const { data, error } = await query;
      expect(error).toBeNull();
      return (data ?? []).map((row) => row.id);
    };
    const posts = () => client.from('posts').select('id').order('id');
    expect(await ids(posts().eq('id', 2))).toEqual([2]);
    expect(await ids(posts().lt('id', 3))).toEqual([1, 2]);
    expect(await ids(posts().gt('id', 5).lt('id', 7))).toEqual([6]);
    expect(await ids(posts().neq('id', 1).lt('id', 4))).toEqual([2, 3]);
    expect(await ids(posts().in('id', [1, 3, 5]))).toEqual([1, 3, 5]);
    expect(await ids(posts().is('author_name', null).lt('id', 8))).toEqual([3]);
    expect(await ids(posts().not('author_name', 'is', null).lt('id', 3))).toEqual([1, 2]);
    expect(await ids(posts().or('id.eq.1,and(id.gt.5,id.lt.7)'))).toEqual([1, 6]);
  });

  it('orders by several columns, with nulls first or last', async () => {
    const { data } = await api
      .client()
      .from('posts')
      .select('id, author_name')
      .lt('id', 8)
      .order('author_name', { ascending: true, nullsFirst: true })
      .order('id', { ascending: false });
    expect(data?.[0]).toEqual({ id: 3, author_name: null });
  });

  it('.single() returns one object, or 406 when there is not exactly one row', async () => {
    const one = await api.client().from('posts').select('id').eq('id', 1).single();
    expect(one.data).toEqual({ id: 1 });
    const none = await api.client().from('posts').select('id').eq('id', -1).single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
  });

  it('renames columns with alias:column', async () => {
    const { data } = await api.client().from('posts').select('key:id').eq('id', 1);
    expect(data).toEqual([{ key: 1 }]);
  });
});

describe('inserts', () => {
  it('an object with no Prefer: 201 and an empty body', async () => {
    const response = await api.fetch('/rest/v1/posts', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ content: 'minimal' }),
    });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('');
  });

  it('an array with return=representation: 201 and the rows, as selected', async () => {
    const { data, status } = await api
      .client()
      .from('mota_ideas')
      .insert([
        { issue: 'a', mitigation: 'b' },
        { issue: 'c', mitigation: 'd', notes: 'e' },
      ])
      .select('issue, proposed_by, notes');
    expect(status).toBe(201);
    expect(data).toEqual([
      { issue: 'a', proposed_by: 'Anonymous', notes: null },
      { issue: 'c', proposed_by: 'Anonymous', notes: 'e' },
    ]);
  });

  it('rows with different keys: a missing key is null, or the default with missing=default', async () => {
    const nulls = await api
      .client()
      .from('mota_ideas')
      .insert([
        { issue: 'a', mitigation: 'b' },
        { issue: 'c', mitigation: 'd', proposed_by: 'Yiannis' },
      ]);
    // proposed_by is NOT NULL: the first row's missing key became null and was refused.
    expect(nulls.status).toBe(400);
    expect(nulls.error?.code).toBe('23502');
    const defaults = await api
      .client()
      .from('mota_ideas')
      .insert(
        [
          { issue: 'a', mitigation: 'b' },
          { issue: 'c', mitigation: 'd', proposed_by: 'Yiannis' },
        ],
        { defaultToNull: false },
      )
      .select('proposed_by');
    expect(defaults.status).toBe(201);
    expect(defaults.data).toEqual([{ proposed_by: 'Anonymous' }, { proposed_by: 'Yiannis' }]);
  });

  it('an upsert that would update is refused by Postgres (no UPDATE privilege)', async () => {
    const { status, error } = await api.client().from('posts').upsert({ id: 1, content: 'overwrite' });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('an empty PATCH is still refused by Postgres', async () => {
    const { status, error } = await api.client().from('posts').update({}).eq('id', 1);
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('an empty array inserts nothing', async () => {
    const { status } = await api.client().from('posts').insert([]);
    expect(status).toBe(201);
  });
});
