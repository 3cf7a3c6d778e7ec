// After the build, reads every page and stops the build on a link that leads nowhere on this
// site: a path that is neither a page nor a file (an essay linked without its category,
// /essays/golden-age), or a #fragment its page has no place for. The author hears of it from
// the build, before a reader does. Runs last, once every file of the site is written.
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadLinks } from '../lib/site-links.ts';
import { pagePathOf } from './security-headers.mjs';

export default function siteLinks() {
  return {
    name: 'site-links',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const pages = new Map();
        const files = new Set();
        for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile()) continue;
          const file = join(entry.parentPath, entry.name);
          if (file.endsWith('.html')) pages.set(pagePathOf(file, root), await readFile(file, 'utf8'));
          else files.add(`/${relative(root, file).replace(/\\/g, '/')}`);
        }
        const dead = deadLinks(pages, files);
        if (dead.length === 0) return;
        throw new Error(
          `${dead.length === 1 ? 'A link leads' : `${dead.length} links lead`} nowhere on this site:\n` +
            dead.map(({ page, href }) => `  on ${page}: ${href}`).join('\n'),
        );
      },
    },
  };
}
