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

test.describe('a page prints its text in full, without what is only to be pressed', () => {
  test('the Line Bank prints every line, and none of its chips or Copy buttons, nor the toast area', async ({
    page,
  }) => {
    await page.goto('/line-bank');
    await page.emulateMedia({ media: 'print' });
    const lines = page.locator('[data-line]');
    await expect(lines).toHaveCount(12);
    for (const line of await lines.all()) await expect(line).toBeVisible();
    await expect(page.locator('main button:visible')).toHaveCount(0);
    await expect(page.locator('[data-sonner-toaster]')).toBeHidden();
  });

  for (const path of ['/fieldnotes', '/meta-narrative', '/ai-collaboration-reflection', '/thematic-depth-guide']) {
    test(`${path} prints every accordion's panel open`, async ({ page }) => {
      await page.goto(path);
      await page.emulateMedia({ media: 'print' });
      const panels = page.locator('main details > :not(summary)');
      expect(await panels.count()).toBeGreaterThan(2);
      for (const panel of await panels.all()) await expect(panel).toBeVisible();
    });
  }

  test("/book prints all three of its tabs' panels", async ({ page }) => {
    await page.goto('/book');
    await page.emulateMedia({ media: 'print' });
    const panels = page.locator('[data-tab-panel]');
    await expect(panels).toHaveCount(3);
    for (const panel of await panels.all()) await expect(panel).toBeVisible();
  });
});
