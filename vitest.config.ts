import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests (src/lib) and database tests (supabase/ through the embedded backend).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Vitest's default leaves one core free: a single worker on a 2-core machine, the other core
    // idle while a file waits on a build or a server it started. Each file keeps its own
    // databases, servers and site copy (tests/unit/site-copy.ts), so files can share the cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
