import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const SKIP = new Set([
  'node_modules',
  'dist',
  'dist-hosted',
  '.git',
  '.data',
  '.test-output',
  'bench',
  'test-results',
  '.astro',
  'playwright-report',
]);

/**
 * The build caches in node_modules (Astro's content store and assets, the social cards): each
 * copy gets its own snapshot of them, so builds of copies that run at the same time never read
 * or write each other's, nor the project's.
 */
const OWN_CACHES = new Set(['.astro', '.cache']);
const SERVER_CACHES = ['community-db', 'brotli'];

/**
 * A throwaway copy of the site's sources (packages linked, not copied; see OWN_CACHES) for tests
 * that add content and build, as an author would. Returns the copy's folder.
 */
export function copySite(name: string): string {
  const root = resolve('.');
  const copy = mkdtempSync(join(tmpdir(), `genesis-${name}-`));
  for (const entry of readdirSync(root))
    if (!SKIP.has(entry)) cpSync(join(root, entry), join(copy, entry), { recursive: true });
  const modules = join(root, 'node_modules');
  mkdirSync(join(copy, 'node_modules'));
  for (const entry of readdirSync(modules)) {
    if (OWN_CACHES.has(entry))
      cpSync(join(modules, entry), join(copy, 'node_modules', entry), {
        recursive: true,
        // The server's caches (the migrated database image, 40 MB; its Brotli bytes) serve no build.
        filter: (source) => !SERVER_CACHES.some((cache) => source.endsWith(`${sep}${cache}`)),
      });
    // The other tools' caches (Vite's, Vitest's) are left for the copy's build to make afresh.
    else if (!entry.startsWith('.') || entry === '.bin')
      symlinkSync(join(modules, entry), join(copy, 'node_modules', entry));
  }
  return copy;
}

/**
 * Node's V8 now and then aborts a process on an internal check of its code memory ("# Fatal
 * error … Check failed: jit_page…"), more often on a loaded machine: a fault of the runtime, not
 * of the build. Seen once in CI, killing a build in the middle of writing its pages.
 */
const V8_ABORT = /^# Fatal error in .*\n# Check failed:/m;

/**
 * `astro build` in a copy, with a clean environment: Vitest's own variables would make it a
 * development build, which shows drafts. A build the runtime aborted (V8_ABORT) is run once more.
 */
function build(copy: string, env: Record<string, string>, args: string[]) {
  const run = () =>
    // Astro's own entry, run by this Node: through npx each build paid about a second of
    // processor time to npm first.
    spawnSync(process.execPath, [join(copy, 'node_modules/astro/bin/astro.mjs'), 'build', ...args], {
      cwd: copy,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ASTRO_TELEMETRY_DISABLED: '1', ...env },
    });
  let result = run();
  if (result.status !== 0 && V8_ABORT.test(result.stderr)) {
    console.warn(`astro build aborted by the runtime, built again:\n${result.stderr.match(V8_ABORT)?.[0]}`);
    result = run();
  }
  return result;
}

/** Builds a copy; any failure throws at once. */
export function buildSite(copy: string, env: Record<string, string> = {}, args: string[] = []): void {
  const result = build(copy, env, args);
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Builds a copy that must fail, as a mistake in the author's files should, and returns what the
 * author would read: the build's output, without terminal colours.
 */
export function failedBuild(copy: string, env: Record<string, string> = {}): string {
  const result = build(copy, env, []);
  if (result.status === 0) throw new Error('the build succeeded');
  return stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
}

export function removeCopy(copy: string): void {
  if (copy) rmSync(copy, { recursive: true, force: true });
}
