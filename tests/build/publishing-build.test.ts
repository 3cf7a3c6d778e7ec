import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import type { SearchAhead } from '../../src/lib/search-ahead';
import { buildSite, copySite, removeCopy } from './site-copy';

// What an author does, built as a visitor gets it: an essay added as one Markdown file, and a
// draft beside it; an .mdx essay in a folder of its own using the three components (its figure
// from an image beside it), and an .mdx field note; an essay scheduled for a later day. Built
// once with the clock before that day and once on it, and on the day a second time, which must
// give the same files byte for byte, so a deployment diff shows only what the author changed
// (and caches stay valid).
let copy = '';
let outside = '';
const builds: Record<string, string> = {};
const read = (clock: string, path: string) => readFileSync(join(builds[clock], path), 'utf8');
const exists = (clock: string, path: string) => {
  try {
    read(clock, path);
    return true;
  } catch {
    return false;
  }
};
// Markup in an author's title and excerpt is text wherever the page carries them.
const LATE_TITLE = 'The Late Harvest <after the rains>';
const LATE_EXCERPT = 'A scheduled essay that waits </script><script>alert(1)</script> for its date.';
const BEFORE = '2027-05-31';
const ON_THE_DAY = '2027-06-01';

/** Every page text Pagefind indexed: its fragments are gzipped JSON behind a signature. */
function searchIndexText(dist: string): string {
  const dir = join(dist, 'pagefind/fragment');
  return readdirSync(dir)
    .map((file) => gunzipSync(readFileSync(join(dir, file))).toString('utf8'))
    .join('\n');
}

const AGAIN = `${ON_THE_DAY}, again`;

/** Each build beside the copy, not in it: Tailwind reads the project's files for class names. */
function build(clock: string, name = clock) {
  builds[name] = join(outside, name);
  buildSite(copy, { PUBLISH_AS_OF: clock }, ['--outDir', builds[name]]);
}

