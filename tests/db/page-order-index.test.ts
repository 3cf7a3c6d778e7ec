// A list page deep in 100,000 rows is fast only while its order (newest first, ties by id)
// comes from an index rather than a sort of every visible row: for visitors reading posts
// under row-level security, and for the registry read through its view; and a step to the
// next or previous page (keyset from the edge row) starts inside that index rather than at
// its top.
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
  return explainAsVisitor(
    `select ${columns} from public.${relation} order by created_at desc, id desc offset ${offset} limit ${limit}`,
  );
}

async function explainAsVisitor(sql: string, params: unknown[] = []) {
  return api.backend.db.transaction(async (tx) => {
    await tx.query("select set_config('role', 'anon', true)");
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/**
 * The plan of a step from the row at `offset` (as src/lib/community/paging.ts states it: a plain
 * bound on created_at and the ties' or), towards older rows or, read oldest first, newer ones.
 */
async function keysetPlan(
  relation: string,
  columns: string,
  offset: number,
  limit: number,
  direction: 'older' | 'newer',
) {
  const { rows } = await api.backend.db.query<{ id: number; created_at: string }>(
    `select id, created_at::text from public.${relation} order by created_at desc, id desc offset ${offset} limit 1`,
  );
  const [within, beyond, order] = direction === 'older' ? ['<=', '<', 'desc'] : ['>=', '>', 'asc'];
  return explainAsVisitor(
    `select ${columns} from public.${relation}
      where created_at ${within} $1::timestamptz and (created_at ${beyond} $1::timestamptz or (created_at = $1::timestamptz and id ${within} $2))
      order by created_at ${order}, id ${order} limit ${limit}`,
    [rows[0]!.created_at, rows[0]!.id],
  );
}

describe('the newest-first order of a list page', () => {
  it('comes from posts_created_at_idx for the forum, page 500 included', async () => {
    const plan = await visitorPlan('posts', 'id, content, author_name, created_at', 4990, 10);
    expect(plan).toMatch(/Index Scan using posts_created_at_idx on posts/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('comes from mota_ideas_created_at_idx for the registry view, page 500 included', async () => {
    const plan = await visitorPlan(
      'mota_ideas_search',
      'id, issue, mitigation, proposed_by, notes, created_at',
      24950,
      50,
    );
    expect(plan).toMatch(/Index Scan using mota_ideas_created_at_idx on mota_ideas/);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('a step to the adjacent page', () => {
  const index = {
    posts: /Index (Only )?Scan( Backward)? using posts_created_at_idx on posts[\s\S]*Index Cond: \(created_at [<>]= /,
    ideas:
      /Index (Only )?Scan( Backward)? using mota_ideas_created_at_idx on mota_ideas[\s\S]*Index Cond: \(created_at [<>]= /,
  };

  it('starts inside posts_created_at_idx at the edge row, either way, without a sort', async () => {
    for (const direction of ['older', 'newer'] as const) {
      const plan = await keysetPlan('posts', 'id, content, author_name, created_at', 4999, 11, direction);
      expect(plan).toMatch(index.posts);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  it('starts inside mota_ideas_created_at_idx through the registry view, either way, without a sort', async () => {
    for (const direction of ['older', 'newer'] as const) {
      const plan = await keysetPlan(
        'mota_ideas_search',
        'id, issue, mitigation, proposed_by, notes, created_at',
        14999,
        51,
        direction,
      );
      expect(plan).toMatch(index.ideas);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});

describe('a registry search', () => {
  // With the trigram index and a full read both ruled out, the planner shows what else a view
  // offers: the view searches read must not offer the newest-first walk that tests every idea
  // (the plan Postgres picks when it guesses too many matches).
  async function searchPlan(relation: string) {
    return api.backend.db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'anon', true)");
      await tx.query("select set_config('enable_bitmapscan', 'off', true)");
      await tx.query("select set_config('enable_seqscan', 'off', true)");
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `explain select id, issue, created_at from public.${relation}
          where issue ilike '%carob%' or mitigation ilike '%carob%' or proposed_by ilike '%carob%'
          order by created_at desc, id desc limit 50`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('reads mota_ideas_matches, which no index hands over newest first', async () => {
    expect(await searchPlan('mota_ideas_search')).toMatch(/mota_ideas_created_at_idx/);
    expect(await searchPlan('mota_ideas_matches')).not.toMatch(/mota_ideas_created_at_idx/);
  });

  it('finds its matches through mota_ideas_search_idx where reading every idea costs more', async () => {
    const plan = await api.backend.db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'anon', true)");
      await tx.query("select set_config('enable_seqscan', 'off', true)");
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `explain select id from public.mota_ideas_matches where issue ilike '%order test 1234%' order by created_at desc, id desc limit 50`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on mota_ideas_search_idx/);
  });

  it('reads mota_ideas_search_idx after 20,000 new ideas, with nothing vacuumed and no plan forced', async () => {
    // The new ideas' trigrams wait in the index's pending list (nothing here vacuums); with
    // the default 4 MB list the planner prices the index above reading every idea.
    const plan = await explainAsVisitor(
      `select id from public.mota_ideas_matches
        where issue ilike $1 or mitigation ilike $1 or proposed_by ilike $1
        order by created_at desc, id desc limit 50`,
      ['%carob%'],
    );
    expect(plan).toMatch(/Bitmap Index Scan on mota_ideas_search_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
