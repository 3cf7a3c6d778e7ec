// The static server behind `npm start` (server/static-site.mjs), on a small built site in a
// temporary folder and mounted as server/serve.mjs mounts it: one address per page with its
// own headers, the site's security headers on every other answer, nothing outside the folder,
// no host configuration files.
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readFile, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimitedServer } from '../../server/server-limits.mjs';
import { createStaticSite } from '../../server/static-site.mjs';

let folder: string;
let outside: string;
let server: Server;
let origin: string;

const HEADERS = `/*
  X-Content-Type-Options: nosniff

/
  Content-Security-Policy: policy-of-home

/forum
  Content-Security-Policy: policy-of-forum

/404
  Content-Security-Policy: policy-of-404
`;

// Two pages that share most of their markup, as the site's pages share their stylesheet and frame.
// Numbered rules and lines, so that neither page compresses to nothing on its own.
const lines = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i)).join('');
const FRAME = `<style>${lines(400, (i) => `.c${i}{margin:${(i * 7) % 13}px ${(i * 11) % 17}rem}`)}</style><header>Genesis</header>`;
const ESSAY = `${FRAME}<h1>essay</h1>${'<p>The shepherd counts the flock. '.repeat(200)}`;
const BOOK = `${FRAME}<h1>book</h1>${lines(40, (i) => `<p>Day ${i * 37}: the machine learns hill ${i * 13}.`)}`;
const digestOf = (text: string) => createHash('sha256').update(text).digest();

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'static-site-'));
  outside = await mkdtemp(join(tmpdir(), 'static-outside-'));
  await writeFile(join(outside, 'secret.txt'), 'not part of the site');
  const dist = join(folder, 'dist');
  await mkdir(join(dist, '_astro'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<h1>home</h1>');
  await writeFile(join(dist, 'forum.html'), '<h1>forum</h1>');
  await writeFile(join(dist, 'essay.html'), ESSAY);
  await writeFile(join(dist, 'book.html'), BOOK);
  await writeFile(join(dist, '404.html'), '<h1>not found</h1>');
  await writeFile(join(dist, '_astro', 'app.js'), 'console.log(1)');
  await writeFile(join(dist, '_headers'), HEADERS);
  // Pagefind writes its search files gzipped, their unpacked bytes starting with its signature.
  await mkdir(join(dist, 'pagefind', 'index'), { recursive: true });
  await writeFile(join(dist, 'pagefind', 'index', 'en_1.pf_index'), gzipSync(`pagefind_dcd${'carob '.repeat(400)}`));
  await symlink(join(outside, 'secret.txt'), join(dist, 'leak.txt'));
  await symlink(outside, join(dist, 'elsewhere'));
  await symlink(join(dist, '_astro', 'app.js'), join(dist, 'alias.js'));
  const site = await createStaticSite({ root: dist });
  server = createLimitedServer(site.handle, { headers: site.securityHeaders });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(folder, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${origin}${path}`, { redirect: 'manual' });

describe("one address per page, with that page's headers", () => {
  it('serves a page at its address with its policy', async () => {
    const forum = await get('/forum');
    expect(forum.status).toBe(200);
    expect(forum.headers.get('content-security-policy')).toBe('policy-of-forum');
    expect((await get('/')).headers.get('content-security-policy')).toBe('policy-of-home');
  });

  it.each([
    ['/forum.html', '/forum'],
    ['/index.html', '/'],
    ['/forum.html?page=2', '/forum?page=2'],
  ])('%s is sent to %s', async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(location);
  });

  it.each(['/for%75m', '/%66orum', '/forum/'])("%s is the forum, with the forum's policy", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe('policy-of-forum');
    expect(await response.text()).toContain('forum');
  });

  it('answers unknown paths with the not-found page and its policy', async () => {
    const response = await get('/nowhere');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe('policy-of-404');
  });
});

describe("the site's security headers on every answer", () => {
  it.each([
    ['a redirect', '/forum.html', 'GET', 301],
    ['another method', '/forum', 'POST', 405],
    ['another method on no page', '/nowhere', 'DELETE', 405],
  ])('%s (%s, %s) is a %i with the site-wide headers and the not-found policy', async (_name, path, method, status) => {
    const response = await fetch(`${origin}${path}`, { method, redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe('policy-of-404');
  });
});

describe("a reader's copy is checked, not sent again", () => {
  const ask = (path: string, headers: Record<string, string>) => fetch(`${origin}${path}`, { headers });

  it('a page named by its validator is a 304 with no body and the page’s own headers', async () => {
    const first = await get('/forum');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const named of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await ask('/forum', { 'If-None-Match': named });
      expect(again.status, named).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('content-security-policy')).toBe('policy-of-forum');
    }
  });

  it('another version, or another page, is sent whole', async () => {
    const etag = (await get('/forum')).headers.get('etag')!;
    const other = await ask('/forum', { 'If-None-Match': '"an-older-version"' });
    expect(other.status).toBe(200);
    expect(await other.text()).toContain('forum');
    const home = await ask('/', { 'If-None-Match': etag });
    expect(home.status).toBe(200);
    expect(home.headers.get('etag')).not.toBe(etag);
  });

  it('the gzipped bytes have a validator of their own', async () => {
    const plain = await ask('/essay', { 'Accept-Encoding': 'identity' });
    const gzipped = await ask('/essay', { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gzipped.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const crossed = await ask('/essay', { 'Accept-Encoding': 'gzip', 'If-None-Match': plain.headers.get('etag')! });
    expect(crossed.status).toBe(200);
    expect(await crossed.text()).toContain('shepherd');
  });

  it('a client that takes Brotli gets it once the server has made it, with a validator of its own', async () => {
    const brotli = { 'Accept-Encoding': 'gzip, deflate, br' };
    await expect.poll(async () => (await ask('/essay', brotli)).headers.get('content-encoding')).toBe('br');
    const compressed = await ask('/essay', brotli);
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding, Available-Dictionary');
    expect(await compressed.text()).toContain('The shepherd counts the flock.');
    const gzipped = await ask('/essay', { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const etag = compressed.headers.get('etag')!;
    expect(etag).not.toBe(gzipped.headers.get('etag'));
    expect((await ask('/essay', { ...brotli, 'If-None-Match': etag })).status).toBe(304);
    const crossed = await ask('/essay', { ...brotli, 'If-None-Match': gzipped.headers.get('etag')! });
    expect(crossed.status).toBe(200);
    // A page too small to gain from compression is sent as it is.
    expect((await ask('/forum', brotli)).headers.get('content-encoding')).toBeNull();
  });

  it("Pagefind's gzipped files are sent gzip-encoded to a client that takes it, and as they are otherwise", async () => {
    const index = '/pagefind/index/en_1.pf_index';
    for (const accept of ['gzip', 'gzip, deflate, br']) {
      const encoded = await ask(index, { 'Accept-Encoding': accept });
      expect(encoded.headers.get('content-encoding')).toBe('gzip');
      expect(encoded.headers.get('vary')).toBe('Accept-Encoding');
      // Unpacked by the client (here fetch), as a browser does.
      expect(await encoded.text()).toMatch(/^pagefind_dcdcarob /);
    }
    const plain = await ask(index, { 'Accept-Encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect([...new Uint8Array(await plain.arrayBuffer()).slice(0, 2)]).toEqual([0x1f, 0x8b]);
  });

  it('the not-found page is never a 304', async () => {
    const response = await ask('/nowhere', { 'If-None-Match': '*' });
    expect(response.status).toBe(404);
    expect(response.headers.get('etag')).toBeNull();
  });
});

describe('only the site itself', () => {
  it.each(['/leak.txt', '/elsewhere/secret.txt', '/_headers', '/%5Fheaders', '/_redirects'])(
    '%s is not served',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/not part of the site|Content-Security-Policy/);
    },
  );

  it('a link inside the folder is sent to the file it names', async () => {
    const response = await get('/alias.js');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/_astro/app.js');
  });
});

describe('a page sent as the difference from a page the browser has', () => {
  const TAKES_DCZ = 'gzip, deflate, br, zstd, dcb, dcz';
  /** The answer's status, headers and bytes as sent (no client unpacks them). */
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(`${origin}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      },
    );
  const holding = (page: string) => ({
    'Accept-Encoding': TAKES_DCZ,
    'Available-Dictionary': `:${digestOf(page).toString('base64')}:`,
  });

  it('every page found offers itself as a dictionary for the later pages, and stays one while stale', async () => {
    const { headers } = await raw('/essay', { 'Accept-Encoding': TAKES_DCZ });
    expect(headers['use-as-dictionary']).toBe('match="/*", match-dest=("document")');
    // max-age=0 as before: a navigation still checks with the server; only the dictionary outlives it.
    expect(headers['cache-control']).toBe('public, max-age=0, stale-while-revalidate=3600');
    expect(headers.vary).toBe('Accept-Encoding, Available-Dictionary');
    const missing = await raw('/nowhere', { 'Accept-Encoding': TAKES_DCZ });
    expect(missing.status).toBe(404);
    expect(missing.headers['use-as-dictionary']).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('a page asked for with a page the server has is zstd against it, the dictionary named first', async () => {
    await raw('/essay', {});
    const { status, headers, body } = await raw('/book', holding(ESSAY));
    expect(status).toBe(200);
    expect(headers['content-encoding']).toBe('dcz');
    expect([...body.subarray(0, 8)]).toEqual([0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00]);
    expect(body.subarray(8, 40).equals(digestOf(ESSAY))).toBe(true);
    expect(zstdDecompressSync(body.subarray(40), { dictionary: Buffer.from(ESSAY) }).toString()).toBe(BOOK);
    // What the shared frame no longer costs.
    expect(body.length).toBeLessThan(brotliCompressSync(BOOK).length * 0.75);
    expect(Number(headers['content-length'])).toBe(body.length);
  });

  it('the dictionary-compressed bytes have a validator for each dictionary', async () => {
    await raw('/essay', {});
    await raw('/book', {});
    const { headers } = await raw('/book', holding(ESSAY));
    const etag = headers.etag as string;
    expect(etag).toMatch(/-dcz-[\w-]{8}"$/);
    expect((await raw('/book', { ...holding(ESSAY), 'If-None-Match': etag })).status).toBe(304);
    const otherDictionary = await raw('/book', { ...holding(BOOK), 'If-None-Match': etag });
    expect(otherDictionary.status).toBe(200);
    expect(otherDictionary.headers.etag).not.toBe(etag);
  });

  it.each([
    ['a dictionary the server never sent', { ...holding('<h1>another site</h1>') }, 'br'],
    [
      'a client that takes no dcz',
      { 'Accept-Encoding': 'gzip, br', 'Available-Dictionary': holding(ESSAY)['Available-Dictionary'] },
      'br',
    ],
    ['a malformed name', { 'Accept-Encoding': TAKES_DCZ, 'Available-Dictionary': 'essay' }, 'br'],
  ])('%s gets the page as always', async (_name, headers, encoding) => {
    await raw('/essay', {});
    await expect.poll(async () => (await raw('/book', headers)).headers['content-encoding']).toBe(encoding);
    const { body } = await raw('/book', headers);
    expect(body.length).toBeGreaterThan(0);
  });

  it('only pages are sent against a dictionary', async () => {
    await raw('/essay', {});
    for (const path of ['/_astro/app.js', '/nowhere', '/pagefind/index/en_1.pf_index']) {
      const { headers } = await raw(path, holding(ESSAY));
      expect(headers['content-encoding'], path).not.toBe('dcz');
      expect(headers['use-as-dictionary'], path).toBeUndefined();
    }
  });
});

describe("each file's Brotli bytes, kept for the next start", () => {
  const brotliOf = async (root: string, brotliCache: string, path: string) => {
    const site = await createStaticSite({ root, brotliCache });
    await site.compressed;
    const kept = createLimitedServer(site.handle, { headers: site.securityHeaders });
    await new Promise<void>((resolve) => kept.listen(0, '127.0.0.1', resolve));
    const answer = await new Promise<Buffer>((resolve, reject) =>
      request(
        `http://127.0.0.1:${(kept.address() as AddressInfo).port}${path}`,
        { headers: { 'Accept-Encoding': 'br' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
        },
      )
        .on('error', reject)
        .end(),
    );
    kept.closeAllConnections();
    await new Promise((resolve) => kept.close(resolve));
    return brotliDecompressSync(answer).toString();
  };

  it('a start on the same files sends the bytes kept, by the SHA-256 of what they compress', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'static-brotli-'));
    try {
      const root = join(folder, 'dist');
      expect(await brotliOf(root, cache, '/essay')).toBe(ESSAY);
      const kept = join(cache, `${digestOf(ESSAY).toString('hex')}.br`);
      expect(brotliDecompressSync(await readFile(kept)).toString()).toBe(ESSAY);
      // Planted: what the next start sends for the essay comes from the folder, not a compression.
      await writeFile(kept, brotliCompressSync('kept from the start before'));
      expect(await brotliOf(root, cache, '/essay')).toBe('kept from the start before');
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });

  it('forgets what no start has used for a week, and keeps what this one used', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'static-brotli-'));
    try {
      const root = join(folder, 'dist');
      await brotliOf(root, cache, '/book');
      const weekAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
      const old = join(cache, `${'0'.repeat(64)}.br`);
      await writeFile(old, 'a build long replaced');
      await utimes(old, weekAgo, weekAgo);
      const used = join(cache, `${digestOf(BOOK).toString('hex')}.br`);
      await utimes(used, weekAgo, weekAgo);
      await brotliOf(root, cache, '/book');
      const left = await readdir(cache);
      expect(left).toContain(`${digestOf(BOOK).toString('hex')}.br`);
      expect(left).not.toContain(`${'0'.repeat(64)}.br`);
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });
});
