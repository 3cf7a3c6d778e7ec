import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { createSupabase, resolveSupabaseTarget, type CommunityClient } from './supabase-target';

/**
 * The site's one Supabase client, configured by the build's environment (declared and checked
 * in astro.config.mjs `env.schema`). Without a project configured it talks to the embedded
 * backend on the page's own origin (supabase-target.ts).
 */

let shared: CommunityClient | undefined;

/**
 * The Supabase project's origin, where one is configured: the forum and registry pages mark their
 * islands with it (`data-reads-from`) so the connection is opened while their code is fetched
 * (src/browser/fetch-ahead.ts). Unset, the embedded backend is on the page's own origin.
 */
export const projectOrigin: string | undefined = PUBLIC_SUPABASE_URL ? new URL(PUBLIC_SUPABASE_URL).origin : undefined;

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
