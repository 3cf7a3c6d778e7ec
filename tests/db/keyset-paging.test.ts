// The forum's and the registry's step to the next or previous page, through the embedded
// backend as the site sends it: continued from the edge row of the page shown (keyset), the
// pages are the ones the offset reads, with the registry's search on, with rows sharing one
// instant; when rows were added or hidden between two steps, a step goes on from the rows
// shown, and only when its edge row is gone does the offset answer.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunity, type Community } from '../../src/lib/community';
import type { Page } from '../../src/lib/community/types';
import { DEV_ANON_KEY, startBackend, type RunningBackend } from './harness';

let api: RunningBackend;
let community: Community;
/** Every list read the calls sent: keyset steps carry a created_at bound, offset reads an offset. */
const reads: string[] = [];

beforeAll(async () => {
  api = await startBackend({ rateLimit: 0 });
  const client = createClient(api.url, DEV_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: (input, init) => {
        const url = decodeURIComponent(String(input instanceof Request ? input.url : input));
        if (/\/(posts|mota_ideas_search|mota_ideas_matches)\?select=id,/.test(url)) reads.push(url);
        return fetch(input, init);
      },
    },
  });
  community = createCommunity(client);
  // 95 posts and ideas: runs of five share one instant, so ids break the ties inside a page
  // and across its edges; every third idea mentions "carob".
  await api.backend.db.exec(`
    delete from public.posts; delete from public.mota_ideas;
    insert into public.posts (content, created_at)
      select 'post ' || g, timestamptz '2026-11-01 12:00:00.123456+00' + (g / 5) * interval '1 minute' from generate_series(1, 95) g;
    insert into public.mota_ideas (issue, mitigation, created_at)
      select 'idea ' || g || case when g % 3 = 0 then ' carob' else '' end, 'm', timestamptz '2026-11-01 12:00:00.5+00' + (g / 5) * interval '1 minute'
        from generate_series(1, 95) g;
  `);
});
afterAll(() => api.stop());

const ids = (page: Page<{ id: number }>) => page.rows.map((row) => row.id);
const keysetReads = () =>
  reads.filter((url) => url.includes('created_at=lte.') || url.includes('created_at=gte.')).length;

/** Walks to the last page and back to page 2 one step at a time, each page beside its offset read. */
async function walk<T extends { id: number }>(list: (page: number, from: Page<T>['cursor']) => Promise<Page<T>>) {
  let shown = await list(1, null);
  const steps = [
    ...Array.from({ length: shown.pageCount - 1 }, (_, i) => i + 2),
    ...Array.from({ length: shown.pageCount - 2 }, (_, i) => shown.pageCount - 1 - i),
  ];
  const before = keysetReads();
  const readsBefore = reads.length;
  for (const page of steps) {
    const stepped = await list(page, shown.cursor);
    const offset = await list(page, null);
    expect({ page, ids: ids(stepped), total: stepped.total }).toEqual({ page, ids: ids(offset), total: offset.total });
    shown = stepped;
  }
  // One keyset read per step, answered without falling back to the offset; one offset read beside.
  expect(keysetReads() - before).toBe(steps.length);
  expect(reads.length - readsBefore).toBe(2 * steps.length);
  return shown;
}

describe('stepping to the adjacent page', () => {
  it('shows the forum pages the offset shows, each step a keyset read', async () => {
    await walk((page, from) => community.listPosts({ page, pageSize: 10, from }));
  });

  it('shows the registry pages the offset shows, with and without the search', async () => {
    await walk((page, from) => community.listIdeas({ page, pageSize: 7, from }));
    const searched = await walk((page, from) => community.listIdeas({ filter: 'carob', page, pageSize: 4, from }));
    expect(searched.total).toBe(31);
  });

  it('reads by offset when the edge row or a row before it was hidden meanwhile', async () => {
    const first = await community.listPosts({ page: 1, pageSize: 10 });
    const second = await community.listPosts({ page: 2, pageSize: 10, from: first.cursor });
    const edge = second.rows[0]!.id; // the oldest row of page 2, shown first
    await api.backend.db.exec(`update public.posts set is_hidden = true where id = ${edge}`);
    const before = keysetReads();
    const third = await community.listPosts({ page: 3, pageSize: 10, from: second.cursor });
    expect(ids(third)).toEqual(ids(await community.listPosts({ page: 3, pageSize: 10 })));
    expect(ids(third)).not.toContain(edge);
    expect(keysetReads() - before).toBe(1); // the step was tried, then the offset answered

    await api.backend.db.exec('update public.posts set is_hidden = false');
  });

  it('goes on from the rows shown when a row before them was hidden meanwhile, none skipped', async () => {
    const first = await community.listPosts({ page: 1, pageSize: 10 });
    const second = await community.listPosts({ page: 2, pageSize: 10, from: first.cursor });
    const offsetThird = await community.listPosts({ page: 3, pageSize: 10 });
    await api.backend.db.exec(`update public.posts set is_hidden = true where id = ${first.rows[0]!.id}`);
    const third = await community.listPosts({ page: 3, pageSize: 10, from: second.cursor });
    // Read by offset now, page 3 would begin a row later: the first row after page 2 never shown.
    expect(ids(third)).toEqual(ids(offsetThird));
    expect(third.total).toBe(94);
    await api.backend.db.exec('update public.posts set is_hidden = false');
  });

  it('goes on from the rows shown when ideas were added meanwhile, search on: none again', async () => {
    const first = await community.listIdeas({ filter: 'carob', page: 1, pageSize: 4 });
    const offsetSecond = await community.listIdeas({ filter: 'carob', page: 2, pageSize: 4 });
    await api.backend.db.exec("insert into public.mota_ideas (issue, mitigation) values ('a new carob idea', 'm')");
    const second = await community.listIdeas({ filter: 'carob', page: 2, pageSize: 4, from: first.cursor });
    // Read by offset now, page 2 would begin with page 1's last idea again.
    expect(ids(second)).toEqual(ids(offsetSecond));
    expect(ids(second)).not.toContain(first.rows.at(-1)!.id);
    expect(second.total).toBe(32);
  });
});
