import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { launchOptions } from '../../playwright.config';
import { KONAMI_SEQUENCE } from '../../src/lib/konami';
import { storageKeys } from '../../src/lib/storage';
import { deliveryType, watchFetchedAhead } from './helpers';

// The next page is on its way from the moment the reader points at its link, and Back is
// instant. Playwright turns the back/forward cache off in the browsers it starts; these tests
// start theirs with it on.
test.use({ launchOptions: { ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

test('the link pointed at is prefetched by the Speculation Rules, and not prerendered', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const fetched = new Promise<string>((resolve) =>
    cdp.on('Preload.prefetchStatusUpdated', (event) => resolve(new URL(event.prefetchUrl).pathname)),
  );
  const prerendered: string[] = [];
  cdp.on('Preload.prerenderStatusUpdated', (event) => prerendered.push(event.key.url));
  const rules: string[] = [];
  cdp.on('Preload.ruleSetUpdated', (event) => rules.push(event.ruleSet.errorType ?? 'valid'));
  await cdp.send('Preload.enable');
  await page.goto('/');
  // The page's rules, which its Content-Security-Policy lets run, fetch a link the pointer rests on.
  await page.locator('main a[href="/book"]').first().hover();
  expect(await fetched).toBe('/book');
  expect(rules).toEqual(['valid']);
  // A prerender would have been attempted by now (and refused: DevTools is attached).
  await page.waitForTimeout(500);
  expect(prerendered).toEqual([]);
});

test('Take Quiz Again, a button, has the quiz prerendered once the portal is idle, and the quiz opens from it', async ({
  page,
}) => {
  const fetched = await watchFetchedAhead(page);
  await page.goto('/explorer/wayfinder');
  // Asked for with nothing pressed; here the prerender is refused, and the fetch made for it serves.
  await expect.poll(() => fetched.prerendered).toEqual(['/curious-mind-quiz']);
  await expect.poll(() => fetched.pages).toEqual(['/curious-mind-quiz']);
  // The page's own rules and the portal's, both let run by the Content-Security-Policy.
  await expect.poll(() => fetched.ruleSets).toEqual(['valid', 'valid']);
  await page.getByRole('button', { name: 'Take Quiz Again' }).click();
  await page.waitForURL('**/curious-mind-quiz');
  expect(await deliveryType(page)).toBe('navigational-prefetch');
});

test('the Konami sequence, once under way, has First Light prerendered, and its last key opens it', async ({
  page,
}) => {
  const fetched = await watchFetchedAhead(page);
  await page.goto('/essays/philosophy/golden-age');
  // Up and down scroll a page: they fetch nothing, once the listener has them.
  for (const key of KONAMI_SEQUENCE.slice(0, 4)) await page.keyboard.press(key);
  await page.waitForFunction(() => window.__konamiKeys === undefined);
  await page.waitForTimeout(300);
  expect(fetched.pages).toEqual([]);
  expect(fetched.prerendered).toEqual([]);
  await page.keyboard.press(KONAMI_SEQUENCE[4]);
  await expect.poll(() => fetched.prerendered).toEqual(['/firstlight']);
  await expect.poll(() => fetched.pages).toEqual(['/firstlight']);
  for (const key of KONAMI_SEQUENCE.slice(5)) await page.keyboard.press(key);
  await page.waitForURL('**/firstlight');
  expect(await deliveryType(page)).toBe('navigational-prefetch');
});

test('First Light is prerendered once the sequence is under way, while the listener island is still on its way', async ({
  page,
}) => {
  const fetched = await watchFetchedAhead(page);
  await page.goto('/essays/philosophy/golden-age');
  await page.waitForLoadState('networkidle');
  // The listener's code held back, as on a slow phone typing the sequence as the page opens.
  const listener = (await page.locator('astro-island[client="konami"]').getAttribute('component-url'))!;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${listener}`, async (route) => {
    await released;
    await route.continue();
  });
  for (const key of KONAMI_SEQUENCE.slice(0, 5)) await page.keyboard.press(key);
  await expect.poll(() => fetched.prerendered).toEqual(['/firstlight']);
  expect(await page.evaluate(() => window.__konamiKeys)).toEqual(KONAMI_SEQUENCE.slice(0, 5));

  release();
  for (const key of KONAMI_SEQUENCE.slice(5)) await page.keyboard.press(key);
  await page.waitForURL('**/firstlight');
});

/**
 * Opens `path` as a page the browser prerendered: its scripts see `document.prerendering` until
 * `show()`, which fires `prerenderingchange` as Chromium does when the visitor opens the page.
 * Chromium itself refuses to prerender while Playwright is attached.
 */
async function openPrerendered(page: Page, path: string): Promise<{ show: () => Promise<void> }> {
  await page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => prerendering });
    Object.assign(window, {
      showPrerendered: () => {
        prerendering = false;
        document.dispatchEvent(new Event('prerenderingchange'));
      },
    });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return { show: () => page.evaluate(() => (window as unknown as { showPrerendered: () => void }).showPrerendered()) };
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('a quiz prerendered while a result is saved stays the quiz once Take Quiz Again has forgotten it', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  await page.evaluate((key) => localStorage.setItem(key, 'wayfinder'), storageKeys.explorerTypeId);
  const quiz = await openPrerendered(page, '/curious-mind-quiz');
  // Not shown yet: the saved result sends no one anywhere.
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/curious-mind-quiz');
  // What Take Quiz Again does before it opens the quiz.
  await page.evaluate((key) => localStorage.removeItem(key), storageKeys.explorerTypeId);
  await quiz.show();
  await expect(page.getByRole('button', { name: 'Begin the Quiz' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/curious-mind-quiz');
});

test('a quiz prerendered for a returning explorer sends them to their portal once shown', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.evaluate((key) => localStorage.setItem(key, 'wayfinder'), storageKeys.explorerTypeId);
  const quiz = await openPrerendered(page, '/curious-mind-quiz');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/curious-mind-quiz');
  await quiz.show();
  await page.waitForURL('**/explorer/wayfinder');
});

test('a prerendered portal is remembered, and the visit recorded, only once shown', async ({ page }) => {
  const portal = await openPrerendered(page, '/explorer/wayfinder');
  expect(await stored(page, storageKeys.lastExplorerTypeId)).toBeNull();
  expect(await stored(page, storageKeys.lastVisitedPath)).toBeNull();
  await portal.show();
  await expect.poll(() => stored(page, storageKeys.lastExplorerTypeId)).toBe('wayfinder');
  await expect.poll(() => stored(page, storageKeys.lastVisitedPath)).toBe('/explorer/wayfinder');
});

test('a prerendered page shows the theme chosen, and the banner dismissed, since it was drawn', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.evaluate((key) => localStorage.setItem(key, 'light'), storageKeys.theme);
  const firstLight = await openPrerendered(page, '/firstlight');
  const root = page.locator('html');
  await expect(root).toHaveAttribute('data-theme', 'light');
  await expect(root).not.toHaveAttribute('data-banner-dismissed');
  // Switched, and the banner dismissed, on the page the visitor was still reading.
  await page.evaluate(
    ([theme, banner]) => {
      localStorage.setItem(theme, 'dark');
      sessionStorage.setItem(banner, 'true');
    },
    [storageKeys.theme, storageKeys.bannerDismissed],
  );
  await firstLight.show();
  await expect(root).toHaveAttribute('data-theme', 'dark');
  await expect(root).toHaveAttribute('data-banner-dismissed', '');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
});

test('a page fetches no other page before the reader points at a link', async ({ page }) => {
  // On a slow link every page fetched on speculation shares the bandwidth with the reader's own
  // next tap, and the page a tap leads to is fetched from the press on.
  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' || request.headers()['sec-purpose']?.includes('prefetch'))
      pages.push(new URL(request.url()).pathname);
  });
  await page.goto('/essays/philosophy/golden-age');
  // Scrolled without the pointer, which could rest on a link.
  await page.evaluate(() => window.scrollTo(0, 800));
  await page.waitForLoadState('networkidle');
  // Longer than any moment in view or idle wait that could start a fetch.
  await page.waitForTimeout(1500);
  expect(pages).toEqual(['/essays/philosophy/golden-age']);
  await expect(page.locator('head link[rel="prefetch"]')).toHaveCount(0);
});

// Every kind of page: a reading page, the home page, the pages whose islands hydrate untouched.
for (const path of ['/', '/essays/philosophy/golden-age', '/line-bank', '/curious-mind-quiz', '/forum', '/mota']) {
  test(`${path} stays eligible for the back/forward cache`, async ({ page }) => {
    await page.goto(path);
    await page.evaluate(() => Object.assign(window, { keptAlive: true }));
    await page.goto('/privacy-policy');
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState === 'complete');
    const reasons = await page.evaluate(() =>
      JSON.stringify(
        (performance.getEntriesByType('navigation')[0] as unknown as { notRestoredReasons?: unknown })
          .notRestoredReasons ?? null,
      ),
    );
    expect(await page.evaluate(() => 'keptAlive' in window), `not restored: ${reasons}`).toBe(true);
  });
}
