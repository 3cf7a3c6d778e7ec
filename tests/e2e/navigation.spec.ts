import { test, expect } from './fixtures';
import { launchOptions } from '../../playwright.config';

// The next page is there before the tap, and Back is instant. Playwright turns the back/forward
// cache off in the browsers it starts; these tests start theirs with it on.
test.use({ launchOptions: { ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

test('the links in view are fetched ahead, and the one pointed at is prerendered', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const attempted = new Promise<string>((resolve) =>
    cdp.on('Preload.prerenderStatusUpdated', (event) => resolve(new URL(event.key.url).pathname)),
  );
  const rules: string[] = [];
  cdp.on('Preload.ruleSetUpdated', (event) => rules.push(event.ruleSet.errorType ?? 'valid'));
  await cdp.send('Preload.enable');
  await page.goto('/');
  // Astro's prefetch: a link in view for a moment is fetched into the cache.
  await expect(page.locator('head link[rel="prefetch"]').first()).toBeAttached();
  // The page's Speculation Rules, which the browser accepts, prerender a link the pointer rests
  // on. (A browser driven through DevTools only attempts it: it never prerenders for one.)
  await page.locator('main a[href="/book"]').first().hover();
  expect(await attempted).toBe('/book');
  expect(rules).toEqual(['valid']);
});

test('the pages in view are fetched only once the code this page fetched ahead has arrived', async ({ page }) => {
  // A reading page fetches its toast area's code (React with it) ahead at idle: hold React back.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reactAsked = false;
  await page.route(/\/_astro\/client\.[\w-]+\.js$/, async (route) => {
    reactAsked = true;
    await released;
    await route.continue();
  });
  await page.goto('/essays/philosophy/golden-age');
  await expect.poll(() => reactAsked).toBe(true);
  // Longer than a link's moment in view and the idle moments before it: still nothing fetched.
  await page.waitForTimeout(1500);
  await expect(page.locator('head link[rel="prefetch"]')).toHaveCount(0);
  release();
  await expect(page.locator('head link[rel="prefetch"]').first()).toBeAttached();
  const fetched = await page
    .locator('head link[rel="prefetch"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(fetched).toContain('/essays');
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
