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
    test(`${path} prints every accordion's panel open, without the marks that say open or closed`, async ({ page }) => {
      await page.goto(path);
      await page.emulateMedia({ media: 'print' });
      const panels = page.locator('main details > :not(summary)');
      expect(await panels.count()).toBeGreaterThan(2);
      for (const panel of await panels.all()) await expect(panel).toBeVisible();
      // A "+" or a chevron beside every printed topic would say it can be opened.
      await expect(page.locator('main summary > [aria-hidden="true"]:is(svg, :text-is("+"))')).toHaveCount(
        await page.locator('main summary').count(),
      );
      await expect(page.locator('main summary > [aria-hidden="true"]:is(svg, :text-is("+")):visible')).toHaveCount(0);
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

// A phone's own text size setting (Android's font scale) enlarges every rem: the layout then has
// the room of a far narrower screen, narrower than WCAG's 320 px.
for (const { width, textSize } of [
  { width: 390, textSize: 32 },
  { width: 320, textSize: 24 },
]) {
  test(`at ${width} px with the text set to ${textSize} px, the header's controls and the floating buttons stay on screen, apart`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: textSize, fixed: textSize } });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    const menu = await page.locator('[data-mobile-menu] summary').boundingBox();
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(width);
    const start = (await page.locator('[data-start-guide-button]').boundingBox())!;
    const engage = (await page.getByRole('link', { name: 'Engage', exact: true }).boundingBox())!;
    const apart =
      start.x + start.width <= engage.x || engage.y + engage.height <= start.y || start.y + start.height <= engage.y;
    expect(apart).toBe(true);
    // At the very foot (the page grows as its sections are laid out on the way), the footer's
    // last line is above both.
    await expect(async () => {
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      const last = (await page.locator('body > footer p').last().boundingBox())!;
      expect(last.y + last.height).toBeLessThanOrEqual(Math.min(start.y, engage.y));
    }).toPass();
  });
}
