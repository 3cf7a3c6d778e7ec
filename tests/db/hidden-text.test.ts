// What a visitor can learn over the API about text that only hidden rows hold: nothing. A LIKE
// pattern ending in an escape character fails only on a row holding the text before it, so
// its answer would tell whether some row says a word; for a word only hidden rows say, the
// answer must be the one for a word found nowhere. (supabase/tests/database/hidden_rows.test.sql
// asks the same of the database itself, plan by plan, on PGlite and on PostgreSQL.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from './harness';

let api: RunningBackend;
beforeAll(async () => {
  api = await startBackend({ rateLimit: 0 });
  await api.backend.db.exec(`
    insert into public.mota_ideas (issue, mitigation, proposed_by, created_at)
      select 'hidden text test ' || g, 'mitigation ' || md5(g::text), 'Proposer ' || g % 97, now() - g * interval '1 minute'
        from generate_series(1, 5000) g;
    insert into public.mota_ideas (issue, mitigation, proposed_by, is_hidden)
      values ('Quince jelly', 'Quince jam', 'Quince jar', true);
    insert into public.posts (content, created_at)
      select 'hidden text test ' || md5(g::text), now() - g * interval '1 minute' from generate_series(1, 5000) g;
    insert into public.posts (content, author_name, is_hidden) values ('Quince jam', 'Quince jar', true);
    analyze public.mota_ideas;
    analyze public.posts;
  `);
});
afterAll(() => api.stop());

async function answer(path: string) {
  const response = await api.fetch(path);
  return { status: response.status, body: await response.text() };
}

describe('a word only hidden rows hold', () => {
  const reads = [
    ['mota_ideas_matches', 'mitigation'],
    ['mota_ideas_search', 'issue'],
    ['mota_ideas', 'proposed_by'],
    ['posts', 'content'],
  ] as const;

  it.each(reads)('%s.%s: an escape-ending pattern answers as for a word found nowhere', async (relation, column) => {
    const read = (word: string) =>
      answer(`/rest/v1/${relation}?select=id&${column}=ilike.*${word}_%5C&order=created_at.desc,id.desc&limit=50`);
    expect(await read('Quince')).toEqual(await read('Zyxwvu'));
  });

  it.each(reads)('%s.%s: the registry search answers as for a word found nowhere', async (relation, column) => {
    const read = (word: string) =>
      answer(`/rest/v1/${relation}?select=id&or=(${column}.ilike.*${word}*)&order=created_at.desc,id.desc&limit=50`);
    expect(await read('Quince')).toEqual(await read('Zyxwvu'));
    // Where an index serves the pattern it runs, and finds nothing; elsewhere it is refused.
    expect((await read('Quince')).status).toBe(relation === 'mota_ideas_matches' ? 200 : 400);
    if (relation === 'mota_ideas_matches') expect((await read('Quince')).body).toBe('[]');
  });
});

describe('writing to a view', () => {
  it.each([
    ['PATCH', '/rest/v1/community_totals', '{"posts":0}'],
    ['POST', '/rest/v1/community_totals', '{"posts":0,"mota_ideas":0}'],
    ['DELETE', '/rest/v1/community_totals', undefined],
    ['PATCH', '/rest/v1/mota_ideas_search?id=gt.0', '{"issue":"defaced"}'],
    ['POST', '/rest/v1/mota_ideas_matches', '{"issue":"i","mitigation":"m"}'],
    ['DELETE', '/rest/v1/mota_ideas_matches?id=gt.0', undefined],
  ])('%s %s is refused as a permission (401, 42501)', async (method, path, body) => {
    const response = await api.fetch(path, { method, body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('42501');
  });
});
