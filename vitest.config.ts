import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Files that hold the backend to wall-clock limits (the statement deadline, the fair queue's
// turns, pgTAP through PGlite, the moderation tool's start-up) under load they make themselves:
// they run after the others, one at a time, with no other test file sharing the cores.
const ALONE = [
  'tests/db/durability.test.ts',
  'tests/db/fairness.test.ts',
  'tests/db/moderation.test.ts',
  'tests/db/pgtap.test.ts',
];

// tests/unit: code checked without a database or a browser (src/lib, the server, the backends'
// gateway and embedded parts, the build integrations, the bench's arithmetic). tests/db: the
// database rules through the embedded backend, and on real PostgreSQL when a cluster is given.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'side by side',
          include: ['tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts'],
          exclude: ALONE,
          // Vitest's default leaves one core free: a single worker on a 2-core machine, the other
          // core idle while a file waits on a build or a server it started. Each file keeps its own
          // databases, servers and site copy (tests/unit/site-copy.ts), so files can share the cores.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
