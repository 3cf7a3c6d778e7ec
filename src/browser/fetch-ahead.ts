/**
 * The element in a page's <head> that lists, for each of its islands' code and renderer, every
 * module it imports (src/integrations/island-modules.mjs).
 */
export const ISLAND_MODULES_ID = 'island-modules';

/** The page's list, read once. */
let islandModules: Record<string, string[]> | undefined;
const importsOf = (url: string): string[] =>
  (islandModules ??= JSON.parse(document.getElementById(ISLAND_MODULES_ID)?.textContent || '{}'))[url] ?? [];

/**
 * Fetches an island's code ahead, without running any of it: its component and its framework
 * renderer, and every module they import, as `<link rel="modulepreload">` (the browser fetches
 * and compiles a preloaded module, and runs it only when something imports it). A press then
 * waits only for the island to start. Chromium preloads just the module named, not what it
 * imports, so the whole list comes from the build; the island and its renderer, the largest
 * files, come first.
 */
export function fetchAhead(island: Element): void {
  const roots = ['component-url', 'renderer-url'].flatMap((name) => island.getAttribute(name) ?? []);
  preloadModules([...roots, ...roots.flatMap(importsOf)]);
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

/**
 * Opens the connection to the origin an island reads from once it starts (`data-reads-from` on
 * an element around it), when that is not the page's own: a Supabase project's. A first request
 * there waits for the name to be looked up, a connection and its TLS handshake, several round
 * trips on a phone's line; opened while the island's code is on its way, the connection is ready
 * when the island asks. The requests carry no credentials, so the connection is the anonymous
 * kind (`crossorigin`) they use.
 */
export function connectAhead(island: Element): void {
  const origin = island.closest<HTMLElement>('[data-reads-from]')?.dataset.readsFrom;
  if (!origin || origin === location.origin) return;
  if (document.head.querySelector(`link[rel="preconnect"][href="${CSS.escape(origin)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}
