// @ts-check
// Mounts the embedded backend on the Vite dev server (`npm run dev`), so the forum and the
// registry work on the dev origin exactly as under `npm start`; and warns when a production
// build has no Supabase project to talk to.
import { loadEnv } from 'vite';
// Imported statically: astro.config.mjs is evaluated by a module runner that is closed once
// the config is loaded, so a dynamic import() from inside a hook would fail.
import { createBackend } from './backend.mjs';

const CLOSING = Symbol.for('genesis.embeddedSupabase.closing');
const WARNED = Symbol.for('genesis.embeddedSupabase.warnedAboutBuild');

/** @returns {import('vite').Plugin} */
export function embeddedSupabase() {
  /** @type {Promise<import('./backend.mjs').Backend> | undefined} */
  let backend;
  /** @type {Record<string, string>} */
  let env = {};
  return {
    name: 'embedded-supabase',
    configResolved(config) {
      // Vite reads .env files for the browser; the backend must accept the same key.
      env = { ...loadEnv(config.mode, config.envDir || config.root, '') };
      for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
      if (config.command === 'build' && !env.PUBLIC_SUPABASE_URL && !Reflect.get(globalThis, WARNED)) {
        // Astro runs several Vite builds per `astro build`: say it once.
        Reflect.set(globalThis, WARNED, true);
        config.logger.warn(
          '\n  PUBLIC_SUPABASE_URL is not set: the forum and the registry will call /rest/v1 on the\n' +
            "  site's own origin, which only `npm start` serves. For a static host, set\n" +
            '  PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY (see docs/backend.md) and build again.\n',
        );
      }
    },
    configureServer(server) {
      if (env.PUBLIC_SUPABASE_URL) return; // a real project is configured: nothing to serve
      // Started now but awaited per request, so the dev server does not wait for initdb. When
      // Astro restarts the server (a config change), this module is loaded afresh, so the
      // previous backend's closing is found on globalThis: it must let go of DATA_DIR first.
      const previous = /** @type {Promise<unknown> | undefined} */ (Reflect.get(globalThis, CLOSING));
      backend = Promise.resolve(previous).then(() =>
        createBackend({
          dataDir: env.DATA_DIR || '.data',
          anonKey: env.PUBLIC_SUPABASE_ANON_KEY || undefined,
          rateLimit: env.COMMUNITY_RATE_LIMIT ? Number(env.COMMUNITY_RATE_LIMIT) : undefined,
          trustProxy: env.TRUST_PROXY ? Number(env.TRUST_PROXY) : undefined,
          log: (line) => server.config.logger.info(`[community backend] ${line}`),
        }),
      );
      backend.catch((error) => server.config.logger.error(`[community backend] ${error.stack ?? error}`));
      // Where the moderation tool finds this server, once it listens.
      server.httpServer?.once('listening', () =>
        backend?.then((b) => b.listening(server.httpServer?.address() ?? null)).catch(() => {}),
      );
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/rest/v1')) return next();
        /** @type {Promise<import('./backend.mjs').Backend>} */ (backend)
          .then((b) => b.handle(req, res))
          .then((handled) => handled || next(), next);
      });
      server.httpServer?.once('close', () => {
        const closing = backend?.then((b) => b.close()).catch(() => {});
        Reflect.set(globalThis, CLOSING, closing);
      });
    },
  };
}
