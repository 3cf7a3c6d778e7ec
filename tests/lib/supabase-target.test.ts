import { describe, expect, it } from 'vitest';
import { resolveSupabaseTarget } from '../../src/lib/supabase-target';
import { DEV_ANON_KEY } from '../../supabase/gateway/dev-anon-key.mjs';

describe('the Supabase client target', () => {
  it('uses the configured project when set', () => {
    expect(
      resolveSupabaseTarget(
        { PUBLIC_SUPABASE_URL: 'https://abc.supabase.co/', PUBLIC_SUPABASE_ANON_KEY: 'k' },
        'http://x',
      ),
    ).toEqual({
      url: 'https://abc.supabase.co',
      anonKey: 'k',
    });
  });

  it('falls back to the page origin and the development key', () => {
    expect(
      resolveSupabaseTarget({ PUBLIC_SUPABASE_URL: '', PUBLIC_SUPABASE_ANON_KEY: '' }, 'http://127.0.0.1:4321'),
    ).toEqual({
      url: 'http://127.0.0.1:4321',
      anonKey: DEV_ANON_KEY,
    });
  });
});
