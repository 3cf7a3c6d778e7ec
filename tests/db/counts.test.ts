// Prefer: count=exact|planned|estimated as PostgREST answers them: the exact count, the
// planner's estimate, and exact only while the estimate is within max_rows (1,000).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from './harness';

let api: RunningBackend;
let visible: number;
beforeAll(async () => {
  api = await startBackend({ rateLimit: 0 });
  await api.backend.db.exec(`
    insert into public.posts (content) select 'count test ' || g from generate_series(1, 3000) g;
    insert into public.posts (content, is_hidden) select 'hidden count test ' || g, true from generate_series(1, 50) g;
    analyze public.posts;
  `);
  visible = (
    await api.backend.db.query<{ n: number }>('select count(*)::int as n from public.posts where not is_hidden')
  ).rows[0].n;
});
afterAll(() => api.stop());

async function total(count: string, filter = '') {
  const response = await api.fetch(`/rest/v1/posts?select=id&limit=10${filter}`, {
    headers: { Prefer: `count=${count}` },
  });
  expect([200, 206]).toContain(response.status);
  const [range, of] = response.headers.get('content-range')!.split('/');
  expect(range).toMatch(/^(\d+-\d+|\*)$/);
  return Number(of);
}

describe('Prefer: count', () => {
  it('exact counts every visible row', async () => {
    expect(await total('exact')).toBe(visible);
  });

  it('planned is the planner estimate: near the truth, never a scan', async () => {
    const planned = await total('planned');
    expect(planned).toBeGreaterThan(visible * 0.7);
    expect(planned).toBeLessThan(visible * 1.3);
  });

  it('estimated is exact for a small result and the estimate for a large one', async () => {
    expect(await total('estimated', '&content=eq.count%20test%2029')).toBe(1);
    const large = await total('estimated');
    expect(large).toBeGreaterThan(1000);
    expect(large).toBeGreaterThan(visible * 0.7);
    expect(large).toBeLessThan(visible * 1.3);
  });

  it('estimated on the registry view counts only visible ideas', async () => {
    await api.backend.db.exec(
      "insert into public.mota_ideas (issue, mitigation, is_hidden) values ('count view hidden', 'm', true)",
    );
    const response = await api.fetch('/rest/v1/mota_ideas_search?select=id&issue=eq.count%20view%20hidden', {
      headers: { Prefer: 'count=estimated' },
    });
    expect(response.headers.get('content-range')).toBe('*/0');
  });
});
