import { test, expect } from './fixtures';
import { sitemapPaths } from './helpers';

// WCAG reflow: a 1280 px window zoomed to 200 % and a 320 px phone both lay out without
// horizontal scrolling, on every page.
test('every page reflows at 200 % zoom and at 320 px without horizontal scrolling', async ({ page }) => {
  test.setTimeout(240_000);
  const paths = await sitemapPaths(page);
  const wide: string[] = [];
  for (const width of [640, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scroll > width) wide.push(`${path} at ${width} px: ${scroll} px wide`);
    }
  }
  expect(wide).toEqual([]);
});

test('an essay prints as reading text only: no header, banner, footer or buttons', async ({ page }) => {
  await page.goto('/essays/philosophy/golden-age');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('main h1')).toBeVisible();
  for (const selector of ['body > header', 'body > footer', '[data-whats-new]'])
    await expect(page.locator(selector).first()).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
});
