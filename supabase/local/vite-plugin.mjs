// Mounts the embedded backend on the Vite dev server (`npm run dev`), so the forum and the
// registry work on the dev origin exactly as under `npm start`.
import { loadEnv } from 'vite';
// Imported statically: astro.config.mjs is evaluated by a module runner that is closed once
// the config is loaded, so a dynamic import() from inside a hook would fail.
import { createBackend } from './backend.mjs';

/** @returns {import('vite').Plugin} */
export function embeddedSupabase() {
  /** @type {Promise<import('./backend.mjs').Backend> | undefined} */
  let backend;
  /** @type {Record<string, string>} */
  let env = {};
  return {
    name: 'embedded-supabase',
    apply: 'serve',
    configResolved(config) {
      // Vite reads .env files for the browser; the backend must accept the same key.
      env = { ...loadEnv(config.mode, config.envDir || config.root, ''), ...process.env };
    },
    configureServer(server) {
      if (env.PUBLIC_SUPABASE_URL) return; // a real project is configured: nothing to serve
      // Started now but awaited per request, so the dev server does not wait for initdb.
      backend = createBackend({
        dataDir: env.DATA_DIR || '.data',
        anonKey: env.PUBLIC_SUPABASE_ANON_KEY || undefined,
        rateLimit: env.COMMUNITY_RATE_LIMIT ? Number(env.COMMUNITY_RATE_LIMIT) : undefined,
        log: (line) => server.config.logger.info(`[community backend] ${line}`),
      });
      backend.catch((error) => server.config.logger.error(`[community backend] ${error.stack ?? error}`));
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/rest/v1')) return next();
        /** @type {Promise<import('./backend.mjs').Backend>} */ (backend)
          .then((b) => b.handle(req, res))
          .then((handled) => handled || next(), next);
      });
      server.httpServer?.once('close', () => {
        backend?.then((b) => b.close()).catch(() => {});
      });
    },
  };
}
