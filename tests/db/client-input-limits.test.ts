// Client input never earns a 5xx: requests past what the embedded backend takes in one
// statement are refused with a PostgREST-shaped 4xx before they reach Postgres, and the
// limits on filters leave room for everything the site sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../supabase/gateway/request-limits.mjs';
import { startBackend, tableCounts, type RunningBackend } from './harness';

let api: RunningBackend;
beforeAll(async () => {
  api = await startBackend({ rateLimit: 0 });
});
afterAll(() => api.stop());

async function expectClientError(response: Response) {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(response.status, text.slice(0, 300)).toBeLessThan(500);
  expect(Object.keys(JSON.parse(text)).sort()).toEqual(['code', 'details', 'hint', 'message']);
}

const insert = (path: string, body: string, prefer = 'return=minimal') =>
  api.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', prefer }, body });

describe('requests bigger than one statement', () => {
  it('a bulk insert of 65,536 cells is a 4xx, not a wrapped parameter count', async () => {
    const before = await tableCounts(api.backend);
    // 16,384 rows × 4 columns of `{}` (each cell null): 65,536 bind parameters, in 49 KB.
    const body = `[${Array(16_384).fill('{}').join(',')}]`;
    expect(body.length).toBeLessThan(64 * 1024);
    await expectClientError(await insert('/rest/v1/mota_ideas?columns=issue,mitigation,proposed_by,notes', body));
    expect(await tableCounts(api.backend)).toEqual(before);
  });

  it('a bulk insert of many rows of defaults is a 4xx', async () => {
    const body = `[${Array(20_000).fill('{}').join(',')}]`;
    await expectClientError(await insert('/rest/v1/posts?columns=content,author_name', body, 'missing=default'));
  });

  it('selecting more columns than Postgres allows is a 4xx', async () => {
    const select = Array.from({ length: 1700 }, (_, i) => `c${i}:id`).join(',');
    await expectClientError(await api.fetch(`/rest/v1/posts?select=${select}`));
  });

  it('a long in. list is a 4xx', async () => {
    const list = Array.from({ length: 2_500 }, (_, i) => i).join(',');
    await expectClientError(await api.fetch(`/rest/v1/posts?select=id&id=in.(${list})`));
  });

  it('a long order list is a 4xx', async () => {
    await expectClientError(await api.fetch(`/rest/v1/posts?order=${Array(2000).fill('id.desc').join(',')}`));
  });
});

