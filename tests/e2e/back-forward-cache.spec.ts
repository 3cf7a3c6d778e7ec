import { test, expect } from './fixtures';
import { fullBrowserLaunchOptions } from '../../playwright.config';

// Back is instant: the page left is kept whole and shown again. Playwright turns the
// back/forward cache off in the browsers it starts, and the headless shell the other tests run in
// keeps none, so these start the full browser with it on.
test.use({ launchOptions: { ...fullBrowserLaunchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

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
