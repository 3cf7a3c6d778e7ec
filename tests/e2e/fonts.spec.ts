import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { STAYED_MS } from '../../src/browser/web-fonts';
import { countShifts, shifts } from './helpers';
import { runClockUntil } from './community-helpers';

// A visit's first page waits for no font file: it is set in the system serif, and caches the web
// faces once the reader has stayed on it (src/browser/web-fonts.ts). The pages after it are set in
// them, from the cache. Text never changes typeface under the reader, and nothing shifts.

/** The faces the page has loaded as faces, `family style` (the files fetched alone are not). */
const loadedFaces = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.style}`);
  });

/**
 * The faces the renderer drew the first element matching `selector` with (its own text), as
 * Chromium reports them: the web faces by family, a system face as "system".
 */
async function fontsDrawing(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map(({ familyName, isCustomFont }) => (isCustomFont ? familyName : 'system'));
}

/**
 * Stops the page's clock (page.clock), so that a test need not wait out the reader's stay. That
 * fakes `performance` too, whose entries these tests read: the page's own is kept for pageEntries.
 */
async function installClock(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { ownPerformance: Performance }).ownPerformance = performance;
  });
  await page.clock.install();
}

/** The page's own performance entries of a type, as JSON (after installClock). */
const pageEntries = <T>(page: Page, type: 'navigation' | 'resource') =>
  page.evaluate(
    (entryType) =>
      (window as unknown as { ownPerformance: Performance }).ownPerformance
        .getEntriesByType(entryType)
        .map((entry) => entry.toJSON()),
    type,
  ) as Promise<T[]>;

/** Each font file's request, as the page's resource timing has it. */
const fontRequests = async (page: Page) =>
  (await pageEntries<PerformanceResourceTiming>(page, 'resource'))
    .filter((entry) => entry.name.includes('/_astro/fonts/'))
    .map(({ startTime, transferSize, initiatorType }) => ({ startTime, transferSize, initiatorType }));

test('a first visit paints without the web faces, caches them once the reader has stayed; the next page is set in them', async ({
  page,
}) => {
  await countShifts(page);
  await installClock(page);
  await page.goto('/about');
  await expect(page.locator('head link[rel="preload"][as="font"]')).toHaveCount(0);
  expect(await page.locator('html').getAttribute('data-fonts')).toBeNull();
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Georgia/);
  expect(await fontsDrawing(page, 'main h1')).toEqual(['system']);

  // A visitor who leaves within the stay fetches no font file: they are for the pages after this.
  await page.clock.runFor(STAYED_MS - 1000);
  expect(await fontRequests(page)).toEqual([]);
  // Every face file is fetched after it, by the page's script, not as a face the page uses.
  await page.clock.runFor(3000);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fontsCached'))).toBe('true');
  const [{ loadEventEnd: loadEnd }] = await pageEntries<PerformanceNavigationTiming>(page, 'navigation');
  const fetched = await fontRequests(page);
  expect(fetched).toHaveLength(3);
  for (const request of fetched) {
    expect(request.initiatorType).toBe('fetch');
    expect(request.startTime).toBeGreaterThanOrEqual(loadEnd);
  }
  expect(await loadedFaces(page)).toEqual([]);
  expect(await shifts(page)).toBe(0);

  for (const path of ['/essays', '/book', '/essays/philosophy/golden-age']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-fonts', '');
    // Each face is preloaded from the cache, so the first paint is set in it: a face asked for by
    // the first layout alone could come too late for `optional` on a busy machine.
    await expect(page.locator('head link[rel="preload"][as="font"][crossorigin]')).toHaveCount(3);
    expect(await fontsDrawing(page, 'main h1'), path).toEqual(['Fraunces']);
    // The first paragraph set in the body face (captions and labels are in the system's sans).
    await page.evaluate(() =>
      [...document.querySelectorAll('main p')]
        .find((p) => getComputedStyle(p).fontFamily.startsWith('Literata'))!
        .setAttribute('data-body-face', ''),
    );
    expect(await fontsDrawing(page, '[data-body-face]'), path).toEqual(['Literata']);
    // From the cache: nothing came over the network for them.
    for (const request of await fontRequests(page)) expect(request.transferSize).toBe(0);
    expect(await shifts(page), path).toBe(0);
  }
});

test('a page the web faces could not be cached for stays in the system serif and tries again', async ({ page }) => {
  await page.route('**/_astro/fonts/**', (route) => route.abort());
  await installClock(page);
  // The stay is counted from the page's first idle moment after its first frame, which comes in
  // real time, maybe after the test has run the clock: so the clock runs a second at a time.
  const triedFonts = () =>
    runClockUntil(page, async () => expect((await fontRequests(page)).length).toBeGreaterThan(0));
  await page.goto('/about');
  await triedFonts();
  await page.goto('/essays');
  expect(await page.locator('html').getAttribute('data-fonts')).toBeNull();
  await triedFonts();
  expect(await page.evaluate(() => localStorage.getItem('fontsCached'))).toBeNull();
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Georgia/);
});

test('without scripting, a page is set in the system serif and fetches no font file', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const fontFiles: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/_astro/fonts/')) fontFiles.push(request.url());
  });
  await page.goto('/about', { waitUntil: 'load' });
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Georgia/);
  expect(await fontsDrawing(page, 'main h1')).toEqual(['system']);
  expect(fontFiles).toEqual([]);
  await context.close();
});

test('every face is display: optional', async ({ request }) => {
  const html = await (await request.get('/about')).text();
  const faces = [...html.matchAll(/@font-face\{[^}]*\}/g)].map((m) => m[0]);
  expect(faces.length).toBeGreaterThan(0);
  for (const face of faces) if (face.includes('url(')) expect(face).toContain('font-display:optional');
});
