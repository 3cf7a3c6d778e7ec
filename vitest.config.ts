import { defineConfig } from 'vitest/config';

// tests/unit: code checked without a database or a browser (src/lib, the server, the backends'
// gateway and embedded parts, the build integrations, the bench's arithmetic). tests/db: the
// database rules through the embedded backend, and on real PostgreSQL when a cluster is given.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
