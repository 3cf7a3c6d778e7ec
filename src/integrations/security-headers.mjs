// After the build, writes dist/_headers (Netlify / Cloudflare Pages format): the site-wide
// headers from public/_headers, plus, for every page, the Content-Security-Policy Astro computed
// for it (script and style hashes) with the directives a <meta> policy cannot carry
// (frame-ancestors), and PAGE_HEADERS. `npm start` serves the same file (server/serve.mjs), so
// what is tested locally is what a static host sends.
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicPath } from '../lib/urls.ts';
import { htmlFiles } from './html-files.mjs';

const HEADER_ONLY = ["frame-ancestors 'none'"];

/**
 * Headers only a page's document reads (its referrer policy, framing, features, browsing context
 * group). Sent with the pages alone: on each of the dozen scripts a page fetches they were about
 * 220 bytes of nothing, over 4 KiB of a phone's first seconds on the home page.
 */
const PAGE_HEADERS = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The address a built page is served at: dist/book.html is /book, dist/index.html is /. */
export function pagePathOf(file, root) {
  return publicPath(`/${relative(root, file).replace(/\\/g, '/')}`);
}

export default function securityHeaders() {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const target = join(root, '_headers');
        const base = await readFile(target, 'utf8').catch(() => '');
        const blocks = [];
        for (const file of await htmlFiles(root)) {
          const html = await readFile(file, 'utf8');
          const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/i);
          if (!meta) continue;
          const policy = meta[1]
            .replace(/&#39;/g, "'")
            .replace(/&quot;/g, '"')
            .replace(/&amp;/g, '&')
            .trim()
            .replace(/;$/, '');
          const headers = { ...PAGE_HEADERS, 'Content-Security-Policy': [policy, ...HEADER_ONLY].join('; ') };
          const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
          blocks.push([pagePathOf(file, root), ...lines].join('\n'));
        }
        await writeFile(
          target,
          `${base.trimEnd()}\n\n# Per-page headers and policies, generated at build from Astro's CSP hashes.\n${blocks.join('\n')}\n`,
        );
        logger.info(`wrote per-page headers and Content-Security-Policy for ${blocks.length} pages to _headers`);
      },
    },
  };
}
