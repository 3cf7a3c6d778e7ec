import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

// Same content, same site: two builds of one commit must give byte-identical files, so a
// deployment diff shows only what the author changed (and caches stay valid).
const root = resolve('.');
let copy = '';
let firstDist = '';

function build(): void {
  const result = spawnSync('npx', ['astro', 'build'], {
    cwd: copy,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
}

function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(relative(dir, path), readFileSync(path));
  }
  return out;
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'genesis-reproducible-'));
  const skip = new Set(['node_modules', 'dist', '.git', '.data', '.test-output', 'bench', 'test-results', '.astro', 'playwright-report']);
  for (const entry of readdirSync(root)) if (!skip.has(entry)) cpSync(join(root, entry), join(copy, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  build();
  // Kept outside the copy: Tailwind scans the project for class names, dist/ being ignored.
  firstDist = join(mkdtempSync(join(tmpdir(), 'genesis-first-build-')), 'dist');
  renameSync(join(copy, 'dist'), firstDist);
  build();
}, 300_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  if (firstDist) rmSync(join(firstDist, '..'), { recursive: true, force: true });
});

describe('two builds of the same content', () => {
  it('produce the same files, byte for byte', () => {
    const first = files(firstDist);
    const second = files(join(copy, 'dist'));
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    const differing = [...first].filter(([path, bytes]) => !bytes.equals(second.get(path)!)).map(([path]) => path);
    expect(differing).toEqual([]);
  });
});
