/**
 * The site's fixed routes, read from the page files themselves: src/pages/about.astro is
 * /about, src/pages/essays/index.astro is /essays. Pages with a [parameter] in their path are
 * many routes, decided by content, and 404 is no route, so neither is listed.
 */
export function routesOf(pageFiles: readonly string[]): string[] {
  return pageFiles
    .map((file) => file.replace(/^.*?pages\//, '').replace(/\.(astro|md|mdx)$/, ''))
    .filter((path, i) => /\.(astro|md|mdx)$/.test(pageFiles[i]) && !path.includes('[') && path !== '404')
    .map((path) => `/${path}`.replace(/\/index$/, '') || '/')
    .sort();
}

/**
 * The fixed routes as the build sees them. A function, so that importing this module outside
 * Vite (Playwright) does not evaluate the glob; only the content config and tests call it, since
 * in a page it would make every other page a dependency.
 */
export const siteRoutes = (): string[] => routesOf(Object.keys(import.meta.glob('../pages/**/*.{astro,md,mdx}')));
