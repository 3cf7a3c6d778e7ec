// After astro-pagefind has written the search index (dist/pagefind/), writes beside it what a
// search needs before Pagefind's WebAssembly arrives (src/lib/search-ahead.ts), read from the
// index itself: its metadata (the range of words each chunk holds), each chunk's size and each
// page's excerpt file (the page's address and title). Listed after pagefind() in astro.config.mjs:
// Astro runs the integrations' build:done hooks one after another, in that order.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { decode } from 'cborg';
import { searchAheadFile } from '../lib/search-ahead.ts';

/** Every file Pagefind writes, unpacked, starts with this mark. */
const SIGNATURE = 'pagefind_dcd';

/** A Pagefind file's contents after its mark; a file without it is from a format this does not read. */
async function unpack(file) {
  const bytes = gunzipSync(await readFile(file));
  const mark = bytes.subarray(0, SIGNATURE.length).toString('latin1');
  if (mark !== SIGNATURE) throw new Error(`${file} is not a Pagefind file this build can read`);
  return bytes.subarray(SIGNATURE.length);
}

/**
 * One language's SearchAhead from Pagefind's files in `folder`. The metadata is CBOR:
 * [version, pages as [id, word count, …], chunks as [first word, last word, chunk], …]. A shape
 * other than that (a new Pagefind) stops the build rather than guessing.
 * @returns {Promise<import('../lib/search-ahead.ts').SearchAhead>}
 */
export async function searchAheadFrom(folder, metaHash) {
  const [version, pages, chunks] = decode(await unpack(join(folder, `pagefind.${metaHash}.pf_meta`)));
  const isStrings = (row, count) => Array.isArray(row) && row.slice(0, count).every((v) => typeof v === 'string');
  if (
    typeof version !== 'string' ||
    !pages?.every?.((p) => isStrings(p, 1)) ||
    !chunks?.every?.((c) => isStrings(c, 3))
  )
    throw new Error(`Pagefind ${version}'s metadata has a shape src/integrations/search-ahead.mjs does not know`);
  const entries = await Promise.all(
    pages.map(async ([id]) => {
      const { url, meta } = JSON.parse((await unpack(join(folder, 'fragment', `${id}.pf_fragment`))).toString('utf8'));
      return [id, { url, title: meta?.title ?? url }];
    }),
  );
  const sized = await Promise.all(
    chunks.map(async ([from, to, chunk]) => [
      from,
      to,
      chunk,
      (await stat(join(folder, 'index', `${chunk}.pf_index`))).size,
    ]),
  );
  return { chunks: sized, pages: Object.fromEntries(entries) };
}

/** @returns {import('astro').AstroIntegration} */
export default function searchAhead() {
  return {
    name: 'search-ahead',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const folder = join(fileURLToPath(dir), 'pagefind');
        const { languages } = JSON.parse(await readFile(join(folder, 'pagefind-entry.json'), 'utf8'));
        for (const [language, { hash }] of Object.entries(languages)) {
          const ahead = await searchAheadFrom(folder, hash);
          await writeFile(join(folder, searchAheadFile(language)), JSON.stringify(ahead));
        }
      },
    },
  };
}
