import { test, expect } from './fixtures';

// The first paint waits for nothing but the HTML: scripts (page scripts and islands) start at the
// first contentful paint, and the web fonts download after the first page and are used from the
// next page on, so text never changes typeface under the reader.

const requestsBeforePaint = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((r) => /\.(js|woff2)(\?|$)/.test(r.name) && r.startTime < fcp)
      .map((r) => r.name);
  });

for (const path of ['/', '/essays/philosophy/golden-age', '/forum', '/curious-mind-quiz']) {
  test(`${path}: no script or font is requested before the first contentful paint`, async ({ page }) => {
    const html = await (await page.request.get(path)).text();
    expect(html).not.toMatch(/<script type="module" src=/);
    expect(html).not.toMatch(/rel="preload"[^>]*as="font"/);
    await page.goto(path);
    expect(await requestsBeforePaint(page)).toEqual([]);
    // …and the scripts did run: the page is marked ready once every one has.
    await expect(page.locator('html')).toHaveAttribute('data-ready', '');
  });
}

test('the web fonts arrive after the first page and set the next one, with nothing shifting', async ({ page }) => {
  const family = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
  await page.goto('/book');
  expect(await family()).not.toContain('Literata');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fontsCached'))).toBe('1');
  // Downloading did not apply them to this page, nor load (decode) any face on it.
  expect(await family()).not.toContain('Literata');
  expect(await page.evaluate(() => [...document.fonts].filter((f) => f.status !== 'unloaded').length)).toBe(0);

  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/about');
  await expect(page.locator('html')).toHaveClass(/\bfonts\b/);
  expect(await family()).toContain('Literata');
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
  });
  expect(loaded.some((f) => f.startsWith('Literata'))).toBe(true);
  expect(loaded.some((f) => f.startsWith('Fraunces'))).toBe(true);
  // …from the browser's cache, where the first page put them: nothing came over the network.
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.woff2'))
      .map((r) => (r as PerformanceResourceTiming).transferSize),
  );
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.every((bytes) => bytes === 0)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
});

test('a browser without paint timing still starts the scripts, after load', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => [] });
  });
  await page.goto('/line-bank');
  await expect(page.locator('html')).toHaveAttribute('data-ready', '');
  // The Line Bank's chips filter, so its script ran.
  await page.locator('[data-chip="Love + Grief"]').click();
  await expect(page.locator('[data-chip="Love + Grief"]')).toHaveAttribute('aria-pressed', 'true');
});
