import { test, expect } from './fixtures';

const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('follows the system setting until the visitor chooses', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const dark = await background(page);
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await background(page);
  expect(dark).not.toBe(light);
  await expect(page.locator('[data-theme-toggle]')).toHaveAttribute('aria-pressed', 'false');
});

test('the toggle switches theme and the choice survives reloads, applied before first paint', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const light = await background(page);
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const dark = await background(page);
  expect(dark).not.toBe(light);

  // The theme must already be applied when the document is parsed, before any module script.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { themeAtParse: string | undefined }).themeAtParse = document.documentElement.dataset.theme;
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtParse?: string }).themeAtParse)).toBe('dark');
  expect(await background(page)).toBe(dark);
  await page.getByRole('button', { name: 'Dark theme' }).click();
  expect(await background(page)).toBe(light);
});

/** WCAG's contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`focus rings on the dark bands and the floating buttons, selected text and search matches stand out (${colorScheme} theme)`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    for (const link of [page.locator('footer a').first(), page.locator('[data-whats-new] a').first()]) {
      await link.focus();
      const { ring, band } = await link.evaluate((el) => ({
        ring: getComputedStyle(el).outlineColor,
        band: getComputedStyle(el.closest('.bg-night')!).backgroundColor,
      }));
      expect(contrast(ring, band), `${ring} on ${band}`).toBeGreaterThanOrEqual(3);
    }
    // The floating buttons pass over the pale page and the night-coloured footer alike: on each,
    // the ring or its edge stands out, and the two from each other.
    const backgrounds = await page.evaluate(() => [
      getComputedStyle(document.body).backgroundColor,
      getComputedStyle(document.querySelector('footer')!).backgroundColor,
    ]);
    for (const floating of [
      page.getByRole('link', { name: 'Engage' }),
      page.getByRole('button', { name: 'Start Here' }),
    ]) {
      await floating.focus();
      const { ring, edge } = await floating.evaluate((el) => ({
        ring: getComputedStyle(el).outlineColor,
        edge: getComputedStyle(el).boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? 'none',
      }));
      expect(contrast(ring, edge), `${ring} edged by ${edge}`).toBeGreaterThanOrEqual(3);
      for (const behind of backgrounds) {
        const best = Math.max(contrast(ring, behind), contrast(edge, behind));
        expect(best, `${ring} edged by ${edge} over ${behind}`).toBeGreaterThanOrEqual(3);
      }
    }
    const selection = await page
      .locator('main p')
      .first()
      .evaluate((el) => {
        const style = getComputedStyle(el, '::selection');
        return { color: style.color, background: style.backgroundColor };
      });
    expect(contrast(selection.color, selection.background)).toBeGreaterThanOrEqual(4.5);

    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox').fill('carob');
    const mark = page.locator('[data-search-results] mark').first();
    await expect(mark).toBeVisible();
    const { color, background } = await mark.evaluate((el) => ({
      color: getComputedStyle(el).color,
      background: getComputedStyle(el).backgroundColor,
    }));
    expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
  });
}

test('in forced colours the chosen tab, filter and quote are marked apart from the others', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  const marks = (locator: import('@playwright/test').Locator) =>
    locator.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
  const cases: [string, string, string][] = [
    ['/book', '[role="tab"][aria-selected="true"]', '[role="tab"][aria-selected="false"]'],
    ['/forum', '[role="tab"][aria-selected="true"]', '[role="tab"][aria-selected="false"]'],
    ['/line-bank', '[data-chip][aria-pressed="true"]', '[data-chip][aria-pressed="false"]'],
    ['/', '[data-pulse-dot][aria-pressed="true"]', '[data-pulse-dot][aria-pressed="false"]'],
  ];
  for (const [path, chosen, others] of cases) {
    await page.goto(path);
    await expect(page.locator(chosen).first()).toBeAttached();
    const [mark] = await marks(page.locator(chosen).first());
    for (const other of await marks(page.locator(others))) expect(other, `${path}: ${chosen}`).not.toBe(mark);
  }
});
