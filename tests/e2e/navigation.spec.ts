import { test, expect } from './fixtures';
import { launchOptions } from '../../playwright.config';

// The next page is on its way from the moment the reader points at its link, and Back is
// instant. Playwright turns the back/forward cache off in the browsers it starts; these tests
// start theirs with it on.
test.use({ launchOptions: { ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

test('the link pointed at is fetched and prerendered by the Speculation Rules', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const attempted = new Promise<string>((resolve) =>
    cdp.on('Preload.prerenderStatusUpdated', (event) => resolve(new URL(event.key.url).pathname)),
  );
  const rules: string[] = [];
  cdp.on('Preload.ruleSetUpdated', (event) => rules.push(event.ruleSet.errorType ?? 'valid'));
  await cdp.send('Preload.enable');
  await page.goto('/');
  // The page's Speculation Rules, which the browser accepts, prerender a link the pointer rests
  // on. (A browser driven through DevTools only attempts it: it never prerenders for one.)
  await page.locator('main a[href="/book"]').first().hover();
  expect(await attempted).toBe('/book');
  expect(rules).toEqual(['valid']);
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
