// Answers requests for the built site in a folder (dist/): each page at its one canonical
// address with the headers _headers gives that address, the not-found page (404) otherwise.
// server/serve.mjs (`npm start`) mounts it on createLimitedServer (server/server-limits.mjs),
// which answers targets no URL parser reads; tests/server/static-site.test.ts checks the two.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, realpath, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import { pagePathOf } from '../src/integrations/security-headers.mjs';
import { GZIP_FROM_BYTES, acceptsBrotli, acceptsGzip } from '../supabase/gateway/http.mjs';
import { headersFor, parseHeadersFile } from './headers-file.mjs';
import { PAGE_CACHE_CONTROL, USE_AS_DICTIONARY, createPageDictionaries } from './page-dictionaries.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.md': 'text/markdown; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;
/**
 * Pagefind's search files (its WebAssembly, index and excerpts) are written gzipped. Sent as
 * gzip-encoded answers, they are unpacked by the browser as they arrive, and Pagefind, seeing
 * them unpacked, skips its own gunzip in JavaScript, which a phone ran on the main thread between
 * each download and the next step of a search.
 */
const GZIPPED = /\.(pagefind|pf_meta|pf_index|pf_fragment|pf_filter)$/;

/** Whether the request's If-None-Match names `etag` (compared weakly, as for a GET). */
function unchanged(req, etag) {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const brotli = promisify(brotliCompress);
/** What `npm start` prints once its Brotli compression has ended (the bench waits for it). */
export const COMPRESSION_DONE = 'Brotli compression done';

/** A kept file no start has used for this long is removed: its build has long been replaced. */
const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The Brotli bytes of earlier starts, by the SHA-256 of the file they compress: a start on the
 * same build, or one that changed a few files, compresses only what is new. Brotli at quality 11
 * took about 7 s of processor time for the whole site at every start. A folder that cannot be
 * written (a read-only install) only means compressing at every start, as without it.
 * @param {string} folder
 */
async function keptBrotli(folder) {
  await mkdir(folder, { recursive: true }).catch(() => {});
  const used = new Set();
  const pathOf = (/** @type {string} */ digest) => join(folder, `${digest}.br`);
  return {
    /** @param {string} digest */
    read: async (digest) => {
      const bytes = await readFile(pathOf(digest)).catch(() => null);
      if (bytes) used.add(`${digest}.br`);
      return bytes;
    },
    /** Kept under a private name then renamed, so a server starting meanwhile never reads half. @param {string} digest @param {Buffer} bytes */
    keep: async (digest, bytes) => {
      const name = `${digest}.br`;
      if (used.has(name)) return utimes(pathOf(digest), new Date(), new Date()).catch(() => {});
      used.add(name);
      const partial = `${pathOf(digest)}.${process.pid}.partial`;
      await writeFile(partial, bytes)
        .then(() => rename(partial, pathOf(digest)))
        .catch(() => rm(partial, { force: true }));
    },
    forgetUnused: async () => {
      for (const name of await readdir(folder).catch(() => [])) {
        if (used.has(name)) continue;
        const path = join(folder, name);
        const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
        if (Date.now() - mtimeMs > KEPT_FOR_MS) await rm(path, { force: true });
      }
    },
  };
}

/** Files in the build that configure the host and are not part of the site. */
const HOST_FILES = new Set(['_headers', '_redirects']);

/**
 * The bytes to send for a file and their validator: against the dictionary the browser named where
 * the page could be (`against`), else the best encoding the client takes. Each encoding's bytes are
 * a representation of their own, with a validator of their own, and so are each dictionary's.
 */
function representation(req, { body, gz, br, etag, gzEtag, brEtag }, against) {
  if (against) return { encoding: 'dcz', payload: against.payload, tag: `${etag.slice(0, -1)}-dcz-${against.tag}"` };
  if (br && acceptsBrotli(req)) return { encoding: 'br', payload: br, tag: brEtag };
  if (gz && acceptsGzip(req)) return { encoding: 'gzip', payload: gz, tag: gzEtag };
  return { encoding: null, payload: body, tag: etag };
}

/**
 * @param {{ root: string, brotliCache?: string }} options the built site's folder, and a folder
 *   that keeps each file's Brotli bytes for later starts (by the file's SHA-256)
 * @returns {Promise<{
 *   handle: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>,
 *   securityHeaders: Record<string, string>,
 *   compressed: Promise<void>,
 * }>} `handle` answers a request; `securityHeaders` are for answers that are not a file of the
 *   site (redirects, errors): the site-wide headers and the not-found page's policy;
 *   `compressed` settles once every file that gains from it has its Brotli version, or the
 *   compression has stopped (gzip answers for the rest)
 */
export async function createStaticSite({ root: folder, brotliCache }) {
  const root = await realpath(resolve(folder)).catch(() => resolve(folder));
  // The same headers a static host sends, from the built _headers file (policies, caching).
  const rules = parseHeadersFile(await readFile(join(root, '_headers'), 'utf8').catch(() => ''));
  const securityHeaders = Object.fromEntries(headersFor(rules, '/404'));
  const cache = new Map();
  const dictionaries = createPageDictionaries();

  /** A regular file whose real location is inside the site's folder (no symlinks out). */
  async function realFile(path) {
    try {
      const real = await realpath(path);
      if (!real.startsWith(root + sep)) return null;
      return (await stat(real)).isFile() ? real : null;
    } catch {
      return null;
    }
  }

  // /book → book.html, /book/ → book.html, / → index.html, /_astro/x.js → as is.
  async function resolveFile(urlPath) {
    let path;
    try {
      path = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (path.includes('\0')) return null;
    const clean = normalize(path).replace(/^(\.\.[/\\])+/, '');
    const base = join(root, clean);
    if (base !== root && !base.startsWith(root + sep)) return null;
    const trimmed = base.replace(/[/\\]+$/, '');
    for (const candidate of [base, `${trimmed}.html`, join(base, 'index.html')]) {
      const file = await realFile(candidate);
      if (!file) continue;
      const inside = relative(root, file).split(sep);
      if (HOST_FILES.has(inside.join('/')) || inside.some((part) => part.startsWith('.'))) return null;
      return file;
    }
    return null;
  }

  /** The one address a file is served at: pages without .html or /index, assets as they are. */
  function canonicalPath(file) {
    if (file.endsWith('.html')) return pagePathOf(file, root);
    return `/${relative(root, file).split(sep).join('/')}`;
  }

  async function load(file) {
    if (!cache.has(file)) {
      const body = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const gz = GZIPPED.test(file)
        ? body
        : COMPRESSIBLE.test(type) && body.length > GZIP_FROM_BYTES
          ? gzipSync(body)
          : null;
      // A validator for each version of the file: a browser holding it asks again with
      // If-None-Match and gets a 304 with no body. The gzipped bytes are another representation.
      const digest = createHash('sha256').update(body).digest();
      const page = type.startsWith('text/html');
      if (page) dictionaries.add(digest, body);
      const tag = digest.toString('base64url').slice(0, 22);
      cache.set(file, {
        body,
        digest: digest.toString('hex'),
        type,
        page,
        gz,
        br: null,
        etag: `"${tag}"`,
        gzEtag: `"${tag}-gz"`,
        brEtag: `"${tag}-br"`,
      });
    }
    return cache.get(file);
  }

  // Brotli at its best is smaller than gzip for these pages and scripts, a round trip's worth of
  // bytes on a slow phone for the larger ones, but too slow to finish before the server answers:
  // the files are compressed one after another once the server starts, and gzip answers until a
  // file's turn has come.
  const compressed = (async () => {
    const files = (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(TYPES[extname(entry.name)] ?? ''))
      .map((entry) => join(entry.parentPath, entry.name));
    const kept = brotliCache ? await keptBrotli(brotliCache) : null;
    for (const file of files) {
      const entry = await load(file);
      if (!entry.gz) continue;
      entry.br =
        (await kept?.read(entry.digest)) ??
        (await brotli(entry.body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
        }));
      await kept?.keep(entry.digest, entry.br);
    }
    await kept?.forgetUnused();
  })().catch((error) => console.warn('Brotli compression stopped; gzip answers instead', error));

  async function send(req, res, file, status, path) {
    const entry = await load(file);
    const { body, type, page, gz } = entry;
    // A page found is also a dictionary for the next (server/page-dictionaries.mjs), and is sent
    // against the one the browser names where it can be; the not-found page is neither.
    const dictionaryPage = page && status === 200;
    const against = dictionaryPage && gz ? await dictionaries.encode(req, file, body) : null;
    const { encoding, payload, tag } = representation(req, entry, against);
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', dictionaryPage ? PAGE_CACHE_CONTROL : 'public, max-age=0, must-revalidate');
    for (const [name, value] of headersFor(rules, path)) res.setHeader(name, value);
    if (dictionaryPage) res.setHeader('Use-As-Dictionary', USE_AS_DICTIONARY);
    if (gz) res.setHeader('Vary', dictionaryPage ? 'Accept-Encoding, Available-Dictionary' : 'Accept-Encoding');
    if (status === 200) {
      res.setHeader('ETag', tag);
      if (unchanged(req, tag)) {
        res.statusCode = 304;
        res.end();
        return;
      }
    }
    res.statusCode = status;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', payload.length);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  const withoutSlash = (path) => path.replace(/(.)\/$/, '$1');

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...securityHeaders, Allow: 'GET, HEAD', 'Content-Length': 0 }).end();
      return;
    }
    const file = await resolveFile(url.pathname);
    if (!file) return send(req, res, join(root, '404.html'), 404, '/404');
    // Headers follow the file's one address, however the request spelled it (/for%75m is
    // /forum); /forum.html and /index.html are sent to that address.
    const canonical = canonicalPath(file);
    if (withoutSlash(decodeURIComponent(url.pathname)) !== withoutSlash(canonical)) {
      res
        .writeHead(301, { ...securityHeaders, Location: `${encodeURI(canonical)}${url.search}`, 'Content-Length': 0 })
        .end();
      return;
    }
    return send(req, res, file, 200, withoutSlash(canonical));
  }

  return { handle, securityHeaders, compressed };
}
