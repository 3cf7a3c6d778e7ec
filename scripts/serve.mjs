// `npm start` / `npm run preview`: serves the production build in dist/ on
// http://$HOST:$PORT, with the not-found page (HTTP 404) for unknown paths.
import { existsSync } from 'node:fs';
import { createLimitedServer } from './server-limits.mjs';
import { createStaticSite } from './static-site.mjs';
import { createBackend } from '../supabase/local/backend.mjs';
import { createSelfHostedBackend } from '../supabase/self-hosted/backend.mjs';

// .env as `astro build` read it, so the backend accepts the key the pages were built with.
if (existsSync('.env')) process.loadEnvFile('.env');
// /rest/v1/ on this origin: PostgREST in front of the PostgreSQL in DATABASE_URL (self-hosted),
// else the embedded Supabase stand-in; nothing when a hosted project is configured.
const backend = process.env.PUBLIC_SUPABASE_URL
  ? null
  : process.env.DATABASE_URL
    ? await createSelfHostedBackend({
        databaseUrl: process.env.DATABASE_URL,
        jwtSecret: process.env.JWT_SECRET ?? '',
        log: (line) => console.log(`[community backend] ${line}`),
      })
    : await createBackend();

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';

const site = await createStaticSite({ root: 'dist' });

// Deadlines for slow clients and a connection cap (scripts/server-limits.mjs).
const server = createLimitedServer(async (req, res) => {
  try {
    if (backend && (await backend.handle(req, res))) return;
    await site(req, res);
  } catch (error) {
    console.error(`[serve] ${req.method} ${req.url}: ${error instanceof Error ? error.message : error}`);
    if (!res.headersSent) res.writeHead(500).end('Internal error');
  }
});

server.listen(port, host, () => {
  console.log(`Serving dist/ on http://${host}:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () =>
    server.close(() => (backend ? backend.close() : Promise.resolve()).finally(() => process.exit(0))),
  );
}
