// Cuts the self-hosted variable fonts down to what the site sets, and writes them to src/fonts/,
// where astro.config.mjs takes them from: the Latin characters its prose uses and only the weight
// range its CSS asks for, so a reader downloads no glyph or weight the site never shows. Run it
// again after changing the ranges below, the weights the CSS uses, or the @fontsource-variable
// packages, and commit the files it writes:
//   node scripts/subset-fonts.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

// Basic Latin, Latin-1 (café, naïve, Ægean), typographic quotes, dashes, bullets, ellipsis,
// primes, euro, trademark and arrows. Anything else falls back, glyph by glyph, to the system serif.
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
const TEXT = RANGES.map(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join(''),
).join('');

// [package, file, pinned or narrowed axes]: body text at 400-700 and its italic at 400; headings
// at 600 and display quotes at 400.
const FONTS = [
  ['literata', 'literata-latin-wght-normal.woff2', { wght: { min: 400, max: 700 } }],
  ['literata', 'literata-latin-wght-italic.woff2', { wght: 400 }],
  ['fraunces', 'fraunces-latin-wght-normal.woff2', { wght: { min: 400, max: 600 } }],
];

mkdirSync('src/fonts', { recursive: true });
for (const [pkg, file, axes] of FONTS) {
  const source = readFileSync(`node_modules/@fontsource-variable/${pkg}/files/${file}`);
  const subset = await subsetFont(source, TEXT, { targetFormat: 'woff2', variationAxes: axes });
  writeFileSync(`src/fonts/${file}`, subset);
  console.log(`src/fonts/${file}: ${Math.round(source.length / 1024)} KB -> ${Math.round(subset.length / 1024)} KB`);
}
