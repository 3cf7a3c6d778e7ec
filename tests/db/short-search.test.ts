// A registry search of one or two characters has no trigram for the trigram index: it is looked
// up in the index of each idea's characters and pairs of characters, exactly, and the database
// reads that index however many ideas hold the pair, never computing the pairs of every idea.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunity } from '../../src/lib/community/index';
import { requestSettings } from '../../supabase/embedded/rest.mjs';
import { loadSchemaCache } from '../../supabase/embedded/schema-cache.mjs';
import { buildRead } from '../../supabase/embedded/sql.mjs';
import { parseQuery } from '../../supabase/gateway/query-params.mjs';
import { startBackend, type RunningBackend } from './harness';

let api: RunningBackend;
beforeAll(async () => {
  api = await startBackend({ rateLimit: 0 });
  await api.backend.db.exec(`
    insert into public.mota_ideas (issue, mitigation, proposed_by, created_at)
      select 'Seeded issue ' || g, 'Keep the grove ' || g, 'Reader ' || (g % 97), now() - g * interval '1 minute'
        from generate_series(1, 20000) g;
    insert into public.mota_ideas (issue, mitigation, proposed_by, is_hidden) values
      ('Rain on the hill', 'Mend the terraces', 'Anonymous', false),
      ('Machines that listen', 'Ask first', 'Reader ÆI', false),
      ('Ends with a', 'Invents nothing', 'Anonymous', false),
      ('Hidden rain', 'Hidden', 'Anonymous', true);
    analyze public.mota_ideas;
  `);
}, 240_000);
afterAll(() => api.stop());

/** The plan of a visitor's read under the settings the embedded backend gives the request. */
async function visitorPlan(sql: string, params: unknown[] = []) {
  const settings = requestSettings({
    headers: '{}',
    method: 'GET',
    path: '/rest/v1/mota_ideas_short_matches',
    role: 'anon',
    relation: 'mota_ideas_short_matches',
  });
  return api.backend.db.transaction(async (tx) => {
    await tx.query(settings.text, settings.params);
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('a search too short for trigrams', () => {
  it('finds one or two characters anywhere in issue, mitigation or proposer, in any case, and nothing hidden', async () => {
    const community = createCommunity(api.client());
    const issues = async (filter: string) =>
      (await community.listIdeas({ filter, pageSize: 50 })).rows.map((idea) => idea.issue).sort();
    const ai = await issues('AI');
    expect(ai).toContain('Rain on the hill');
    expect(ai.length).toBeLessThan(10);
    expect(ai).not.toContain('Hidden rain');
    expect(ai).not.toContain('Machines that listen');
    // A pair across two columns ("a" ending the issue, "I" starting the mitigation) is no match.
    expect(ai).not.toContain('Ends with a');
    expect(await issues('æ')).toEqual(['Machines that listen']);
    const page = await community.listIdeas({ filter: 'æI', pageSize: 5 });
    expect(page.total).toBe(1);
  });

  it('reads the pairs index for a pair nearly every idea holds, and for a rare one, with no scan of every idea', async () => {
    for (const pair of ['e', 'ee', 'ai']) {
      for (const sql of [
        `select count(*) from public.mota_ideas_short_matches where pairs @> '{${pair}}'`,
        `select id, issue from public.mota_ideas_short_matches where pairs @> '{${pair}}' order by created_at desc, id desc limit 20`,
      ]) {
        const plan = await visitorPlan(sql);
        expect(plan, sql).toMatch(/Bitmap Index Scan on mota_ideas_pairs_idx/);
        expect(plan, sql).not.toMatch(/Seq Scan|Index Scan using mota_ideas_created_at_idx/);
      }
    }
  });

  it('computes no pairs for the page and count the site asks for', async () => {
    const table = (await loadSchemaCache(api.backend.db)).get('mota_ideas_short_matches')!;
    const query = parseQuery(
      new URLSearchParams({
        select: 'id,issue,mitigation,proposed_by,notes,created_at',
        pairs: 'cs.{"e"}',
        order: 'created_at.desc,id.desc',
      }),
    );
    const { text, params } = buildRead(table, query, { limit: 20n, offset: 0n, count: 'exact' });
    const plan = await visitorPlan(text, params);
    expect(plan).toMatch(/Bitmap Index Scan on mota_ideas_pairs_idx/);
    // The pairs are computed only where a column asks for them or a scan filters by them.
    expect(plan).not.toMatch(/Seq Scan|Index Scan using|Filter: .*lower\(/);
    const verbose = await visitorPlan(`(verbose) ${text}`, params);
    expect(verbose).not.toMatch(/Output: .*text_pairs|Output: .*mota_ideas_pairs/);
  });
});
