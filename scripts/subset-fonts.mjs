// Cuts the self-hosted variable fonts down to what the site sets: the Latin characters its
// prose uses and only the weight range its CSS asks for: the three files drop from 143 to 83 KB,
// which is what a reader's second page downloads (the first never waits for fonts; see the
// README's performance notes). Runs when astro.config.mjs loads; results are cached under
// node_modules/.cache, keyed by source and options.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import subsetFont from 'subset-font';

const CACHE = resolve('node_modules/.cache/site-fonts');

// Basic Latin, Latin-1 (café, naïve, Ægean), typographic quotes,
// dashes, bullets, ellipsis, primes, euro, trademark and arrows. Anything else falls back,
// glyph by glyph, to the metric-matched system serif.
const RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2013, 0x2014],
  [0x2018, 0x201e],
  [0x2020, 0x2022],
  [0x2026, 0x2026],
  [0x2032, 0x2033],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
];
export const SUBSET_TEXT = RANGES.map(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join(''),
).join('');

/**
 * Returns the path of the subset WOFF2 for `source`, building it on first use.
 * @param {string} source path of a variable WOFF2
 * @param {Record<string, number | { min: number, max: number }>} axes pinned or narrowed axes
 */
export async function subsetFontFile(source, axes) {
  const input = readFileSync(source);
  const key = createHash('sha256')
    .update(input)
    .update(JSON.stringify(axes))
    .update(SUBSET_TEXT)
    .digest('hex')
    .slice(0, 16);
  const target = join(CACHE, `${key}.woff2`);
  if (!existsSync(target)) {
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(target, await subsetFont(input, SUBSET_TEXT, { targetFormat: 'woff2', variationAxes: axes }));
  }
  return target;
}
