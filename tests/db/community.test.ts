// src/lib/community/index.ts against the embedded backend: paging, the registry filter's escaping,
// the random pick and the CSV export's batching.
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH_SIZE, createCommunity, type Community } from '../../src/lib/community';
import { DEV_ANON_KEY, startBackend, type RunningBackend } from './harness';

let api: RunningBackend;
let community: Community;

beforeAll(async () => {
  api = await startBackend({ rateLimit: 0 });
  community = createCommunity(api.client());
  // A known forum: 25 posts a minute apart, replacing the seed.
  await api.backend.db.exec(`
    delete from public.posts;
    insert into public.posts (content, created_at)
    select 'post ' || g, now() - interval '1 hour' + g * interval '1 minute' from generate_series(1, 25) g;
  `);
});
afterAll(() => api.stop());

describe('listPosts', () => {
  const contents = (page: { rows: { content: string }[] }) => page.rows.map((post) => post.content);

  it('page 1 holds the newest posts, oldest first within the page', async () => {
    const page = await community.listPosts({ page: 1, pageSize: 10 });
    expect(contents(page)).toEqual(Array.from({ length: 10 }, (_, i) => `post ${16 + i}`));
    expect(page).toMatchObject({ total: 25, page: 1, pageCount: 3, pageSize: 10 });
  });

  it('the last page holds the oldest', async () => {
    const page = await community.listPosts({ page: 3, pageSize: 10 });
    expect(contents(page)).toEqual(['post 1', 'post 2', 'post 3', 'post 4', 'post 5']);
  });

  it('a page past the end shows the last page', async () => {
    const page = await community.listPosts({ page: 9, pageSize: 10 });
    expect(page.page).toBe(3);
    expect(contents(page)[0]).toBe('post 1');
  });

  it('hidden posts are neither listed nor counted', async () => {
    await api.backend.db.exec("update public.posts set is_hidden = true where content = 'post 25'");
    const page = await community.listPosts({ page: 1, pageSize: 10 });
    expect(page.total).toBe(24);
    expect(contents(page)).not.toContain('post 25');
    await api.backend.db.exec("update public.posts set is_hidden = false where content = 'post 25'");
  });
});

describe('listIdeas filter', () => {
  beforeAll(async () => {
    await api.backend.db.exec(`
      delete from public.mota_ideas;
      insert into public.mota_ideas (issue, mitigation, proposed_by, created_at) values
        ('Prices 50% off', 'Label discounts honestly', 'Maro', now() - interval '5 minutes'),
        ('Prices 50 off', 'Nothing to escape here', 'Theo', now() - interval '4 minutes'),
        ('snake_case names', 'Use words', 'Lena', now() - interval '3 minutes'),
        ('snakeXcase names', 'Also words', 'Lena', now() - interval '2 minutes'),
        ('Commas, (parentheses) and "quotes"', 'Escape them', 'Andreas', now() - interval '1 minute'),
        ('Back\\slash', 'Keep it literal', 'Sofia', now());
    `);
  });

  const issues = async (filter: string) => (await community.listIdeas({ filter })).rows.map((idea) => idea.issue);

  it('matches issue, mitigation or proposer, ignoring case, newest first', async () => {
    expect(await issues('LENA')).toEqual(['snakeXcase names', 'snake_case names']);
    expect(await issues('label')).toEqual(['Prices 50% off']);
  });

  it('treats % and _ as the characters typed', async () => {
    expect(await issues('50%')).toEqual(['Prices 50% off']);
    expect(await issues('snake_case')).toEqual(['snake_case names']);
  });

  it('keeps commas, parentheses, quotes and backslashes from changing the filter', async () => {
    expect(await issues('commas, (parentheses) and "quotes"')).toEqual(['Commas, (parentheses) and "quotes"']);
    expect(await issues('),issue.ilike.*')).toEqual([]);
    expect(await issues('back\\slash')).toEqual(['Back\\slash']);
  });

  it('pages and counts the matches', async () => {
    const page = await community.listIdeas({ filter: 'names', page: 2, pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 2, pageCount: 2 });
    expect(page.rows.map((idea) => idea.issue)).toEqual(['snake_case names']);
  });
});

