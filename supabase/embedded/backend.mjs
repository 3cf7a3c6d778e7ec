// @ts-check
// The embedded stand-in for the site's Supabase project: real Postgres (PGlite) running the
// project's own migrations, answering the REST calls supabase-js makes on the site's origin.
// `npm start` (server/serve.mjs), `npm run dev` (astro.config.mjs) and tests/db mount it.
import { createHmac, randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startDatabaseThread } from './database-thread.mjs';
import { DEV_ANON_KEY } from '../gateway/dev-anon-key.mjs';
import { configureRateLimit, rateLimitFromEnv, readMaxRows, wholeNumberFromEnv } from '../gateway/settings.mjs';
import { ADDRESS_FILE, SERVICE_KEY_FILE } from './database.mjs';
import { migratedImage } from './migrated-image.mjs';
import { FairQueue } from './queue.mjs';
import { createRestHandler } from './rest.mjs';
import { loadSchemaCache } from './schema-cache.mjs';

/** Requests allowed to wait for the database before new ones are turned away. */
const MAX_WAITING_REQUESTS = 1000;
/**
 * Requests one client (an IPv4 address, an IPv6 /64) may have waiting or running; beyond it,
 * 429. Room for a few visitors behind one address each loading a page; the queue's turns, not
 * this bound, keep one client's backlog from delaying the others.
 */
const MAX_REQUESTS_PER_CLIENT = 16;
/**
 * Requests handed to the database thread at once: the one it runs and the next, which it starts
 * as soon as the first is done rather than after its answer has reached this thread and the
 * next request has been sent back (the thread idled through that trip under load). One more
 * would only lengthen the wait of a visitor who arrives meanwhile.
 */
const DATABASE_JOBS_AT_ONCE = 2;

/**
 * Where a server proves it holds the owner's key without sending it. The owner's key for this
 * run is in DATA_DIR/service-role.key, and where the server listens in DATA_DIR/server-address:
 * PGlite allows one process per database, so the moderation tool (`npm run moderate`) reaches a
 * database that a running server holds through that server's API, as `service_role`, with the
 * key; it asks for a proof first, so the key only ever goes to the server that has it.
 */
export const OWNER_PROOF_PATH = '/rest/v1/owner-proof';

/**
 * What a server holding `key` answers to the challenge `nonce`.
 * @param {string} key @param {string} nonce
 */
export function ownerProof(key, nonce) {
  return createHmac('sha256', key).update(`embedded-backend owner proof\n${nonce}`).digest('base64url');
}

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
 *   database from, skipping initdb (default for 'memory': migratedImage())
 * @property {(line: string) => void} [log]
 */

/**
 * @typedef {object} Backend
 * @property {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>} handle
 *   answers requests under /rest/v1/ and returns true; returns false for anything else
 * @property {() => Promise<void>} close waits for requests in progress, then closes the database
 * @property {(address: import('node:net').AddressInfo | string | null) => Promise<void>} listening
 *   records where the server listens (its `server.address()`) beside the owner's key
 * @property {import('./database-thread.mjs').OwnerDatabase} db the database, as its owner
 *   (superuser), on its own thread: query, exec and transaction as PGlite has them
 * @property {import('./queue.mjs').FairQueue} queue the requests waiting for the database
 * @property {number[]} restarts how long each reopen took after a statement was stopped (ms)
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
  // A throwaway database is made from the image of a new one rather than migrated afresh.
  if (dataDir === 'memory') template ??= await migratedImage();
  const database = await startDatabaseThread({ dataDir, template, log });
  const { db } = database;
  const keyFile = dataDir === 'memory' ? null : join(resolve(dataDir), SERVICE_KEY_FILE);
  const addressFile = dataDir === 'memory' ? null : join(resolve(dataDir), ADDRESS_FILE);
  try {
    await configureRateLimit(db, rateLimit);
    if (keyFile) {
      serviceKey ??= randomBytes(32).toString('base64url');
      await writeFile(keyFile, serviceKey, { mode: 0o600 });
    }
    const schema = await loadSchemaCache(db);
    const queue = new FairQueue({
      maxWaiting: MAX_WAITING_REQUESTS,
      maxPerClient: MAX_REQUESTS_PER_CLIENT,
      atOnce: DATABASE_JOBS_AT_ONCE,
      ready: () => database.ready(),
    });
    const rest = createRestHandler({
      database,
      schema,
      queue,
      anonKey,
      serviceKey,
      maxRows: readMaxRows(),
      trustProxy,
    });
    let closing;
    return {
      async handle(req, res) {
        if (serviceKey && req.url?.split('?')[0] === OWNER_PROOF_PATH) {
          const nonce = new URL(req.url, 'http://localhost').searchParams.get('nonce') ?? '';
          const valid = /^[\w-]{16,128}$/.test(nonce);
          res.writeHead(valid ? 200 : 400, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
          res.end(
            JSON.stringify(valid ? { proof: ownerProof(serviceKey, nonce) } : { message: 'nonce: 16-128 characters' }),
          );
          return true;
        }
        return rest(req, res);
      },
      async listening(address) {
        const origin = originOf(address);
        if (addressFile && origin) await writeFile(addressFile, origin, { mode: 0o600 });
      },
      db,
      queue,
      restarts: database.restarts,
      anonKey,
      close() {
        const forgetKey = () =>
          Promise.all([keyFile, addressFile].map((file) => (file ? rm(file, { force: true }) : undefined)));
        closing ??= queue
          .drain()
          .then(() => database.close())
          .then(forgetKey);
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The origin a local client reaches a listening server at: a server on every interface is
 * reached on the loopback one.
 * @param {import('node:net').AddressInfo | string | null} address
 */
function originOf(address) {
  if (!address || typeof address === 'string') return null;
  const host = { '0.0.0.0': '127.0.0.1', '::': '::1' }[address.address] ?? address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
