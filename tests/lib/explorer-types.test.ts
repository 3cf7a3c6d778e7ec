import { readdirSync, readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { explorerTypeSchema as schemaFor } from '../../src/lib/content-schemas';
import { routesOf, siteRoutes } from '../../src/lib/site-routes';

const raw = yaml.load(readFileSync(new URL('../../content/data/explorer-types.yaml', import.meta.url), 'utf8'));
const explorerTypeSchema = schemaFor(siteRoutes());
const isRoute = (path: string) => siteRoutes().includes(path);
const types = explorerTypeSchema.array().parse(raw);

// The curated-link destinations each portal must offer.
const portalPaths = [
  '/essays',
  '/book',
  '/',
  '/line-bank',
  '/testimonials',
  '/engage',
  '/book-summary',
  '/thematic-depth-guide',
  '/forum',
  '/mota',
  '/community',
  '/fieldnotes',
  '/press-media-kit',
  '/carob-sentinel',
  '/ai-collaboration-reflection',
];

describe('explorer types', () => {
  it('each has a name, a description and curated links to routes of the site', () => {
    for (const type of types) {
      expect(type.name.trim()).not.toBe('');
      expect(type.description?.trim()).toBeTruthy();
      expect(type.curatedLinks.length).toBeGreaterThan(0);
      for (const link of type.curatedLinks) expect(isRoute(link.path), `${type.id}: ${link.path}`).toBe(true);
    }
  });

  it('between them, link to every destination the spec lists for the portals', () => {
    const used = new Set<string>(types.flatMap((t) => t.curatedLinks.map((l) => l.path)));
    for (const path of portalPaths) {
      expect(isRoute(path), path).toBe(true);
      expect(used.has(path), path).toBe(true);
    }
  });

  it('refuses a curated path that is not a route of the site', () => {
    const bad = structuredClone(types[0]);
    bad.curatedLinks[0].path = '/no-such-page' as (typeof bad.curatedLinks)[0]['path'];
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

describe('the site routes', () => {
  const routes = siteRoutes();

  it('are the page files under src/pages, each once, with no trailing slash', () => {
    const files = readdirSync(new URL('../../src/pages', import.meta.url), { recursive: true, encoding: 'utf8' });
    expect(routes).toEqual(routesOf(files));
    expect(new Set(routes).size).toBe(routes.length);
    for (const route of routes) expect(route === '/' || !route.endsWith('/')).toBe(true);
    for (const route of ['/', '/about', '/essays', '/fieldnotes', '/curious-mind-quiz', '/mota'])
      expect(routes).toContain(route);
  });

  it('name a page file by its address, and leave out 404, endpoints and pages made from content', () => {
    expect(routesOf(['index.astro', 'essays/index.astro', 'press-media-kit.astro', 'reindex.md'])).toEqual([
      '/',
      '/essays',
      '/press-media-kit',
      '/reindex',
    ]);
    expect(
      routesOf(['essays/[category]/[slug].astro', '404.astro', 'rss.xml.ts', 'press/genesis-fact-sheet.pdf.ts']),
    ).toEqual([]);
  });
});
