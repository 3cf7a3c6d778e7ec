// After the build, trims each page's inlined stylesheet to the utility classes that page can use.
// Tailwind compiles one stylesheet for the whole site and Astro inlines it into every page; most
// of its utilities style other pages. The browser parses every inlined rule before it can lay the
// page out, and on a slow phone that parse is main-thread time the reader waits through: in
// Lighthouse's mobile simulation, the trimmed privacy page blocked the main thread for a median
// of 44 ms against 111 ms untrimmed (8 interleaved runs each; see `npm run bench`).
//
// Only Tailwind's utilities layer is trimmed; the base styles, design tokens, components and
// component styles stay whole. A utility stays when its class name appears in the page's markup
// or in any script the page loads (module scripts and islands, following their imports): classes
// that scripts add later are literal strings there, as Tailwind requires. Attribute and state
// selectors never remove a rule (aria-pressed is set by script, [open] by the browser).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PurgeCSS } from 'purgecss';
import { htmlFiles } from './html-files.mjs';

const STYLE = /<style>([\s\S]*?)<\/style>/g;
const UTILITIES = '@layer utilities{';
// Markup and inline scripts, not the page's prose: a rule for `.card` must not survive because
// an essay says "card".
const TAG_OR_SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>|<[^>]+>/g;
// `data-after-paint` too, so the result does not depend on running before scripts-after-paint.
const SCRIPT_URL = /(?:src|data-after-paint|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g;
// Dynamic imports are minified to template literals: import(`./Chunk.js`).
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'`]\.\/([^"'`]+\.js)["'`]/g;

/** Tailwind class names (with variants, brackets and slashes) and plain words (attribute names and values). */
export function extractTokens(content) {
  return [...new Set([...(content.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? []), ...(content.match(/[\w-]+/g) ?? [])])];
}

/** The /_astro/ scripts a page loads, following static and dynamic imports between chunks. */
async function scriptsOf(html, root, cache) {
  const seen = new Set();
  const queue = [...html.matchAll(SCRIPT_URL)].map((m) => m[1]);
  const sources = [];
  while (queue.length) {
    const url = queue.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    if (!cache.has(url)) cache.set(url, await readFile(join(root, url), 'utf8').catch(() => ''));
    const js = cache.get(url);
    sources.push(js);
    for (const m of js.matchAll(IMPORT)) queue.push(`/_astro/${m[1]}`);
  }
  return sources;
}

/** The `@layer utilities{…}` block of a stylesheet, as [start, end) offsets, or null. */
function utilitiesBlock(css) {
  const start = css.indexOf(UTILITIES);
  if (start < 0) return null;
  let depth = 0;
  for (let i = start + UTILITIES.length - 1; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return [start, i + 1];
  }
  return null;
}

/**
 * Every name a rule of `css` could look for in a page (classes, ids, tags, attribute names and
 * values), with CSS escapes undone: `.\32 xl\:grid` gives `2xl:grid`. Property names and
 * values come along; a few names too many cost nothing.
 */
export function cssNames(css) {
  const names = css.match(/(?:[\w\u0080-\uffff-]|\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F])+/g) ?? [];
  return new Set(
    names.map((name) =>
      name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex, char) =>
        hex ? String.fromCodePoint(parseInt(hex, 16)) : char,
      ),
    ),
  );
}

// PurgeCSS parses the whole utilities layer again for each page, about 20 ms a page, which a
// site of a thousand essays pays a thousand times. Its choice of rules depends only on which of
// the layer's names the page contains, and pages of one kind contain the same ones (an essay's
// prose and links differ; its classes do not), so each layer keeps the result per set of names.
const prunedLayers = new Map();
const scriptTokens = new Map();

async function pruneUtilities(utilities, markup, scripts) {
  let layer = prunedLayers.get(utilities);
  if (!layer) {
    layer = { names: cssNames(utilities), results: new Map() };
    prunedLayers.set(utilities, layer);
  }
  const tokens = new Set(extractTokens(markup));
  for (const script of scripts) {
    if (!scriptTokens.has(script)) scriptTokens.set(script, extractTokens(script));
    for (const token of scriptTokens.get(script)) tokens.add(token);
  }
  const key = [...tokens]
    .filter((token) => layer.names.has(token))
    .sort()
    .join(' ');
  if (!layer.results.has(key)) {
    const [pruned] = await new PurgeCSS().purge({
      content: [{ raw: markup, extension: 'html' }, ...scripts.map((raw) => ({ raw, extension: 'js' }))],
      css: [{ raw: utilities }],
      defaultExtractor: extractTokens,
      dynamicAttributes: [...new Set([...utilities.matchAll(/\[([\w-]+)/g)].map((m) => m[1]))],
      keyframes: false,
      variables: false,
    });
    layer.results.set(key, pruned.css);
  }
  return layer.results.get(key);
}

export async function pruneHtml(html, scripts) {
  const markup = (html.replace(STYLE, '').match(TAG_OR_SCRIPT) ?? []).join(' ');
  const replacements = [];
  for (const [, css] of html.matchAll(STYLE)) {
    const block = utilitiesBlock(css);
    if (!block) {
      replacements.push(css);
      continue;
    }
    const pruned = await pruneUtilities(css.slice(...block), markup, scripts);
    replacements.push(css.slice(0, block[0]) + pruned + css.slice(block[1]));
  }
  let i = 0;
  return html.replace(STYLE, () => `<style>${replacements[i++]}</style>`);
}

/** @returns {import('astro').AstroIntegration} */
export default function pruneCss() {
  return {
    name: 'prune-css',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const cache = new Map();
        let before = 0;
        let after = 0;
        for (const file of await htmlFiles(root)) {
          const html = await readFile(file, 'utf8');
          const out = await pruneHtml(html, await scriptsOf(html, root, cache));
          before += html.length;
          after += out.length;
          if (out !== html) await writeFile(file, out);
        }
        logger.info(`pruned unused CSS: pages ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB`);
      },
    },
  };
}
