import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { ogCardSvg, subtitleFromAlt } from '../lib/og.ts';

/**
 * Draws every page's social card after the build. Each built page's head names its card
 * (og:image under /og/) and carries the inputs (og:title, og:image:alt); the card is drawn from
 * those over the site's art, in the site's own fonts. A card is kept in a cache keyed by the hash
 * of its SVG and fonts, kept between builds, so only new or changed cards are drawn again.
 */

const FONT_SOURCES = {
  'fraunces-600.ttf': {
    file: 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    axes: { wght: 600 },
  },
  'literata-italic.ttf': {
    file: 'node_modules/@fontsource-variable/literata/files/literata-latin-wght-italic.woff2',
    axes: { wght: 400 },
  },
};
// Latin with its punctuation, the characters the site's titles use.
const CHARACTERS =
  Array.from({ length: 0x17f - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i)).join('') + '‘’“”–—…·•×→←';

const ENTITIES = /** @type {Record<string, string>} */ ({
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
});
/** @param {string} text */
export const decodeEntities = (text) =>
  text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name) =>
    name[0] === '#'
      ? String.fromCodePoint(Number(name[1] === 'x' || name[1] === 'X' ? `0${name.slice(1)}` : name.slice(1)))
      : (ENTITIES[name] ?? whole),
  );

/** @param {string} html @param {string} property */
function metaContent(html, property) {
  // Quoted values are read whole: Astro leaves a `>` in an attribute as it is ("Signal > Noise").
  const attributes = String.raw`(?:[^>"]|"[^"]*")*`;
  const tag = html.match(new RegExp(`<meta${attributes}\\sproperty="${property}"${attributes}>`))?.[0];
  const content = tag?.match(/content="([^"]*)"/)?.[1];
  return content === undefined ? undefined : decodeEntities(content);
}

/**
 * The cards the built pages ask for: `{ path, title, subtitle }` per distinct /og/ image.
 * @param {string} html
 * @returns {{ path: string, title: string, subtitle: string } | undefined}
 */
export function cardRequest(html) {
  const image = metaContent(html, 'og:image');
  const title = metaContent(html, 'og:title');
  if (!image || title === undefined) return undefined;
  const path = new URL(image).pathname;
  if (!path.startsWith('/og/') || !path.endsWith('.png')) return undefined;
  return { path, title, subtitle: subtitleFromAlt(title, metaContent(html, 'og:image:alt') ?? '') };
}

/** @param {string} dir @returns {string[]} */
function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/** The fonts as TrueType instances (the rasteriser reads no WOFF2), made once per font version. */
async function cardFonts(root, cacheDir) {
  const sources = Object.entries(FONT_SOURCES).map(([name, { file, axes }]) => ({
    name,
    axes,
    bytes: readFileSync(join(root, file)),
  }));
  const hash = createHash('sha256');
  for (const s of sources) hash.update(s.name).update(JSON.stringify(s.axes)).update(s.bytes);
  hash.update(CHARACTERS);
  const fontHash = hash.digest('hex').slice(0, 16);
  const dir = join(cacheDir, `fonts-${fontHash}`);
  if (!existsSync(join(dir, 'fonts.conf'))) {
    mkdirSync(dir, { recursive: true });
    for (const s of sources) {
      writeFileSync(
        join(dir, s.name),
        await subsetFont(s.bytes, CHARACTERS, { targetFormat: 'truetype', variationAxes: s.axes }),
      );
    }
    // Only these fonts: a card looks the same on every machine that builds it.
    writeFileSync(
      join(dir, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${dir}</dir><cachedir>${join(dir, 'fc-cache')}</cachedir></fontconfig>\n`,
    );
  }
  return { fontHash, fontsConf: join(dir, 'fonts.conf') };
}

/** Rasterises SVG files to PNG in child processes that see only the card fonts. */
function rasterise(jobs, fontsConf) {
  const worker = fileURLToPath(new URL('./social-cards-render.mjs', import.meta.url));
  const count = Math.max(1, Math.min(availableParallelism(), Math.ceil(jobs.length / 50)));
  const chunks = Array.from({ length: count }, (_, i) => jobs.filter((_, j) => j % count === i));
  return Promise.all(
    chunks.map(
      (chunk) =>
        new Promise((resolve, reject) => {
          const child = spawn(process.execPath, [worker], {
            env: { ...process.env, FONTCONFIG_FILE: fontsConf },
            stdio: ['pipe', 'inherit', 'inherit'],
          });
          child.on('error', reject);
          child.on('exit', (code) =>
            code === 0 ? resolve(undefined) : reject(new Error(`social card renderer exited with ${code}`)),
          );
          child.stdin.end(JSON.stringify(chunk));
        }),
    ),
  );
}

/**
 * @param {{ cacheDir?: string }} [options]
 * @returns {import('astro').AstroIntegration}
 */
export default function socialCards(options = {}) {
  return {
    name: 'social-cards',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = process.cwd();
        const cacheDir =
          options.cacheDir ?? process.env.SOCIAL_CARDS_CACHE ?? join(root, 'node_modules/.cache/social-cards');
        const out = fileURLToPath(dir);
        const started = performance.now();
        /** @type {Map<string, { title: string, subtitle: string }>} */
        const wanted = new Map();
        for (const file of htmlFiles(out)) {
          const request = cardRequest(readFileSync(file, 'utf8'));
          if (request && !wanted.has(request.path)) wanted.set(request.path, request);
        }
        const { fontHash, fontsConf } = await cardFonts(root, cacheDir);
        const jobs = [];
        const copies = [];
        for (const [path, { title, subtitle }] of wanted) {
          const svg = ogCardSvg({ title, subtitle });
          const key = createHash('sha256').update(fontHash).update(svg).digest('hex').slice(0, 32);
          const cached = join(cacheDir, 'png', `${key}.png`);
          const target = join(out, path);
          copies.push({ cached, target });
          if (!existsSync(cached)) {
            const svgFile = join(cacheDir, 'svg', `${key}.svg`);
            mkdirSync(dirname(svgFile), { recursive: true });
            writeFileSync(svgFile, svg);
            jobs.push({ svg: svgFile, png: cached });
          }
        }
        mkdirSync(join(cacheDir, 'png'), { recursive: true });
        if (jobs.length) await rasterise(jobs, fontsConf);
        for (const { cached, target } of copies) {
          mkdirSync(dirname(target), { recursive: true });
          copyFileSync(cached, target);
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `${wanted.size} social cards (${jobs.length} drawn, ${wanted.size - jobs.length} from the cache ${relative(root, cacheDir)}) in ${seconds} s`,
        );
      },
    },
  };
}
