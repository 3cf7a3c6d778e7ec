import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { DEV_ANON_KEY } from '../../supabase/local/dev-anon-key.mjs';

/**
 * The site's one Supabase client (DESIGN "Community backend"). With PUBLIC_SUPABASE_URL set it
 * talks to that project; without it, to the embedded backend that `npm start` and
 * `npm run dev` serve on the page's own origin, with PUBLIC_SUPABASE_ANON_KEY or the
 * development key.
 */

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

/** A client for a target; the site has no accounts, so nothing about sessions is kept. */
export function createSupabase({ url, anonKey }: SupabaseTarget): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

let shared: SupabaseClient | undefined;

/** The shared client, created on first use (in the browser: the page's origin is known then). */
export function supabase(): SupabaseClient {
  shared ??= createSupabase(
    resolveSupabaseTarget(import.meta.env, typeof window === 'undefined' ? undefined : window.location.origin),
  );
  return shared;
}
