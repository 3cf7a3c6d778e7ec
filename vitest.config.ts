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

// Test folders are named for what they test, each without a browser: tests/lib (src/lib),
// tests/browser (src/browser), tests/server (server/), tests/supabase (the backends' gateway and
// embedded parts, without a database), tests/build (the build, its integrations and what it
// ships), tests/bench (the bench's arithmetic); tests/db the database rules through the
// embedded backend, and on real PostgreSQL when a cluster is given. tests/e2e is Playwright's.
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
          include: ['tests/*/**/*.test.ts'],
          exclude: [...ALONE, 'tests/e2e/**'],
          // Vitest's default leaves one core free: a single worker on a 2-core machine, the other
          // core idle while a file waits on a build or a server it started. Each file keeps its own
          // databases, servers and site copy (tests/build/site-copy.ts), so files can share the cores.
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
