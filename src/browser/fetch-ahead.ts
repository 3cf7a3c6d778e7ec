import { nextIdle, whenIdle } from './when-idle';

/** Where the build lists, for each entry module, every module it imports (src/integrations/island-modules.mjs). */
export const ISLAND_MODULES_URL = '/island-modules.json';

declare global {
  interface Window {
    /**
     * Everything fetchAhead has been asked for so far, each settled once its files have come or
     * failed. On the window, as the directives that fetch ahead are bundled apart from the page's
     * scripts that wait for them.
     */
    __fetchingAhead?: Promise<unknown>[];
    /** The build's list of what each island imports, fetched once for all the directives. */
    __islandModules?: Promise<Record<string, string[]>>;
  }
}

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
  const rootsArrived = preload(roots);
  window.__islandModules ??= fetch(ISLAND_MODULES_URL)
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => ({}));
  const importsArrived = window.__islandModules.then((imports) => preload(roots.flatMap((url) => imports[url] ?? [])));
  (window.__fetchingAhead ??= []).push(Promise.all([rootsArrived, importsArrived]));
}

let fetchedAhead: Promise<void> | undefined;

/**
 * Settles once the code fetched ahead at the page's first idle moment has arrived (or failed).
 * A slow link shares its bandwidth between everything in flight, so what is fetched for another
 * page waits for what a press on this one needs.
 */
export function whenFetchedAhead(): Promise<void> {
  // The directives ask at the first idle moment; this looks in the idle period after it.
  fetchedAhead ??= new Promise<void>((settled) =>
    whenIdle(() => nextIdle(() => void Promise.allSettled(window.__fetchingAhead ?? []).then(() => settled()))),
  );
  return fetchedAhead;
}

function preload(urls: string[]): Promise<unknown> {
  const arrivals: Promise<void>[] = [];
  for (const url of urls) {
    if (document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(url)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    arrivals.push(
      new Promise((settle) => {
        link.addEventListener('load', () => settle(), { once: true });
        link.addEventListener('error', () => settle(), { once: true });
      }),
    );
    document.head.append(link);
  }
  return Promise.all(arrivals);
}