/** The community calls through a client that counts the requests it sends, as a press would. */
function counted(random?: () => number): { community: Community; requests: string[] } {
  const requests: string[] = [];
  const client = new PostgrestClient(`${api.url}/rest/v1`, {
    headers: { apikey: DEV_ANON_KEY, Authorization: `Bearer ${DEV_ANON_KEY}` },
    fetch: (input, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    },
  });
  return { community: createCommunity(client, random), requests };
}

describe('randomIdea and allMatchingIdeas', () => {
  it('picks the idea at a random offset, and null for an empty registry', async () => {
    const first = await createCommunity(api.client(), () => 0).randomIdea();
    const last = await createCommunity(api.client(), () => 0.9999).randomIdea();
    expect(first?.issue).toBe('Back\\slash');
    expect(last?.issue).toBe('Prices 50% off');
  });

  it('with the total a page read, is one request; with a stale one, asks for the total', async () => {
    const { total } = await community.listIdeas();
    const known = counted(() => 0.9999);
    expect((await known.community.randomIdea(total))?.issue).toBe('Prices 50% off');
    expect(known.requests).toEqual(['GET /rest/v1/mota_ideas_search']);
    // Ideas hidden since the page was read: the offset runs past the end.
    const stale = counted(() => 0.9999);
    expect((await stale.community.randomIdea(total + 5))?.issue).toBe('Prices 50% off');
    expect(stale.requests).toEqual([
      'GET /rest/v1/mota_ideas_search',
      'GET /rest/v1/community_totals',
      'GET /rest/v1/mota_ideas_search',
    ]);
  });

  it('a total from the client only says where to look: wrong, stale, negative or huge, the answer is a visible idea', async () => {
    const visible = new Set((await community.allMatchingIdeas()).map((idea) => idea.id));
    const { total } = await community.listIdeas();
    for (const known of [-3, 0, 1, 2.5, total - 1, total + 5, 1e6, Number.MAX_SAFE_INTEGER, 1e300, Infinity, NaN]) {
      for (const at of [0, 0.5, 0.9999]) {
        const idea = await createCommunity(api.client(), () => at).randomIdea(known);
        expect(idea && visible.has(idea.id), `total ${known}, at ${at}`).toBe(true);
      }
    }
  });

  it('an idea hidden after the page was read is never the answer', async () => {
    const { total, rows } = await community.listIdeas();
    const newest = rows[0]!;
    await api.backend.db.exec(`update public.mota_ideas set is_hidden = true where id = ${newest.id}`);
    try {
      for (const at of [0, 0.5, 0.9999]) {
        const idea = await createCommunity(api.client(), () => at).randomIdea(total);
        expect(idea).not.toBeNull();
        expect(idea?.id).not.toBe(newest.id);
      }
    } finally {
      await api.backend.db.exec(`update public.mota_ideas set is_hidden = false where id = ${newest.id}`);
    }
  });

  it('collects every match across batches for the export', async () => {
    const extra = EXPORT_BATCH_SIZE * 2 + 17;
    await api.backend.db.exec(
      `insert into public.mota_ideas (issue, mitigation) select 'bulk ' || g, 'm' from generate_series(1, ${extra}) g`,
    );
    const all = await community.allMatchingIdeas('bulk');
    expect(all).toHaveLength(extra);
    expect(new Set(all.map((idea) => idea.id)).size).toBe(extra);
  });

  it('random idea is null when nothing is visible', async () => {
    await api.backend.db.exec('update public.mota_ideas set is_hidden = true');
    expect(await community.randomIdea()).toBeNull();
    // A total read before the ideas were hidden finds none either.
    expect(await createCommunity(api.client(), () => 0).randomIdea(40)).toBeNull();
    expect((await community.listIdeas()).rows).toEqual([]);
  });
});
