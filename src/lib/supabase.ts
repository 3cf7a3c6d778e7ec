import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { createSupabase, resolveSupabaseTarget, type CommunityClient } from './supabase-target';

/**
 * The site's one Supabase client, configured by the build's environment (declared and checked
 * in astro.config.mjs `env.schema`). Without a project configured it talks to the embedded
 * backend on the page's own origin (supabase-target.ts).
 */

let shared: CommunityClient | undefined;

/** The shared client, created on first use (in the browser: the page's origin is known then). */
export function supabase(): CommunityClient {
  shared ??= createSupabase(
    resolveSupabaseTarget(
      { PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY },
      typeof window === 'undefined' ? undefined : window.location.origin,
    ),
  );
  return shared;
}
