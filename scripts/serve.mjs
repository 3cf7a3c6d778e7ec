// `npm start` / `npm run preview`: serves the production build in dist/ on
// http://$HOST:$PORT, with the not-found page (HTTP 404) for unknown paths.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { headersFor, parseHeadersFile } from './headers-file.mjs';
import { existsSync } from 'node:fs';
import { createBackend } from '../supabase/local/backend.mjs';

// .env as `astro build` read it, so the backend accepts the key the pages were built with.
if (existsSync('.env')) process.loadEnvFile('.env');
// The embedded Supabase stand-in answers /rest/v1/ on this origin, unless a real project is
// configured (DESIGN "Community backend").
const backend = process.env.PUBLIC_SUPABASE_URL ? null : await createBackend();

const root = resolve('dist');
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';

const types = {
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
};
// The same headers a static host sends, from the built _headers file (security policies, caching).
const headerRules = parseHeadersFile(await readFile(join(root, '_headers'), 'utf8').catch(() => ''));

const compressible = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

// /book → book.html, /book/ → book.html, / → index.html, /_astro/x.js → as is.
async function resolvePath(urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const clean = normalize(path).replace(/^(\.\.[/\\])+/, '');
  const base = join(root, clean);
  if (!base.startsWith(root)) return null;
  const trimmed = base.replace(/[/\\]+$/, '');
  for (const candidate of [base, `${trimmed}.html`, join(base, 'index.html')]) {
    if (await isFile(candidate)) return candidate;
  }
  return null;
}

const cache = new Map();
async function load(file) {
  if (!cache.has(file)) {
    const body = await readFile(file);
    const type = types[extname(file)] ?? 'application/octet-stream';
    const gz = compressible.test(type) && body.length > 1024 ? gzipSync(body) : null;
    cache.set(file, { body, type, gz });
  }
  return cache.get(file);
}

async function send(req, res, file, status, path) {
  const { body, type, gz } = await load(file);
  const useGzip = gz && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
  for (const [name, value] of headersFor(headerRules, path)) res.setHeader(name, value);
  if (gz) res.setHeader('Vary', 'Accept-Encoding');
  if (useGzip) res.setHeader('Content-Encoding', 'gzip');
  const payload = useGzip ? gz : body;
  res.setHeader('Content-Length', payload.length);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

const server = createServer(async (req, res) => {
  try {
    if (backend && (await backend.handle(req, res))) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = await resolvePath(url.pathname);
    if (file) return await send(req, res, file, 200, url.pathname.replace(/(.)\/$/, '$1'));
    return await send(req, res, join(root, '404.html'), 404, '/404');
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end('Internal error');
  }
});

server.listen(port, host, () => {
  console.log(`Serving dist/ on http://${host}:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => (backend ? backend.close() : Promise.resolve()).finally(() => process.exit(0))));
}
