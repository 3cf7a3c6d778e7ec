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

// Shown again from the cache, no script runs again by itself: what each view of a page does is
// done again, and what was chosen on the pages since is taken.
test('Back records the visit, and takes the theme and the banner chosen since', async ({ page }) => {
  await page.goto('/essays');
  await page.evaluate(() => Object.assign(window, { keptAlive: true }));
  await page.goto('/testimonials');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.getByRole('complementary', { name: "What's new" }).getByRole('button', { name: 'Dismiss' }).click();
  // A page out of the cache fires no load event.
  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lastVisitedPath'))).toBe('/essays');
  expect(await page.evaluate(() => 'keptAlive' in window)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('complementary', { name: "What's new" })).toBeHidden();
});

test('Back from a Start Here destination finds the guide closed and gone', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => Object.assign(window, { keptAlive: true }));
  await page.getByRole('button', { name: 'Start Here' }).click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: /Wander & Wonder/ })
    .click();
  await expect(page).toHaveURL(/\/essays$/);
  // A page out of the cache fires no load event.
  await page.goBack({ waitUntil: 'commit' });
  expect(await page.evaluate(() => 'keptAlive' in window)).toBe(true);
  await expect(page.getByRole('dialog', { name: 'Welcome, Curious Mind' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Start Here' })).toBeHidden();
});
