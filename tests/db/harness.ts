// Shared setup for the database tests: the migrated database image a throwaway database starts
// from (supabase/embedded/migrated-image.mjs, made once rather than once per test file), and
// backends served on ephemeral ports for supabase-js to talk to.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBackend, type Backend } from '../../supabase/embedded/backend.mjs';
import { migratedImage } from '../../supabase/embedded/migrated-image.mjs';
import { DEV_ANON_KEY } from '../../supabase/gateway/dev-anon-key.mjs';

export { DEV_ANON_KEY, migratedImage };

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
