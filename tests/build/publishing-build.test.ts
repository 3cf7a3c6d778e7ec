import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { buildSite, copySite, removeCopy } from './site-copy';

// What an author does, built as a visitor gets it: an .mdx essay in a folder of its own using
// the three components (its figure from an image beside it), and an essay scheduled for a later
// day, built once with the clock before that day and once on it.
let copy = '';
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

function build(clock: string) {
  buildSite(copy, { PUBLISH_AS_OF: clock }, ['--outDir', `dist-${clock}`]);
  builds[clock] = join(copy, `dist-${clock}`);
}

beforeAll(async () => {
  copy = copySite('publishing-build');
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
}, 600_000);

afterAll(() => {
  removeCopy(copy);
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
