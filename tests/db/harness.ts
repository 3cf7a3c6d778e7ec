// Shared setup for the database tests: one migrated database image per set of migrations
// (cached on disk, so initdb runs once rather than once per test file), and backends served
// on ephemeral ports for supabase-js to talk to.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createBackend, type Backend } from '../../supabase/embedded/backend.mjs';
import { openDatabase } from '../../supabase/embedded/database.mjs';
import { SUPABASE_DIR } from '../../supabase/project.mjs';
import { DEV_ANON_KEY } from '../../supabase/gateway/dev-anon-key.mjs';

export { DEV_ANON_KEY };

async function imageKey(): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version;
  hash.update(pglite);
  const files = [
    join(SUPABASE_DIR, 'embedded', 'bootstrap.sql'),
    join(SUPABASE_DIR, 'seed.sql'),
    ...(await readdir(join(SUPABASE_DIR, 'migrations'))).sort().map((f) => join(SUPABASE_DIR, 'migrations', f)),
  ];
  for (const file of files) hash.update(file).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

let image: Promise<Blob> | undefined;

/** A freshly migrated and seeded database as a dumpDataDir() image. */
export function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const file = join(tmpdir(), `genesis-community-db-${await imageKey()}.tar`);
    if (existsSync(file)) return new Blob([await readFile(file)]);
    const { db } = await openDatabase({ dataDir: 'memory' });
    const blob = await db.dumpDataDir('none');
    await db.close();
    // Written under a private name then renamed, so a parallel test file never reads half.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
    await rename(partial, file);
    return blob;
  })();
  return image;
}

export interface RunningBackend {
  url: string;
  backend: Backend;
  /** A supabase-js client; `address` is sent as x-forwarded-for (the rate limit's key). */
  client(address?: string): SupabaseClient;
  /** Raw request to the REST API with the anon key. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * The tests play the one trusted proxy in front of the backend (TRUST_PROXY=1), so the
 * last x-forwarded-for entry a client sends is the address the rate limit sees.
 */
export async function startBackend(
  options: { rateLimit?: number; dataDir?: string; log?: (line: string) => void } = {},
): Promise<RunningBackend> {
  const backend = await createBackend({
    dataDir: options.dataDir ?? 'memory',
    template: await migratedImage(),
    rateLimit: options.rateLimit,
    trustProxy: 1,
    anonKey: DEV_ANON_KEY,
    log: options.log,
  });
  return serve(backend);
}

export async function serve(backend: Backend): Promise<RunningBackend> {
  const server: Server = createServer((req, res) => {
    backend.handle(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end('not the API');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await backend.listening(server.address());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    backend,
    client: (address) => clientFor(url, DEV_ANON_KEY, address),
    fetch: (path, init = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: { apikey: DEV_ANON_KEY, ...(init.headers as Record<string, string>) },
      }),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await backend.close();
    },
  };
}

export function clientFor(url: string, anonKey: string, address?: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: address ? { 'x-forwarded-for': address } : {} },
  });
}

/** Row counts of both tables, read as the owner (hidden rows included). */
export async function tableCounts(backend: Backend): Promise<{ posts: number; ideas: number }> {
  const { rows } = await backend.db.query<{ posts: number; ideas: number }>(
    'select (select count(*)::int from public.posts) as posts, (select count(*)::int from public.mota_ideas) as ideas',
  );
  return rows[0];
}
