import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchAhead } from '../../src/lib/search-ahead';
import { buildSite, copySite, removeCopy } from './site-copy';

// The author adds an essay by adding one file: a build of a copy of the site with one more
// Markdown file must list it in the index, its category page, the feed and the sitemap, and
// must keep a draft out of all four.
let copy = '';
let dist = '';
const read = (path: string) => readFileSync(join(dist, path), 'utf8');

beforeAll(() => {
  copy = copySite('essay-build');
  writeFileSync(
    join(copy, 'content/essays/the-well-keeper.md'),
    '---\ntitle: "The Well-Keeper"\nexcerpt: "A test essay about the village well and who is allowed to lower the bucket."\ncategory: philosophy\npubDate: 2026-01-15\n---\n\nThe well was older than the church.\n',
  );
  writeFileSync(
    join(copy, 'content/essays/unfinished-thoughts.md'),
    '---\ntitle: "Unfinished Thoughts"\nexcerpt: "A draft that must stay out of every built page and feed."\ncategory: philosophy\npubDate: 2026-02-01\ndraft: true\n---\n\nNot yet.\n',
  );
  buildSite(copy);
  dist = join(copy, 'dist');
}, 240_000);

afterAll(() => {
  removeCopy(copy);
});

describe('adding an essay file', () => {
  it('gives it a page of its own', () => {
    expect(read('essays/philosophy/the-well-keeper.html')).toContain('The Well-Keeper');
  });
  it('lists it in the index and its category page', () => {
    expect(read('essays.html')).toContain('/essays/philosophy/the-well-keeper');
    expect(read('essays/philosophy.html')).toContain('/essays/philosophy/the-well-keeper');
  });
  it('adds it to the feed and the sitemap', () => {
    expect(read('rss.xml')).toContain('/essays/philosophy/the-well-keeper');
    expect(read('sitemap-0.xml')).toContain('/essays/philosophy/the-well-keeper');
  });
  it('lets search list it by title before its excerpt arrives, beside every other indexed page', () => {
    const ahead = JSON.parse(read('pagefind/search-ahead.en.json')) as SearchAhead;
    expect(Object.values(ahead.pages)).toContainEqual({
      url: '/essays/philosophy/the-well-keeper.html',
      title: expect.stringMatching(/^The Well-Keeper/),
    });
    // One entry for each page's excerpt file, and each chunk one of the index's files.
    const ids = (folder: string, suffix: string) =>
      readdirSync(join(dist, 'pagefind', folder)).map((file) => file.replace(suffix, ''));
    expect(Object.keys(ahead.pages).sort()).toEqual(ids('fragment', '.pf_fragment').sort());
    expect(ahead.chunks.map(([, , chunk]) => chunk).sort()).toEqual(ids('index', '.pf_index').sort());
    // Each chunk's size is its file's, as the browser downloads it.
    for (const [, , chunk, bytes] of ahead.chunks)
      expect(bytes).toBe(statSync(join(dist, 'pagefind', 'index', `${chunk}.pf_index`)).size);
  });
  it('keeps drafts out of the build', () => {
    for (const file of ['essays.html', 'essays/philosophy.html', 'rss.xml', 'sitemap-0.xml']) {
      expect(read(file)).not.toContain('unfinished-thoughts');
    }
    expect(() => read('essays/philosophy/unfinished-thoughts.html')).toThrow();
  });
});
