// @ts-check
// The self-hosted community backend, for an owner with a PostgreSQL server of their own:
// `npm start` with DATABASE_URL provisions that database like a Supabase project
// (provision.mjs), runs PostgREST 12 in front of it (postgrest.mjs), and serves PostgREST
// under /rest/v1 on the site's origin behind the gateway (gateway.mjs). PostgREST keeps no
// state of its own, so any number of these servers can share one database behind a load
// balancer, given the same DATABASE_URL and JWT_SECRET.
import { createHmac } from 'node:crypto';
import { configureRateLimit, rateLimitFromEnv, readMaxRows, wholeNumberFromEnv } from '../gateway/settings.mjs';
import { DEV_ANON_KEY } from '../gateway/dev-anon-key.mjs';
import { openDatabaseUrl, withCredentials } from './database-url.mjs';
import { createGateway } from './gateway.mjs';
import { DEMO_JWT_SECRET, MIN_SECRET_LENGTH, verifiedRole } from './jwt.mjs';
import { startPostgrest } from './postgrest.mjs';
import { provisionDatabase } from './provision.mjs';

/**
 * @typedef {object} SelfHostedOptions
 * @property {string} databaseUrl the database owner's connection (postgres://user:password@host:port/db)
 * @property {string} jwtSecret signs the keys PostgREST accepts (at least 32 characters)
 * @property {string} [anonKey] the key the pages were built with: an anon JWT signed with jwtSecret
 * @property {number} [rateLimit] inserts per client per table per window, 0 = off
 * @property {number} [trustProxy] proxies in front whose X-Forwarded-For entries are believed
 * @property {boolean} [limits] the embedded backend's request limits in front (default true)
 * @property {string} [serviceKey] a service_role key the gateway lets through (tests)
 * @property {(line: string) => void} [log]
 */

/**
 * @param {SelfHostedOptions} options
 * @returns {Promise<{ handle: ReturnType<typeof createGateway>, close: () => Promise<void>, listening: (address: unknown) => Promise<void>, anonKey: string }>}
 */
export async function createSelfHostedBackend({
  databaseUrl,
  jwtSecret,
  anonKey = process.env.PUBLIC_SUPABASE_ANON_KEY || DEV_ANON_KEY,
  rateLimit = rateLimitFromEnv(),
  trustProxy = wholeNumberFromEnv('TRUST_PROXY') ?? 0,
  limits = true,
  serviceKey,
  log = () => {},
}) {
  checkKeys(jwtSecret, anonKey, log);
  const { sql, where } = openDatabaseUrl(databaseUrl);
  try {
    await provisionDatabase(sql, { authenticatorPassword: authenticatorPassword(jwtSecret), log });
    await configureRateLimit({ query: (text, params) => sql.unsafe(text, /** @type {any[]} */ (params)) }, rateLimit);
  } catch (error) {
    throw new Error(`Preparing ${where} failed: ${error instanceof Error ? error.message : error}`, { cause: error });
  } finally {
    await sql.end();
  }
  const postgrest = await startPostgrest({
    dbUri: withCredentials(databaseUrl, 'authenticator', authenticatorPassword(jwtSecret)),
    jwtSecret,
    maxRows: readMaxRows(),
    log,
  });
  return {
    handle: createGateway({ target: postgrest.target, anonKey, serviceKey, trustProxy, limits }),
    close: postgrest.stop,
    // The moderation tool reaches this database through DATABASE_URL, not through this server.
    listening: async () => {},
    anonKey,
  };
}

/**
 * The pages carry `anonKey`; PostgREST must accept it as the anon role, or every request fails.
 * @param {string} jwtSecret @param {string} anonKey @param {(line: string) => void} log
 */
function checkKeys(jwtSecret, anonKey, log) {
  if (!jwtSecret || jwtSecret.length < MIN_SECRET_LENGTH)
    throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -hex 32).`);
  if (verifiedRole(anonKey, jwtSecret) !== 'anon') {
    throw new Error(
      'PUBLIC_SUPABASE_ANON_KEY is not an anon key signed with JWT_SECRET: make one with `npm run anon-key`, ' +
        'put it in .env and start again (npm start builds the pages with it).',
    );
  }
  if (jwtSecret === DEMO_JWT_SECRET)
    log(
      'JWT_SECRET is the public demonstration secret: anyone can sign keys for this database. Use it only for tests.',
    );
}

/**
 * The password PostgREST logs in with, the same on every server that shares the secret.
 * @param {string} jwtSecret
 */
function authenticatorPassword(jwtSecret) {
  return createHmac('sha256', jwtSecret).update('authenticator password').digest('hex');
}