describe('limits on filters', () => {
  const term = (i: number) => `issue.ilike.*${'x'.repeat(10)}${i}*`;

  it(`takes ${REQUEST_LIMITS.filterTerms} filter terms and refuses one more`, async () => {
    const terms = (n: number) => Array.from({ length: n }, (_, i) => term(i)).join(',');
    const ok = await api.fetch(`/rest/v1/mota_ideas_matches?select=id&or=(${terms(REQUEST_LIMITS.filterTerms)})`, {
      headers: { prefer: 'count=exact' },
    });
    expect(ok.status).toBe(200);
    await expectClientError(
      await api.fetch(`/rest/v1/mota_ideas_matches?select=id&or=(${terms(REQUEST_LIMITS.filterTerms + 1)})`),
    );
    // Terms count wherever they are: top level, nested, in several parameters.
    const spread = Array.from({ length: REQUEST_LIMITS.filterTerms + 1 }, (_, i) => `issue=neq.${i}`).join('&');
    await expectClientError(await api.fetch(`/rest/v1/mota_ideas?select=id&${spread}`));
  });

  it(`takes values of ${REQUEST_LIMITS.valueLength} characters and refuses longer`, async () => {
    const value = (n: number) => encodeURIComponent('é'.repeat(n));
    expect((await api.fetch(`/rest/v1/posts?select=id&content=eq.${value(REQUEST_LIMITS.valueLength)}`)).status).toBe(
      200,
    );
    await expectClientError(
      await api.fetch(`/rest/v1/posts?select=id&content=eq.${value(REQUEST_LIMITS.valueLength + 1)}`),
    );
    await expectClientError(
      await api.fetch(
        `/rest/v1/mota_ideas_matches?select=id&or=(issue.ilike.*${value(REQUEST_LIMITS.valueLength + 1)}*)`,
      ),
    );
  });

  it(`takes like patterns with ${REQUEST_LIMITS.likeWildcards} wildcards and refuses more`, async () => {
    const pattern = (n: number) => `${'a*'.repeat(n)}`;
    expect(
      (await api.fetch(`/rest/v1/mota_ideas_matches?select=id&issue=ilike.${pattern(REQUEST_LIMITS.likeWildcards)}`))
        .status,
    ).toBe(200);
    await expectClientError(
      await api.fetch(`/rest/v1/mota_ideas_matches?select=id&issue=ilike.${pattern(REQUEST_LIMITS.likeWildcards + 1)}`),
    );
  });

  it('answers like and ilike only where an index serves them, naming where', async () => {
    for (const path of [
      '/rest/v1/posts?select=id&content=ilike.*carob*',
      '/rest/v1/posts?select=id&or=(author_name.like.*carob*)',
      '/rest/v1/mota_ideas?select=id&issue=ilike.*carob*',
      '/rest/v1/mota_ideas_search?select=id&issue=ilike.*carob*',
      '/rest/v1/mota_ideas_matches?select=id&notes=ilike.*carob*',
    ]) {
      const response = await api.fetch(path);
      expect(response.status, path).toBe(400);
      const body = await response.json();
      expect(body.code).toBe('PGRST100');
      expect(body.details).toContain('mota_ideas_matches (issue, mitigation, proposed_by)');
    }
    const allowed = await api.fetch(
      '/rest/v1/mota_ideas_matches?select=id&or=(issue.ilike.*carob*,mitigation.like.*carob*,proposed_by.ilike.*carob*)',
    );
    expect(allowed.status).toBe(200);
  });

  it('counts _ as a wildcard, and a backslash pair as no wildcard', async () => {
    await expectClientError(await api.fetch(`/rest/v1/mota_ideas_matches?select=id&issue=ilike.a_b_c_d_e_f`));
    // Each \\ is a literal backslash, so every * after one is a wildcard: 12 of them.
    await expectClientError(
      await api.fetch(`/rest/v1/mota_ideas_matches?select=id&issue=ilike.${encodeURIComponent('*e\\\\'.repeat(12))}`),
    );
    // Escaped wildcards are text.
    const escaped = encodeURIComponent('*\\_\\%\\*\\_\\%*');
    expect((await api.fetch(`/rest/v1/mota_ideas_matches?select=id&issue=ilike.${escaped}`)).status).toBe(200);
  });

  it('refuses a like pattern ending in an unpaired backslash before the database sees it', async () => {
    // No post says this, so Postgres would answer 200 and []: the 400 is the stand-in's.
    for (const pattern of ['*zyxwvu_\\', '\\', '*a\\\\\\']) {
      const response = await api.fetch(
        `/rest/v1/mota_ideas_matches?select=id&issue=ilike.${encodeURIComponent(pattern)}`,
      );
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('PGRST100');
    }
    // A pair is a literal backslash, at the end too.
    const pair = encodeURIComponent('*zyxwvu\\\\');
    expect((await api.fetch(`/rest/v1/mota_ideas_matches?select=id&issue=ilike.${pair}`)).status).toBe(200);
  });

  it('the registry search the site sends fits, at the longest search the box allows', async () => {
    const { ideaFilter, SEARCH_MAX_LENGTH } = await import('../../src/lib/community/search');
    const filter = ideaFilter(`${'"a,b(c)*%_\\'.repeat(SEARCH_MAX_LENGTH)}`.slice(0, SEARCH_MAX_LENGTH + 50));
    const { error, status } = await api
      .client()
      .from('mota_ideas_matches')
      .select('id', { count: 'exact' })
      .or(filter!)
      .order('created_at', { ascending: false })
      .range(0, 49);
    expect(error).toBeNull();
    expect(status).toBe(200);
  });
});
