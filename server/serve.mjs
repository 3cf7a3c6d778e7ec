// `npm start` / `npm run preview`: serves the production build in dist/ (or $SITE_DIR) on
// http://$HOST:$PORT, with the not-found page (HTTP 404) for unknown paths.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLimitedServer } from './server-limits.mjs';
import { COMPRESSION_DONE, createStaticSite } from './static-site.mjs';
import { createBackend } from '../supabase/embedded/backend.mjs';
import { UnusableDataDirError } from '../supabase/embedded/database.mjs';
import { createSelfHostedBackend } from '../supabase/self-hosted/backend.mjs';

// .env as `astro build` read it, so the backend accepts the key the pages were built with.
if (existsSync('.env')) process.loadEnvFile('.env');
// /rest/v1/ on this origin: PostgREST in front of the PostgreSQL in DATABASE_URL (self-hosted),
// else the embedded Supabase stand-in; nothing when a hosted project is configured.
const log = (/** @type {string} */ line) => console.log(`[community backend] ${line}`);
const backend = process.env.PUBLIC_SUPABASE_URL
  ? null
  : process.env.DATABASE_URL
    ? await createSelfHostedBackend({
        databaseUrl: process.env.DATABASE_URL,
        jwtSecret: process.env.JWT_SECRET ?? '',
        log,
      })
    : await createBackend({ log }).catch(stopIfUnusable);

/** A damaged or foreign DATA_DIR: the message says what to do; a stack trace would bury it. */
function stopIfUnusable(/** @type {unknown} */ error) {
  if (!(error instanceof UnusableDataDirError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';

const siteDir = process.env.SITE_DIR ?? 'dist';
// Each file's Brotli bytes are kept beside the other tools' caches, for the next start.
const site = await createStaticSite({
  root: siteDir,
  brotliCache: fileURLToPath(new URL('../node_modules/.cache/brotli/', import.meta.url)),
});

// Deadlines for slow clients, connection caps, and the answers to unreadable requests and to
// failures (500, logged), all with the site's security headers (server/server-limits.mjs).
const server = createLimitedServer(
  async (req, res) => {
    if (backend && (await backend.handle(req, res))) return;
    await site.handle(req, res);
  },
  {
    headers: site.securityHeaders,
    // Behind trusted proxies every connection is a proxy's: one visitor's share is theirs to keep.
    ...(Number(process.env.TRUST_PROXY) > 0 && {
      maxConnectionsPerPeer: Infinity,
      maxConnectionsPerNetwork: Infinity,
    }),
  },
);

server.listen(port, host, async () => {
  // Where the moderation tool finds this server (beside the key it may use here).
  await backend?.listening(server.address());
  console.log(`Serving ${siteDir}/ on http://${host}:${port}`);
  await site.compressed;
  console.log(COMPRESSION_DONE);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () =>
    server.close(() => (backend ? backend.close() : Promise.resolve()).finally(() => process.exit(0))),
  );
}
