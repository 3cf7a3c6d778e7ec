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
    // Patterns first (as many as allowed), then comparisons.
    const terms = (n: number) =>
      Array.from({ length: n }, (_, i) => (i < REQUEST_LIMITS.likePatterns ? term(i) : `id.neq.${i}`)).join(',');
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
    const pattern = (n: number) => `carob${'*a'.repeat(n)}`;
    expect(
      (await api.fetch(`/rest/v1/mota_ideas_matches?select=id&issue=ilike.${pattern(REQUEST_LIMITS.likeWildcards)}`))
        .status,
    ).toBe(200);
    await expectClientError(
      await api.fetch(`/rest/v1/mota_ideas_matches?select=id&issue=ilike.${pattern(REQUEST_LIMITS.likeWildcards + 1)}`),
    );
  });

  it(`takes ${REQUEST_LIMITS.likePatterns} like conditions and refuses more`, async () => {
    const terms = (n: number) =>
      Array.from({ length: n }, (_, i) => `${['issue', 'mitigation', 'proposed_by'][i % 3]}.ilike.*carob*`).join(',');
    const path = (n: number) => `/rest/v1/mota_ideas_matches?select=id&or=(${terms(n)})`;
    expect((await api.fetch(path(REQUEST_LIMITS.likePatterns))).status).toBe(200);
    await expectClientError(await api.fetch(path(REQUEST_LIMITS.likePatterns + 1)));
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
      expect(body.details).toContain('mota_ideas_short_matches (issue, mitigation, proposed_by)');
    }
    const allowed = await api.fetch(
      '/rest/v1/mota_ideas_matches?select=id&or=(issue.ilike.*carob*,mitigation.like.*carob*,proposed_by.ilike.*carob*)',
    );
    expect(allowed.status).toBe(200);
  });

  it('counts _ as a wildcard, and a backslash pair as no wildcard', async () => {
    await expectClientError(await api.fetch(`/rest/v1/mota_ideas_matches?select=id&issue=ilike.abc_b_c_d_e_f`));
    // Each \\ is a literal backslash, so every * after one is a wildcard: 12 of them.
    await expectClientError(
      await api.fetch(`/rest/v1/mota_ideas_matches?select=id&issue=ilike.${encodeURIComponent('*e\\\\'.repeat(12))}`),
    );
    // Escaped wildcards are text.
    const escaped = encodeURIComponent('*carob\\_\\%\\*\\_\\%*');
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

  it('the registry search the site sends fits, at the longest search the box allows, on either view', async () => {
    const { ideaSearch, SEARCH_MAX_LENGTH } = await import('../../src/lib/community/search');
    for (const text of [
      `${'"abc,d(e)*%_\\'.repeat(SEARCH_MAX_LENGTH)}`.slice(0, SEARCH_MAX_LENGTH + 50),
      `${'", {}(é)*%_\\'.repeat(SEARCH_MAX_LENGTH)}`.slice(0, SEARCH_MAX_LENGTH + 50),
    ]) {
      const search = ideaSearch(text)!;
      let query = api.client().from(search.view).select('id', { count: 'exact' });
      if (search.pairs) query = query.filter('pairs', 'cs', search.pairs);
      if (search.or) query = query.or(search.or);
      const { error, status } = await query.order('created_at', { ascending: false }).range(0, 49);
      expect(error, text).toBeNull();
      expect(status).toBe(200);
    }
  });
});

describe('what narrows a pattern', () => {
  it('on mota_ideas_matches: three letters or digits in a row for the trigram index', async () => {
    for (const pattern of ['*ai*', '*a*b*', '*é*ü*', '*a-b-c*', '*a_bc*', '*%*']) {
      const response = await api.fetch(
        `/rest/v1/mota_ideas_matches?select=id&issue=ilike.${encodeURIComponent(pattern)}`,
      );
      expect(response.status, pattern).toBe(400);
      expect((await response.json()).details).toContain('three letters or digits in a row');
    }
    for (const pattern of ['*abc*', '*a*b*Z9x*', '*12345*', '*χαρ*']) {
      const response = await api.fetch(
        `/rest/v1/mota_ideas_matches?select=id&issue=ilike.${encodeURIComponent(pattern)}`,
      );
      expect(response.status, pattern).toBe(200);
    }
  });

  it('on mota_ideas_short_matches: pairs=cs naming every pair of adjacent characters of the pattern', async () => {
    const short = (query: string) => api.fetch(`/rest/v1/mota_ideas_short_matches?select=id&${query}`);
    expect((await short(`pairs=cs.{to,"o "," b",be}&issue=ilike.${encodeURIComponent('*To Be*')}`)).status).toBe(200);
    for (const query of [
      `issue=ilike.${encodeURIComponent('*to be*')}`,
      `pairs=cs.{to,"o "," b"}&issue=ilike.${encodeURIComponent('*to be*')}`,
      `pairs=cs.{e}&issue=ilike.${encodeURIComponent('*%*')}`,
      `pairs=cs.{t,o,b,e}&issue=ilike.${encodeURIComponent('*to be*')}`,
      `pairs=cs.{to}&or=(pairs.cs.{"o "},issue.ilike.*to*)`,
    ]) {
      const response = await short(query);
      expect(response.status, query).toBe(400);
      expect((await response.json()).code).toBe('PGRST100');
    }
  });

  it('uses the search key only as a top-level cs, never selected or ordered by', async () => {
    for (const path of [
      '/rest/v1/mota_ideas_short_matches?pairs=cs.{ai}',
      '/rest/v1/mota_ideas_short_matches?select=*&pairs=cs.{ai}',
      '/rest/v1/mota_ideas_short_matches?select=id,pairs&pairs=cs.{ai}',
      '/rest/v1/mota_ideas_short_matches?select=id&order=pairs&pairs=cs.{ai}',
      '/rest/v1/mota_ideas_short_matches?select=id&pairs=not.cs.{ai}',
      '/rest/v1/mota_ideas_short_matches?select=id&pairs=eq.{ai}',
      '/rest/v1/mota_ideas_short_matches?select=id&or=(pairs.cs.{ai},id.eq.1)',
      '/rest/v1/mota_ideas_search?select=id&issue=cs.{ai}',
    ]) {
      const response = await api.fetch(path);
      expect(response.status, path).toBe(400);
      expect((await response.json()).code).toBe('PGRST100');
    }
    expect((await api.fetch('/rest/v1/mota_ideas_short_matches?select=id,issue&pairs=cs.{ai}')).status).toBe(200);
  });
});
