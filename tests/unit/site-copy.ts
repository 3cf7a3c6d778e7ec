import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SKIP = new Set([
  'node_modules',
  'dist',
  '.git',
  '.data',
  '.test-output',
  'bench',
  'test-results',
  '.astro',
  'playwright-report',
]);

/**
 * A throwaway copy of the site's sources (node_modules linked, not copied) for tests that add
 * content and build, as an author would. Returns the copy's folder.
 */
export function copySite(name: string): string {
  const root = resolve('.');
  const copy = mkdtempSync(join(tmpdir(), `genesis-${name}-`));
  for (const entry of readdirSync(root))
    if (!SKIP.has(entry)) cpSync(join(root, entry), join(copy, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

/**
 * `astro build` in a copy, with a clean environment: Vitest's own variables would make it a
 * development build, which shows drafts.
 */
export function buildSite(copy: string, env: Record<string, string> = {}, args: string[] = []): void {
  const result = spawnSync('npx', ['astro', 'build', ...args], {
    cwd: copy,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
}

export function removeCopy(copy: string): void {
  if (copy) rmSync(copy, { recursive: true, force: true });
}
