import { defineConfig } from 'vitest/config';

// Unit tests (src/lib) and database tests (supabase/ through the embedded backend).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
