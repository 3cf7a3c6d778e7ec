import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import socialCards, { cardRequest, decodeEntities } from '../../src/integrations/social-cards.mjs';

const work = mkdtempSync(join(tmpdir(), 'social-cards-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const head = (path: string, title: string, alt: string) =>
  `<html><head><meta property="og:title" content="${title}"><meta property="og:image" content="https://site.example/og${path}.png">` +
  `<meta property="og:image:alt" content="${alt}"></head><body></body></html>`;

function page(dist: string, path: string, title: string, alt: string) {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, `${path}.html`), head(path, title, alt));
}

async function build(dist: string, cacheDir: string): Promise<string[]> {
  const messages: string[] = [];
  const hook = socialCards({ cacheDir }).hooks['astro:build:done']!;
  const logger = { info: (m: string) => messages.push(m) };
  await (hook as (o: unknown) => Promise<void>)({ dir: pathToFileURL(`${dist}/`), logger });
  return messages;
}

const png = (file: string) => readFileSync(file);
const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('social cards', () => {
  it('reads a card request from a page head, entities decoded', () => {
    expect(
      cardRequest(head('/essays/myth/x', 'Tom &amp; Jerry', 'Tom &amp; Jerry — Myth &amp; Archetype · 1 May 2025')),
    ).toEqual({
      path: '/og/essays/myth/x.png',
      title: 'Tom & Jerry',
      subtitle: 'Myth & Archetype · 1 May 2025',
    });
    expect(decodeEntities('&#39;&#x27;&quot;&lt;')).toBe(`''"<`);
    // Astro writes a `>` in an attribute as it is.
    expect(cardRequest(head('/essays/myth/y', 'Signal > Noise', 'Signal > Noise — Myth & Archetype'))).toEqual({
      path: '/og/essays/myth/y.png',
      title: 'Signal > Noise',
      subtitle: 'Myth & Archetype',
    });
    expect(
      cardRequest(
        '<meta property="og:title" content="T"><meta property="og:image" content="https://s/press/cover.png">',
      ),
    ).toBeUndefined();
  });

  it('draws a 1200 × 630 PNG per page, and redraws only what changed', async () => {
    const dist = join(work, 'dist');
    const cache = join(work, 'cache');
    page(dist, '/essays/myth/one', 'One', 'One — Myth · 1 May 2025');
    page(dist, '/about', 'About', 'About — The author');
    expect((await build(dist, cache)).join()).toMatch(/2 social cards \(2 drawn, 0 from the cache/);
    const one = png(join(dist, 'og/essays/myth/one.png'));
    expect(one.subarray(1, 4).toString()).toBe('PNG');
    expect([one.readUInt32BE(16), one.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(hash(one)).not.toBe(hash(png(join(dist, 'og/about.png'))));

    // A fresh build of the same pages draws nothing; a changed title draws one card again.
    rmSync(join(dist, 'og'), { recursive: true });
    expect((await build(dist, cache)).join()).toMatch(/2 social cards \(0 drawn, 2 from the cache/);
    expect(hash(png(join(dist, 'og/essays/myth/one.png')))).toBe(hash(one));
    page(dist, '/essays/myth/one', 'One, revised', 'One, revised — Myth · 1 May 2025');
    expect((await build(dist, cache)).join()).toMatch(/2 social cards \(1 drawn, 1 from the cache/);
    expect(hash(png(join(dist, 'og/essays/myth/one.png')))).not.toBe(hash(one));
  }, 120_000);
});
