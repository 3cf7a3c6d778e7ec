/** Where the build lists, for each entry module, every module it imports (src/integrations/island-modules.mjs). */
export const ISLAND_MODULES_URL = '/island-modules.json';

/** The build's list, fetched once a page, when the first island's code is fetched ahead. */
let islandModules: Promise<Record<string, string[]>> | undefined;

/**
 * Fetches an island's code ahead, without running any of it: its component and its framework
 * renderer, and every module they import, as `<link rel="modulepreload">` (the browser fetches
 * and compiles a preloaded module, and runs it only when something imports it). A press then
 * waits only for the island to start. Chromium preloads just the module named, not what it
 * imports, so the whole list comes from the build.
 */
export function fetchAhead(island: Element): void {
  const roots = ['component-url', 'renderer-url'].flatMap((name) => island.getAttribute(name) ?? []);
  // The island and its renderer, the largest files, start at once; what they import follows the list.
  preloadModules(roots);
  islandModules ??= fetch(ISLAND_MODULES_URL)
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => ({}));
  void islandModules.then((imports) => preloadModules(roots.flatMap((url) => imports[url] ?? [])));
}

/** Fetches and compiles these modules without running them (each once per page). */
export function preloadModules(urls: string[]): void {
  for (const url of urls) {
    if (document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(url)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    document.head.append(link);
  }
}
