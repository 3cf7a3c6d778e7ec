// @ts-check
/**
 * The anonymous key the embedded backend accepts when PUBLIC_SUPABASE_ANON_KEY is unset.
 * It is the public demonstration key that `supabase start` prints for every local stack:
 * it grants nothing anywhere else, so it is safe to publish (and is listed in .env.example).
 */
export const DEV_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
