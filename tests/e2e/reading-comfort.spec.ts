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

// Prose blocks are laid out as the reader nears them, and until then each stands at a height the
// stylesheet guesses from the block's own length. A wrong guess moves everything below the block
// (a link, a button under a finger) as it is laid out, so the guesses must come close.
test('blocks of prose wait to be laid out at about their real height', async ({ page }) => {
  const heights = () =>
    page.locator('.prose-reading > *').evaluateAll((blocks) => blocks.map((b) => b.getBoundingClientRect().height));
  const off: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/essays/philosophy/golden-age', '/ai-collaboration-reflection', '/privacy-policy']) {
      await page.goto(path);
      const guessed = await heights();
      await page.addStyleTag({ content: '.prose-reading > * { content-visibility: visible }' });
      const real = await heights();
      const error = guessed.reduce((sum, height, i) => sum + Math.abs(height - real[i]), 0);
      const share = error / real.reduce((sum, height) => sum + height, 0);
      if (share > 0.15) off.push(`${path} at ${width} px: the guesses are ${Math.round(share * 100)}% out`);
    }
  }
  expect(off).toEqual([]);
});

test('an essay prints as reading text only: no header, banner, footer or buttons', async ({ page }) => {
  await page.goto('/essays/philosophy/golden-age');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('main h1')).toBeVisible();
  for (const selector of ['body > header', 'body > footer', '[data-whats-new]'])
    await expect(page.locator(selector).first()).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
});
