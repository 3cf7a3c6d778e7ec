// @ts-check
// The embedded stand-in for the site's Supabase project: real Postgres (PGlite) running the
// project's own migrations, answering the REST calls supabase-js makes on the site's origin.
// `npm start` (scripts/serve.mjs), `npm run dev` (astro.config.mjs) and tests/db mount it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openDatabase, SUPABASE_DIR } from './database.mjs';
import { DEV_ANON_KEY } from './dev-anon-key.mjs';
import { SerialQueue } from './queue.mjs';
import { createRestHandler } from './rest.mjs';
import { loadSchemaCache } from './schema-cache.mjs';

/** Requests allowed to wait for the database before new ones are turned away. */
const MAX_WAITING_REQUESTS = 1000;

/**
 * The owner's key for this run, in DATA_DIR next to the database it unlocks: PGlite allows one
 * process per database, so the moderation tool (`npm run moderate`) reaches a database that a
 * running server holds through that server's API, as `service_role`, with this key.
 */
export const SERVICE_KEY_FILE = 'service-role.key';

/**
 * @typedef {object} BackendOptions
 * @property {string} [dataDir] directory for the database, or 'memory' (default: $DATA_DIR or .data)
 * @property {string} [anonKey] the key requests must carry (default: $PUBLIC_SUPABASE_ANON_KEY or the development key)
 * @property {number} [rateLimit] inserts per client per table per window, 0 = off
 *   (default: $COMMUNITY_RATE_LIMIT when set, else the value in the migrations)
 * @property {number} [trustProxy] proxies in front of this server whose X-Forwarded-For entries
 *   are believed; 0 = the socket's peer is the client (default: $TRUST_PROXY, else 0)
 * @property {string} [serviceKey] a key that runs requests as `service_role` (default: a new
 *   random one per start, written to DATA_DIR/service-role.key; none for 'memory')
 * @property {Blob} [template] a migrated database image (dumpDataDir) to start a new
 *   database from, skipping initdb; for test suites that open many databases
 * @property {(line: string) => void} [log]
 */

/**
 * @typedef {object} Backend
 * @property {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>} handle
 *   answers requests under /rest/v1/ and returns true; returns false for anything else
 * @property {() => Promise<void>} close waits for requests in progress, then closes the database
 * @property {import('@electric-sql/pglite').PGlite} db the database, as its owner (superuser)
 * @property {string} anonKey the key requests must carry (for scripts that call the API)
 */

/**
 * @param {BackendOptions} [options]
 * @returns {Promise<Backend>}
 */
export async function createBackend({
  dataDir = process.env.DATA_DIR ?? '.data',
  anonKey = process.env.PUBLIC_SUPABASE_ANON_KEY || DEV_ANON_KEY,
  rateLimit = rateLimitFromEnv(),
  trustProxy = wholeNumberFromEnv('TRUST_PROXY') ?? 0,
  serviceKey,
  template,
  log = () => {},
} = {}) {
  if (!Number.isInteger(trustProxy) || trustProxy < 0)
    throw new Error(`trustProxy must be a whole number ≥ 0, not ${trustProxy}`);
  const { db, release } = await openDatabase({ dataDir, template, log });
  const keyFile = dataDir === 'memory' ? null : join(resolve(dataDir), SERVICE_KEY_FILE);
  try {
    await configureRateLimit(db, rateLimit);
    if (keyFile) {
      serviceKey ??= randomBytes(32).toString('base64url');
      await writeFile(keyFile, serviceKey, { mode: 0o600 });
    }
    const schema = await loadSchemaCache(db);
    const queue = new SerialQueue(MAX_WAITING_REQUESTS);
    const handle = createRestHandler({ db, schema, queue, anonKey, serviceKey, maxRows: readMaxRows(), trustProxy });
    let closing;
    return {
      handle,
      db,
      anonKey,
      close() {
        const forgetKey = () => (keyFile ? rm(keyFile, { force: true }) : undefined);
        closing ??= queue
          .drain()
          .then(() => db.close())
          .then(forgetKey)
          .then(release);
        return closing;
      },
    };
  } catch (error) {
    await db.close();
    await release();
    throw error;
  }
}

/** @returns {number | undefined} */
export function rateLimitFromEnv() {
  return wholeNumberFromEnv('COMMUNITY_RATE_LIMIT', ' (0 turns the limit off)');
}

/**
 * @param {string} name
 * @param {string} [meaning]
 * @returns {number | undefined}
 */
export function wholeNumberFromEnv(name, meaning = '') {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number${meaning}, not "${raw}"`);
  }
  return value;
}

/**
 * Sets the limit in the database's settings row, or puts back the migrations' value (the
 * column default) so a test run with the limit off does not leave it off for the next start.
 * @param {{ query(text: string, params?: unknown[]): Promise<unknown> }} db PGlite, or any client with query()
 * @param {number | undefined} rateLimit
 */
export async function configureRateLimit(db, rateLimit) {
  if (rateLimit === undefined) {
    await db.query('update private.settings set inserts_per_window = default');
  } else {
    if (!Number.isInteger(rateLimit) || rateLimit < 0)
      throw new Error(`rateLimit must be a whole number ≥ 0, not ${rateLimit}`);
    await db.query('update private.settings set inserts_per_window = $1', [rateLimit]);
  }
}

/** The API's row cap, from [api] max_rows in supabase/config.toml, as on a real project. */
export function readMaxRows() {
  const config = readFileSync(join(SUPABASE_DIR, 'config.toml'), 'utf8');
  const api = config.split(/^\[/m).find((section) => section.startsWith('api]')) ?? '';
  const match = /^\s*max_rows\s*=\s*(\d+)/m.exec(api);
  return match ? Number(match[1]) : 1000;
}
