// After the build, holds each page's bundled scripts back until the page has painted. Astro emits
// them as module scripts, which a browser runs as soon as the document is parsed; on a fast
// connection that is before the first paint, so a simulated slow phone (Lighthouse) counts every
// script and each of its imports as blocking the first paint. Nothing on a page needs script to
// be read (menus are <details>, the What's New banner and theme are set by the head script), so
// the tags become inert placeholders that the head script (src/lib/head-script.mjs) turns back
// into module scripts at the first contentful paint. `astro dev` is unaffected.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { htmlFiles } from './html-files.mjs';

const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;

export function holdScripts(html) {
  return html.replace(MODULE_SCRIPT, '<script type="text/x-after-paint" data-after-paint="$1"></script>');
}

/** @returns {import('astro').AstroIntegration} */
export default function scriptsAfterPaint() {
  return {
    name: 'scripts-after-paint',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const held = holdScripts(html);
          if (held !== html) await writeFile(file, held);
        }
      },
    },
  };
}
