// The servers the conformance suite asks the same questions: the embedded stand-in, and real
// PostgREST 12 on a fresh database of the real PostgreSQL cluster `npm test` starts (its
// socket in POSTGRES_TEST_HOST/PORT), either behind a gateway that does what Supabase's does
// (the key, /rest/v1, CORS, the client's address) or as `npm start` self-hosts it, with the
// embedded backend's request limits in front.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import postgres from 'postgres';
import { createBackend } from '../../supabase/embedded/backend.mjs';
import { createSelfHostedBackend } from '../../supabase/self-hosted/backend.mjs';
import { DEMO_JWT_SECRET, signKey } from '../../supabase/self-hosted/jwt.mjs';
import { findPostgrest } from '../../supabase/self-hosted/postgrest.mjs';
import { DEV_ANON_KEY, migratedImage } from './harness';

/** The project owner's key on every server (moderation goes through the API as service_role). */
export const SERVICE_KEY = signKey(DEMO_JWT_SECRET, 'service_role');

export interface Target {
  name: string;
  url: string;
  /** Runs SQL as the project owner (the `postgres` role on real PostgreSQL). */
  owner(sql: string): Promise<unknown>;
  stop(): Promise<void>;
}

/** Serves a /rest/v1 handler on an ephemeral port. */
async function serve(
  handle: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>,
) {
  const server: Server = createServer((req, res) => {
    handle(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end('not the API');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The embedded stand-in, playing the one trusted proxy's client (TRUST_PROXY=1). */
export async function standIn(): Promise<Target> {
  const backend = await createBackend({
    dataDir: 'memory',
    template: await migratedImage(),
    anonKey: DEV_ANON_KEY,
    serviceKey: SERVICE_KEY,
    trustProxy: 1,
  });
  const http = await serve(backend.handle);
  return {
    name: 'embedded stand-in',
    url: http.url,
    owner: (sql) => backend.db.exec(sql),
    async stop() {
      await http.close();
      await backend.close();
    },
  };
}

/** Why real PostgREST cannot run here, or null when it can. */
export function realPostgrestMissing(): string | null {
  if (!process.env.POSTGRES_TEST_HOST)
    return 'no real PostgreSQL cluster (npm test starts one when PostgreSQL is installed: POSTGRES_TEST_HOST)';
  const binary = findPostgrest();
  return 'reason' in binary ? binary.reason : null;
}

/**
 * Real PostgREST on a new database of the test cluster, provisioned as `npm start` does it.
 * `limits: false` is PostgREST as a hosted Supabase project serves it; true, as self-hosted.
 */
export async function realPostgrest({ limits }: { limits: boolean }): Promise<Target> {
  const host = process.env.POSTGRES_TEST_HOST!;
  const port = Number(process.env.POSTGRES_TEST_PORT ?? 5432);
  const database = `conformance_${randomBytes(6).toString('hex')}`;
  const connect = (user: string, db: string) =>
    postgres({ path: join(host, `.s.PGSQL.${port}`), user, database: db, max: 1, onnotice: () => {} });
  const admin = connect('supabase_admin', 'postgres');
  await admin.unsafe(`create database ${database} owner postgres`);
  const owner = connect('postgres', database);
  const backend = await createSelfHostedBackend({
    databaseUrl: `postgres://postgres@localhost:${port}/${database}?host=${encodeURIComponent(host)}`,
    jwtSecret: DEMO_JWT_SECRET,
    anonKey: DEV_ANON_KEY,
    serviceKey: SERVICE_KEY,
    trustProxy: 1,
    limits,
  });
  const http = await serve(backend.handle);
  return {
    name: limits ? 'real PostgREST, self-hosted (request limits in front)' : 'real PostgREST, as Supabase serves it',
    url: http.url,
    owner: (sql) => owner.unsafe(sql),
    async stop() {
      await http.close();
      await backend.close();
      await owner.end();
      await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}
