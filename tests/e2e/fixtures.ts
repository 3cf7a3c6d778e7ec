import { test as base, expect, type Page } from '@playwright/test';
import { watchCspViolations } from './csp-watch';
import { countShifts, servePageInParts } from './helpers';

/**
 * An island made to be pressed keeps a press that lands before it has hydrated, and hands it
 * over after (src/browser/directives/press.ts); a visitor never notices. A test that types into
 * a form field, or reads state React renders, needs the island to be React's first. So `goto`,
 * `reload` and `goBack` here also wait until every island due to hydrate has, or return at once
 * when JavaScript is off. A test of a press before hydration navigates with `waitUntil` other than
 * 'load', which returns as Playwright's own does.
 */
export async function waitForIslands(page: Page): Promise<void> {
  // Those that wait for something else are not waited for: the Konami listener (its first key),
  // the toast area (a toast) and islands that wait to come near the viewport while they are not.
  // A page prerendered and not shown yet starts none. A page may leave on its own meanwhile (the
  // quiz sends a returning visitor to their portal): then there is nothing left to wait for here,
  // and the test checks where it arrived.
  const leftMeanwhile =
    <T>(nothingLeft: T) =>
    (error: Error) =>
      /context was destroyed/.test(error.message) ? nothingLeft : Promise.reject(error);
  const due = () => page.evaluate(islandsDue).catch(leftMeanwhile([]));
  // Polled often: islands hydrate within moments of the load, and expect.poll's default steps
  // (up to a second apart) would leave the test waiting well past that.
  // Asked with evaluate, not a locator: a locator's first use injects Playwright's script into the
  // new document (about 70 ms each here), which walks that only evaluate never need.
  const scripted = await page
    .evaluate(() => document.documentElement.classList.contains('js'))
    .catch(leftMeanwhile(false));
  if (scripted) await expect.poll(due, { intervals: [50] }).toEqual([]);
}

/** Names of the islands not hydrated yet that are due to hydrate now (runs in the page). */
export function islandsDue(): string[] {
  // A page drawn ahead starts its islands once shown.
  if ((document as Document & { prerendering?: boolean }).prerendering) return [];
  const inView = (island: Element) =>
    [...island.children].some((child) => {
      const box = child.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    });
  return [...document.querySelectorAll('astro-island[ssr]')]
    .filter((island) => {
      const opts = JSON.parse(island.getAttribute('opts') ?? '{}') as { name?: string; value?: unknown };
      if (opts.value === 'konami' || opts.value === 'toast') return false;
      if (opts.value === 'near') return inView(island);
      return true;
    })
    .map((island) => JSON.parse(island.getAttribute('opts') ?? '{}').name as string);
}

/**
 * Every test's page also fails the test on any Content-Security-Policy violation: a blocked
 * script or handler is a broken feature, whichever test happens to load the page.
 */
type PageInParts = Awaited<ReturnType<typeof servePageInParts>>;

export const test = base.extend<{ pageInParts: (path: string) => Promise<PageInParts> }>({
  page: async ({ page }, use) => {
    for (const name of ['goto', 'reload', 'goBack'] as const) {
      const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(page, {
        [name]: async (...args: unknown[]) => {
          const response = await original(...args);
          const options = args.find((arg) => typeof arg === 'object' && arg !== null) as
            { waitUntil?: string } | undefined;
          if (response !== null && (options?.waitUntil ?? 'load') === 'load') await waitForIslands(page);
          return response;
        },
      });
    }
    const violations = await watchCspViolations(page);
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  /** One of the site's pages served as a slow line delivers it (servePageInParts), closed after the test. */
  pageInParts: async ({ page, baseURL }, use) => {
    const served: PageInParts[] = [];
    await countShifts(page);
    await use(async (path) => {
      served.push(await servePageInParts(page, baseURL!, path));
      return served.at(-1)!;
    });
    await Promise.all(served.map((server) => server.close()));
  },
});

export { expect };
