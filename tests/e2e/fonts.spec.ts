import { test, expect } from './fixtures';

// A first visit is set in the site's own faces when they arrive in time: the body face is
// preloaded, and `font-display: optional` keeps a page that misses them in the fallback for good,
// so text never changes typeface under the reader.
test('a first visit preloads the body face and is set in it, with nothing shifting', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/about');
  const preloads = page.locator('head link[rel="preload"][as="font"]');
  await expect(preloads).toHaveCount(1);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Literata/);
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.style}`);
  });
  expect(loaded.some((face) => face.startsWith('Literata') && face.endsWith(' normal'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
});

test('every face is display: optional', async ({ request }) => {
  const html = await (await request.get('/about')).text();
  const faces = [...html.matchAll(/@font-face\{[^}]*\}/g)].map((m) => m[0]);
  expect(faces.length).toBeGreaterThan(0);
  for (const face of faces) if (face.includes('url(')) expect(face).toContain('font-display:optional');
});
