/**
 * The site's fixed routes, read from the page files themselves: src/pages/about.astro is
 * /about, src/pages/essays/index.astro is /essays. Pages with a [parameter] in their path are
 * many routes, decided by content, and 404 is no route, so neither is listed.
 *
 * Only the content config and the tests import this module: `import.meta.glob` would otherwise
 * make every page a dependency of the page that imports it.
 */
export function routeOfPageFile(file: string): string | null {
  const path = file.replace(/^.*?\/pages\//, '').replace(/\.(astro|md|mdx)$/, '');
  if (path.includes('[') || path === '404') return null;
  const route = `/${path}`.replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

const pageFiles = Object.keys(import.meta.glob('../pages/**/*.{astro,md,mdx}'));

export const siteRoutes: readonly string[] = pageFiles
  .map(routeOfPageFile)
  .filter((route): route is string => route !== null)
  .sort();
