import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite, copySite, removeCopy } from './site-copy';

// The site built for a hosted Supabase project, as the README's deployment steps build it: the
// pages talk to the project's origin, and the forum and registry open their connection to it
// while their code is on its way (src/browser/fetch-ahead.ts, connectAhead).
const PROJECT = 'https://abcdefghijklmnop.supabase.co';
let copy = '';
let dist = '';
const read = (path: string) => readFileSync(join(dist, path), 'utf8');
const readsFrom = (html: string) => [...html.matchAll(/data-reads-from="([^"]*)"/g)].map((match) => match[1]);
const connectSrc = (policy: string) => policy.match(/connect-src ([^;"]*)/)?.[1].split(' ');

beforeAll(() => {
  copy = copySite('hosted-project-build');
  buildSite(copy, { PUBLIC_SUPABASE_URL: `${PROJECT}/`, PUBLIC_SUPABASE_ANON_KEY: 'hosted-anon-key' });
  dist = join(copy, 'dist');
}, 240_000);

afterAll(() => {
  removeCopy(copy);
});

describe('a build for a hosted Supabase project', () => {
  it('marks the forum and the registry with the origin they read from, and no other page', () => {
    expect(readsFrom(read('forum.html'))).toEqual([PROJECT]);
    expect(readsFrom(read('mota.html'))).toEqual([PROJECT]);
    for (const page of ['index.html', 'about.html', 'line-bank.html', 'essays/philosophy/golden-age.html'])
      expect(readsFrom(read(page))).toEqual([]);
  });

  it("allows the project's origin in every page's policy, in the page and in _headers", () => {
    expect(connectSrc(read('forum.html'))).toEqual(["'self'", PROJECT]);
    const headers = read('_headers');
    const policies = [...headers.matchAll(/Content-Security-Policy: (.*)/g)].map((match) => match[1]);
    expect(policies.length).toBeGreaterThan(40);
    for (const policy of policies) expect(connectSrc(policy)).toEqual(["'self'", PROJECT]);
  });

  it("gives the islands' client the project's URL and anon key", () => {
    const code = readdirSync(join(dist, '_astro'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => read(`_astro/${file}`))
      .join('\n');
    expect(code).toContain(`${PROJECT}/`);
    expect(code).toContain('hosted-anon-key');
  });
});
