import { test as base, expect, type Page } from '@playwright/test';
import { watchCspViolations } from './csp-watch';

/**
 * Pages start their scripts at the first contentful paint, after the `load` event Playwright
 * waits for (src/integrations/scripts-after-paint/). A visitor never notices; a test that
 * clicks at once would. So `goto`, `reload` and `goBack` here also wait until every script has
 * run (the head script marks <html data-ready>) and every island has hydrated, or return at once
 * when JavaScript is off.
 */
export async function waitForScripts(page: Page): Promise<void> {
  await page.locator('html[data-ready], html:not(.js)').waitFor({ state: 'attached' });
  // Islands hydrate at the same moment, asynchronously; Astro drops `ssr` once one has. Those
  // that wait for something else are not waited for: the Konami listener (its first key), the
  // toast area (a toast), islands that wait for the visitor to reach for them, and islands that
  // hydrate on view while they are out of view.
  // A page may leave on its own meanwhile (the quiz sends a returning visitor to their portal):
  // then there is nothing left to wait for here, and the test checks where it arrived.
  const due = () =>
    page
      .evaluate(islandsDue)
      .catch((error: Error) => (/context was destroyed/.test(error.message) ? [] : Promise.reject(error)));
  if (await page.locator('html.js').count()) await expect.poll(due).toEqual([]);
}

/** Names of the islands not hydrated yet that are due to hydrate now (runs in the page). */
export function islandsDue(): string[] {
  const inView = (island: Element) =>
    [...island.children].some((child) => {
      const box = child.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    });
  return [...document.querySelectorAll('astro-island[ssr]')]
    .filter((island) => {
      const client = island.getAttribute('client');
      const opts = JSON.parse(island.getAttribute('opts') ?? '{}') as { name?: string; value?: unknown };
      if (client === 'konami' || client === 'toast') return false;
      if (client === 'afterpaint' && opts.value === 'intent') return false;
      if (client === 'visible' || (client === 'afterpaint' && opts.value === 'visible')) return inView(island);
      return true;
    })
    .map((island) => JSON.parse(island.getAttribute('opts') ?? '{}').name as string);
}

/**
 * Every test's page also fails the test on any Content-Security-Policy violation: a blocked
 * script or handler is a broken feature, whichever test happens to load the page.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    for (const name of ['goto', 'reload', 'goBack'] as const) {
      const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(page, {
        [name]: async (...args: unknown[]) => {
          const response = await original(...args);
          if (response !== null) await waitForScripts(page);
          return response;
        },
      });
    }
    const violations = await watchCspViolations(page);
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
