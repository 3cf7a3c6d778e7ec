import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildSite, copySite, removeCopy } from './site-copy';

// Same content, same site: two builds of one commit must give byte-identical files, so a
// deployment diff shows only what the author changed (and caches stay valid).
let copy = '';
let firstDist = '';

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
  copy = copySite('reproducible');
  buildSite(copy);
  // Kept outside the copy: Tailwind scans the project for class names, dist/ being ignored.
  firstDist = join(mkdtempSync(join(tmpdir(), 'genesis-first-build-')), 'dist');
  renameSync(join(copy, 'dist'), firstDist);
  buildSite(copy);
}, 300_000);

afterAll(() => {
  removeCopy(copy);
  if (firstDist) removeCopy(join(firstDist, '..'));
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
