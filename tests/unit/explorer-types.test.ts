import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { explorerTypeSchema } from '../../src/lib/quiz-schema';
import { isSpecRoute, specRoutes } from '../../src/lib/spec-routes';

const raw = yaml.load(readFileSync(new URL('../../content/data/explorer-types.yaml', import.meta.url), 'utf8'));
const types = explorerTypeSchema.array().parse(raw);

// The curated-link destinations each portal must offer.
const portalPaths = [
  '/essays', '/book', '/', '/line-bank', '/testimonials', '/engage', '/book-summary', '/thematic-depth-guide',
  '/forum', '/mota', '/community', '/fieldnotes', '/press-media-kit', '/carob-sentinel', '/ai-collaboration-reflection',
];

describe('explorer types', () => {
  it('each has a name, a description and curated links to spec routes', () => {
    for (const type of types) {
      expect(type.name.trim()).not.toBe('');
      expect(type.description?.trim()).toBeTruthy();
      expect(type.curatedLinks.length).toBeGreaterThan(0);
      for (const link of type.curatedLinks) expect(isSpecRoute(link.path), `${type.id}: ${link.path}`).toBe(true);
    }
  });

  it('between them, link to every destination the spec lists for the portals', () => {
    const used = new Set<string>(types.flatMap((t) => t.curatedLinks.map((l) => l.path)));
    for (const path of portalPaths) {
      expect(isSpecRoute(path), path).toBe(true);
      expect(used.has(path), path).toBe(true);
    }
  });

  it('refuses a curated path that is not a route of the site', () => {
    const bad = structuredClone(types[0]);
    bad.curatedLinks[0].path = '/no-such-page' as typeof bad.curatedLinks[0]['path'];
    const result = explorerTypeSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['curatedLinks', 0, 'path']);
  });

  it('refuses colours that are not single classes of the right kind', () => {
    const bad = structuredClone(types[0]);
    bad.colors.primary = 'text-paper';
    expect(explorerTypeSchema.safeParse(bad).success).toBe(false);
  });

  it('writes colours one per line, so Tailwind finds the classes in the file', () => {
    const text = readFileSync(new URL('../../content/data/explorer-types.yaml', import.meta.url), 'utf8');
    expect(text).not.toMatch(/colors:\s*\{/);
  });
});

describe('spec routes', () => {
  it('lists the 33 fixed routes of the spec, each once, with no trailing slash', () => {
    expect(specRoutes).toHaveLength(33);
    expect(new Set(specRoutes).size).toBe(33);
    for (const route of specRoutes) expect(route === '/' || !route.endsWith('/')).toBe(true);
    expect(isSpecRoute('/nope')).toBe(false);
    expect(isSpecRoute('/essays/')).toBe(false);
  });
});
