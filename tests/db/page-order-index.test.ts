// A list page deep in 100,000 rows is fast only while its order (newest first, ties by id)
// comes from an index rather than a sort of every visible row: for visitors reading posts
// under row-level security, and for the registry read through its view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from './harness';

let api: RunningBackend;
beforeAll(async () => {
  api = await startBackend({ rateLimit: 0 });
  await api.backend.db.exec(`
    insert into public.posts (content, created_at) select 'order test ' || g, now() - g * interval '1 minute' from generate_series(1, 20000) g;
    insert into public.mota_ideas (issue, mitigation, created_at)
      select 'order test ' || g, 'mitigation ' || g, now() - g * interval '1 minute' from generate_series(1, 20000) g;
    analyze public.posts; analyze public.mota_ideas;
  `);
});
afterAll(() => api.stop());

/** The plan of a visitor's page read, as one line per node. */
async function visitorPlan(relation: string, columns: string, offset: number, limit: number) {
  return api.backend.db.transaction(async (tx) => {
    await tx.query("select set_config('role', 'anon', true)");
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
      `explain select ${columns} from public.${relation} order by created_at desc, id desc offset ${offset} limit ${limit}`,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the newest-first order of a list page', () => {
  it('comes from posts_created_at_idx for the forum, page 500 included', async () => {
    const plan = await visitorPlan('posts', 'id, content, author_name, created_at', 4990, 10);
    expect(plan).toMatch(/Index Scan using posts_created_at_idx on posts/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('comes from mota_ideas_created_at_idx for the registry view, page 500 included', async () => {
    const plan = await visitorPlan('mota_ideas_search', 'id, issue, mitigation, proposed_by, notes, created_at', 24950, 50);
    expect(plan).toMatch(/Index Scan using mota_ideas_created_at_idx on mota_ideas/);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