/** Every file of a build, by its path in it. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(relative(dir, path), readFileSync(path));
  }
  return out;
}

beforeAll(async () => {
  copy = copySite('publishing-build');
  outside = mkdtempSync(join(tmpdir(), 'genesis-publishing-builds-'));
  writeFileSync(
    join(copy, 'content/essays/the-well-keeper.md'),
    '---\ntitle: "The Well-Keeper"\nexcerpt: "A test essay about the village well and who is allowed to lower the bucket."\ncategory: philosophy\npubDate: 2026-01-15\n---\n\nThe well was older than the church.\n',
  );
  writeFileSync(
    join(copy, 'content/essays/unfinished-thoughts.md'),
    '---\ntitle: "Unfinished Thoughts"\nexcerpt: "A draft that must stay out of every built page and feed."\ncategory: philosophy\npubDate: 2026-02-01\ndraft: true\n---\n\nNot yet.\n',
  );
  const folder = join(copy, 'content/essays/the-lamp-room');
  mkdirSync(folder);
  await sharp({ create: { width: 640, height: 400, channels: 3, background: '#b86a3c' } })
    .png()
    .toFile(join(folder, 'lamp.png'));
  writeFileSync(
    join(folder, 'index.mdx'),
    `---
title: "The Lamp Room"
excerpt: "A test essay in MDX: a pull quote, an aside and a figure from its own folder."
category: myth
pubDate: 2026-01-20
topics: [memory]
---

The lamp room was the only room in the lighthouse with no corners.[^1]

[^1]: The keepers called it the lantern; the village called it the eye.

## The stair

## The glass

<PullQuote cite="Yiannis">A light is a promise made to strangers.</PullQuote>

<Aside title="On the keeper">The last keeper left in 1989 and took the logbook with him.</Aside>

<Figure src="./lamp.png" alt="The lamp at dusk" caption="The lamp, the colour of the hour it was lit." />
`,
  );
  writeFileSync(
    join(copy, 'content/fieldnotes/04-the-lamp-test.mdx'),
    `---\nid: 4\ntitle: "The Lamp Test"\ndateLogged: 2026-01-21\nlocation: The lighthouse stair\nlinkedScene: "Chapter Two"\nicon: "🕯"\npreview: A test note written in MDX, with an aside, as an author would write one.\n---\n\nNinety-one steps.\n\n<Aside title="Counted twice">Ninety-two on the way down.</Aside>\n`,
  );
  writeFileSync(
    join(copy, 'content/essays/the-late-harvest.md'),
    `---\ntitle: "${LATE_TITLE}"\nexcerpt: "${LATE_EXCERPT}"\ncategory: philosophy\npubDate: ${ON_THE_DAY}\ntopics: [grief]\n---\n\nThe carob pods were still green in June.\n`,
  );
  build(BEFORE);
  build(ON_THE_DAY);
  build(ON_THE_DAY, AGAIN);
}, 600_000);

afterAll(() => {
  removeCopy(copy);
  removeCopy(outside);
});

describe('adding an essay file', () => {
  const read = (path: string) => readFileSync(join(builds[BEFORE], path), 'utf8');
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
      readdirSync(join(builds[BEFORE], 'pagefind', folder)).map((file) => file.replace(suffix, ''));
    expect(Object.keys(ahead.pages).sort()).toEqual(ids('fragment', '.pf_fragment').sort());
    expect(ahead.chunks.map(([, , chunk]) => chunk).sort()).toEqual(ids('index', '.pf_index').sort());
    // Each chunk's size is its file's, as the browser downloads it.
    for (const [, , chunk, bytes] of ahead.chunks)
      expect(bytes).toBe(statSync(join(builds[BEFORE], 'pagefind', 'index', `${chunk}.pf_index`)).size);
  });
  it('keeps drafts out of the build', () => {
    for (const file of ['essays.html', 'essays/philosophy.html', 'rss.xml', 'sitemap-0.xml']) {
      expect(read(file)).not.toContain('unfinished-thoughts');
    }
    expect(() => read('essays/philosophy/unfinished-thoughts.html')).toThrow();
  });
});

describe('two builds of the same content', () => {
  it('produce the same files, byte for byte', () => {
    const first = files(builds[ON_THE_DAY]);
    const second = files(builds[AGAIN]);
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    const differing = [...first].filter(([path, bytes]) => !bytes.equals(second.get(path)!)).map(([path]) => path);
    expect(differing).toEqual([]);
  });
});

describe('an .mdx essay using the components', () => {
  const page = () => read(BEFORE, 'essays/myth/the-lamp-room.html');
  it('renders the pull quote, the aside and the figure with its image through astro:assets', () => {
    expect(page()).toMatch(
      /<figure class="pull-quote"><blockquote>A light is a promise made to strangers\.<\/blockquote><figcaption>Yiannis<\/figcaption>/,
    );
    expect(page()).toMatch(/<aside class="essay-aside" aria-label="On the keeper">/);
    expect(page()).toMatch(
      /<figure class="essay-figure"><img src="\/_astro\/lamp\.[^"]+\.webp"[^>]*alt="The lamp at dusk"/,
    );
    expect(page()).toContain('<figcaption>The lamp, the colour of the hour it was lit.</figcaption>');
  });
  it('footnotes: the reference is described by the notes heading, and the note links back by name', () => {
    expect(page()).toMatch(
      /<sup><a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref="true" aria-describedby="footnote-label">1<\/a><\/sup>/,
    );
    expect(page()).toMatch(/<h2 class="sr-only" id="footnote-label">Footnotes<\/h2>/);
    expect(page()).toMatch(
      /<li id="user-content-fn-1">[\s\S]*?<a href="#user-content-fnref-1" data-footnote-backref(="")? aria-label="Back to reference 1"/,
    );
  });
  it('has no table of contents with two sections: the footnotes are not a third', () => {
    expect(page()).toContain('id="the-glass"');
    expect(page()).not.toContain('data-toc');
  });
  it('is in the index, its category and topic pages, the feeds and search', () => {
    for (const file of ['essays.html', 'essays/myth.html', 'essays/topics/memory.html'])
      expect(read(BEFORE, file)).toContain('/essays/myth/the-lamp-room');
    expect(read(BEFORE, 'rss.xml')).toContain('A light is a promise made to strangers.');
    const feed = JSON.parse(read(BEFORE, 'feed.json'));
    const item = feed.items.find((i: { id: string }) => i.id.endsWith('/essays/myth/the-lamp-room'));
    expect(item.content_html).toMatch(/<img src="http:\/\/localhost:4321\/_astro\/lamp\.[^"]+\.webp"/);
    expect(searchIndexText(builds[BEFORE])).toContain('A light is a promise made to strangers.');
  });
});

describe('a scheduled essay', () => {
  const everywhere = ['essays.html', 'essays/philosophy.html', 'rss.xml', 'feed.json', 'sitemap-0.xml'];
  it('is out of the pages, feeds, sitemap, search and cards before its date', () => {
    for (const file of everywhere) expect(read(BEFORE, file)).not.toContain('the-late-harvest');
    expect(exists(BEFORE, 'essays/philosophy/the-late-harvest.html')).toBe(false);
    expect(exists(BEFORE, 'og/essays/philosophy/the-late-harvest.png')).toBe(false);
    expect(exists(BEFORE, 'essays/topics/grief.html') && read(BEFORE, 'essays/topics/grief.html')).not.toContain(
      'the-late-harvest',
    );
    expect(searchIndexText(builds[BEFORE])).not.toContain('The carob pods were still green in June.');
  });
  it('is published by a build on its date', () => {
    for (const file of everywhere) expect(read(ON_THE_DAY, file)).toContain('/essays/philosophy/the-late-harvest');
    expect(read(ON_THE_DAY, 'essays/philosophy/the-late-harvest.html')).toContain('The Late Harvest');
    expect(exists(ON_THE_DAY, 'og/essays/philosophy/the-late-harvest.png')).toBe(true);
    // Every page's What's New banner names the newest essay.
    expect(read(ON_THE_DAY, 'about.html')).toContain('Latest essay: The Late Harvest &lt;after the rains&gt;');
    expect(read(BEFORE, 'about.html')).toMatch(/Latest essay: (?!The Late Harvest)/);
    expect(searchIndexText(builds[ON_THE_DAY])).toContain('The carob pods were still green in June.');
  });
  it('carries its title and excerpt as text, in the head as in the page', () => {
    const html = read(ON_THE_DAY, 'essays/philosophy/the-late-harvest.html');
    expect(html).toContain('<title>The Late Harvest &lt;after the rains> · Genesis by Elias Varros</title>');
    // In an attribute's quotes it is text; anywhere else it would be an element.
    expect(html.replace(/="[^"]*"/g, '=""')).not.toContain('<script>alert(1)');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    expect(blocks.find((data) => data['@type'] === 'Article')).toMatchObject({
      headline: LATE_TITLE,
      description: LATE_EXCERPT,
    });
  });
});

describe('the feeds', () => {
  it('rss.xml carries each essay’s full HTML with absolute URLs', () => {
    const xml = read(BEFORE, 'rss.xml');
    // Well-formedness is checked by the browser's strict XML parser in tests/e2e/publishing.spec.ts.
    const items = new XMLParser().parse(xml).rss.channel.item as Record<string, string>[];
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const item of items) {
      expect(item.link).toMatch(/^http:\/\/localhost:4321\/essays\//);
      expect(item['content:encoded']).toMatch(/<p>/);
      expect(item['content:encoded']).not.toMatch(/\s(href|src)="\/(?!\/)/);
    }
  });
  it('feed.json has every field JSON Feed 1.1 requires, and only absolute URLs', () => {
    const feed = JSON.parse(read(BEFORE, 'feed.json'));
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(typeof feed.title).toBe('string');
    expect(feed.feed_url).toBe('http://localhost:4321/feed.json');
    expect(feed.items.length).toBeGreaterThanOrEqual(5);
    for (const item of feed.items) {
      expect(typeof item.id).toBe('string');
      expect(item.url).toMatch(/^http:\/\/localhost:4321\//);
      expect(typeof item.content_html === 'string' || typeof item.content_text === 'string').toBe(true);
      expect(new Date(item.date_published).toISOString()).toBe(item.date_published);
      expect(item.content_html).not.toMatch(/\s(href|src)="\/(?!\/)/);
    }
  });
});

describe('field notes', () => {
  it('may be .mdx, with the same components, in the list and on a page of their own', () => {
    for (const file of ['fieldnotes.html', 'fieldnotes/04-the-lamp-test.html']) {
      expect(read(BEFORE, file)).toMatch(/<aside class="essay-aside" aria-label="Counted twice">/);
    }
  });
  it('each note’s own page is in the sitemap and in search', () => {
    expect(read(BEFORE, 'sitemap-0.xml')).toContain('/fieldnotes/01-sentinel-in-the-storm</loc>');
    expect(searchIndexText(builds[BEFORE])).toMatch(/"url":"\/fieldnotes\/01-sentinel-in-the-storm(\.html)?"/);
  });
});
