// The static server behind `npm start` (server/static-site.mjs), on a small built site in a
// temporary folder and mounted as server/serve.mjs mounts it: one address per page with its
// own headers, the site's security headers on every other answer, nothing outside the folder,
// no host configuration files.
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'static-site-'));
  outside = await mkdtemp(join(tmpdir(), 'static-outside-'));
  await writeFile(join(outside, 'secret.txt'), 'not part of the site');
  const dist = join(folder, 'dist');
  await mkdir(join(dist, '_astro'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<h1>home</h1>');
  await writeFile(join(dist, 'forum.html'), '<h1>forum</h1>');
  await writeFile(join(dist, 'essay.html'), `<h1>essay</h1>${'<p>The shepherd counts the flock. '.repeat(200)}`);
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
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding');
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
