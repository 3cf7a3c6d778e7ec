import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every runtime dependency in package.json earns its place: something that ships (the site's
 * code, its build configuration and integrations, the scripts npm start and the build run, the
 * embedded backend) imports it. Tools only tests or type checks need belong in devDependencies.
 */

const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

const SHIPPED = ['src', 'scripts', 'supabase', 'astro.config.mjs'];
const SOURCE = /\.(ts|tsx|mts|js|mjs|astro|css)$/;

function shippedSources(): string {
  const files = SHIPPED.flatMap((entry) =>
    entry.includes('.')
      ? [entry]
      : readdirSync(join(root, entry), { recursive: true, encoding: 'utf8' })
          .filter((file) => SOURCE.test(file))
          .map((file) => join(entry, file)),
  );
  return files.map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** An import, dynamic import, require, CSS @import/@plugin, or a file read from the package's folder. */
export function usesPackage(code: string, name: string): boolean {
  const spec = `${escape(name)}(?:/[^'"\`]*)?`;
  const patterns = [
    `(?:\\bfrom|\\bimport|\\brequire\\s*\\()\\s*\\(?\\s*['"\`]${spec}['"\`]`,
    `@(?:import|plugin)\\s+['"]${spec}['"]`,
    `node_modules/${escape(name)}/`,
  ];
  return patterns.some((pattern) => new RegExp(pattern).test(code));
}

/** Packages whose files the build reads by a computed path: the path's prefix and the package's own name are both there. */
function readByComputedPath(code: string, name: string): boolean {
  const [scope, family] = name.split('/');
  return Boolean(family) && code.includes(`node_modules/${scope}/\${`) && code.includes(`'${family}'`);
}

/** Packages a used dependency requires as a peer (react-dom for @astrojs/react's islands). */
function peerOfUsed(code: string, name: string): boolean {
  return Object.keys(pkg.dependencies).some((used) => {
    if (used === name || !usesPackage(code, used)) return false;
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules', used, 'package.json'), 'utf8')) as {
      peerDependencies?: Record<string, string>;
    };
    return name in (manifest.peerDependencies ?? {});
  });
}

describe('dependencies', () => {
  const code = shippedSources();

  it('recognises the ways shipped code uses a package', () => {
    expect(usesPackage(`import { x } from 'react-dom/client';`, 'react-dom')).toBe(true);
    expect(usesPackage('const m = await import(`sonner`);', 'sonner')).toBe(true);
    expect(usesPackage(`@import 'tailwindcss';`, 'tailwindcss')).toBe(true);
    expect(usesPackage(`import x from 'react-dom';`, 'react')).toBe(false);
    expect(usesPackage(`// react is great`, 'react')).toBe(false);
  });

  it.each(Object.keys(pkg.dependencies))('%s is used by shipped code', (name) => {
    expect(usesPackage(code, name) || readByComputedPath(code, name) || peerOfUsed(code, name)).toBe(true);
  });
});
