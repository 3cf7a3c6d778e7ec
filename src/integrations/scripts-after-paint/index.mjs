// Scripts after paint: no script of ours runs before a page's first contentful paint, except the
// small one that must (head-script.mjs). Astro emits each page's bundled scripts as module
// scripts, which a browser runs as soon as the document is parsed; on a fast connection that is
// before the first paint, so a simulated slow phone (Lighthouse) counts every script and each of
// its imports as blocking that paint (LCP 0.90 s with this integration, 1.17-1.44 s without).
// Nothing on a page needs script to be read (menus are <details>; theme, fonts and the What's
// New banner are set by the head script), so this integration, in the one place:
// - puts the head script inline in every page's <head>; Astro hashes injected scripts into the
//   page's Content-Security-Policy itself, so the script and its hash cannot drift apart;
// - after the build, turns each page's module scripts into inert placeholders
//   (`<script type="text/x-after-paint" data-after-paint="/_astro/…">`), which the head script
//   turns back into module scripts at the first contentful paint and then marks
//   <html data-ready> (end-to-end tests wait for it);
// - registers `client:afterpaint` (after-paint-directive.ts): an island hydrates at that same
//   moment, or with `client:afterpaint="visible"` once it is also in view, instead of racing the
//   paint as `client:load` does;
// - registers `client:konami` (konami-directive.ts): the Konami listener hydrates only when a
//   visitor presses the code's first key, so a page where nobody types it loads no React;
// - registers `client:toast` (toast-directive.ts): the toast area hydrates when a toast is
//   raised or carried over from the previous page.
// `astro dev` runs scripts as usual; only the head script and the directives apply there.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { htmlFiles } from '../html-files.mjs';
import { HEAD_SCRIPT } from './head-script.mjs';

const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;

export function holdScripts(html) {
  return html.replace(MODULE_SCRIPT, '<script type="text/x-after-paint" data-after-paint="$1"></script>');
}

/** @returns {import('astro').AstroIntegration} */
export default function scriptsAfterPaint() {
  return {
    name: 'scripts-after-paint',
    hooks: {
      'astro:config:setup': ({ injectScript, addClientDirective }) => {
        injectScript('head-inline', HEAD_SCRIPT);
        addClientDirective({
          name: 'afterpaint',
          entrypoint: fileURLToPath(new URL('./after-paint-directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'konami',
          entrypoint: fileURLToPath(new URL('./konami-directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'toast',
          entrypoint: fileURLToPath(new URL('./toast-directive.ts', import.meta.url)),
        });
      },
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
