import { PostgrestClient } from '@supabase/postgrest-js';
import { DEV_ANON_KEY } from '../../supabase/gateway/dev-anon-key.mjs';

/**
 * Where the site's Supabase client connects, and the client for a target (the site's one
 * client is in supabase.ts; tests build their own for the embedded backend). With
 * PUBLIC_SUPABASE_URL set it talks to that project; without it, to the embedded backend that
 * `npm start` and `npm run dev` serve on the page's own origin, with PUBLIC_SUPABASE_ANON_KEY
 * or the development key.
 *
 * The pages only read and insert rows, so the client is supabase-js's own database client,
 * `@supabase/postgrest-js`, which `createClient(...).from()` wraps: the same query builder,
 * requests and errors, without auth, realtime, storage and functions. Only that small part of
 * supabase-js lets the forum and registry islands (React included) stay within the island-page
 * budget (tests/e2e/budgets.spec.ts).
 */

/** What the data module needs of a client: supabase-js's `SupabaseClient` fits it too. */
export type CommunityClient = Pick<PostgrestClient, 'from'>;

export interface SupabaseTarget {
  url: string;
  anonKey: string;
}

/** Where the client connects, from the build's environment and the page's origin. */
export function resolveSupabaseTarget(
  env: { PUBLIC_SUPABASE_URL?: string; PUBLIC_SUPABASE_ANON_KEY?: string },
  origin: string | undefined,
): SupabaseTarget {
  const url = env.PUBLIC_SUPABASE_URL?.trim() || origin;
  if (!url) throw new Error('PUBLIC_SUPABASE_URL is unset and there is no page origin to fall back to');
  return { url: url.replace(/\/+$/, ''), anonKey: env.PUBLIC_SUPABASE_ANON_KEY?.trim() || DEV_ANON_KEY };
}

/**
 * How long a request may go unanswered before it is given up as failed. A phone whose line stays
 * open with nothing coming back never fails on its own: the post or idea stayed pending for as
 * long as the connection lasted, with no word. Given up, it fails as any lost request does, with
 * its toast and everything typed kept.
 */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * A client for a target, sending the headers supabase-js sends (apikey, and the anon key as
 * the bearer token: the site has no accounts, so there is no session).
 */
export function createSupabase({ url, anonKey }: SupabaseTarget): CommunityClient {
  return new PostgrestClient(`${url}/rest/v1`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    timeout: REQUEST_TIMEOUT_MS,
  });
}
