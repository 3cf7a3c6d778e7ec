import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { KONAMI_SEQUENCE } from '../../src/lib/konami';
import { storageKeys } from '../../src/lib/storage';
import { holdRequests } from './community-helpers';
import { codeAt, deliveryType, islandsStarting, watchFetchedAhead } from './helpers';

// The next page is on its way from the moment the reader points at its link. Back, from the
// back/forward cache, is tested in back-forward-cache.spec.ts.

/** The addresses the in-view guess has marked links to for prerendering, each once. */
const markedLinks = (page: Page) =>
  page.locator('a[data-prerender]').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')))]);

/** Opens `path` and waits for the in-view guess to mark one link; returns its address. */
async function openWithOneMark(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await expect.poll(() => markedLinks(page)).toHaveLength(1);
  return (await markedLinks(page))[0]!;
}

test('the link pointed at is prefetched by the Speculation Rules the policy lets run', async ({ page }) => {
  const fetched = await watchFetchedAhead(page);
  await page.goto('/');
  await page.locator('main a[href="/book"]').first().hover();
  await expect.poll(() => fetched.pages).toContain('/book');
  expect(fetched.ruleSets).toEqual(['valid']);
});

test('the page behind the link nearest the middle of a rested view is prerendered, and only that one', async ({
  page,
}) => {
  const fetched = await watchFetchedAhead(page);
  const marked = () => markedLinks(page);
  const first = await openWithOneMark(page, '/book');
  // Asked for (and refused here: DevTools is attached), with nothing pointed at or pressed.
  await expect.poll(() => fetched.prerendered).toEqual([first]);

  // The reader scrolls a link to the middle of the view, below the header, and rests there.
  await page.locator('main a[href="/book-summary"]').evaluate((a) => a.scrollIntoView({ block: 'center' }));
  await expect.poll(marked).toEqual(['/book-summary']);
  await expect.poll(() => fetched.prerendered).toEqual([first, '/book-summary']);

  // While the view moves, nothing new is asked for; the mark follows the view once it rests.
  await page.mouse.wheel(0, 3000);
  await page.waitForTimeout(100);
  expect(fetched.prerendered).toEqual([first, '/book-summary']);
  await expect.poll(marked).not.toEqual(['/book-summary']);
  expect(await marked()).toHaveLength(1);
});

test("where the text in view has no link, the page drawn stays, or, with none drawn, home's is", async ({ page }) => {
  // The quiz's first view: its questions, and the header's and What's New banner's links above.
  expect(await openWithOneMark(page, '/curious-mind-quiz')).toBe('/');
  // Once a link in the text has had its page drawn, a view with none keeps that page: here the
  // quiz's own view again, on a screen too short to show the explorers' links below it.
  await page.setViewportSize({ width: 1280, height: 560 });
  await page.getByText('Meet all eight explorers').click();
  const explorer = page.locator('main a[href^="/explorer/"]').first();
  await explorer.evaluate((a) => a.scrollIntoView({ block: 'center' }));
  const href = await explorer.getAttribute('href');
  await expect.poll(() => markedLinks(page)).toEqual([href]);
  await page.evaluate(() => scrollTo(0, 0));
  await page.waitForTimeout(1000);
  expect(await markedLinks(page)).toEqual([href]);
});

test('Take Quiz Again, a button, has the quiz prerendered once the portal is idle, and the quiz opens from it', async ({
  page,
}) => {
  const fetched = await watchFetchedAhead(page);
  await page.goto('/explorer/wayfinder');
  // Asked for with nothing pressed; here the prerender is refused, and the fetch made for it serves.
  await expect.poll(() => fetched.prerendered).toContain('/curious-mind-quiz');
  await expect.poll(() => fetched.pages).toContain('/curious-mind-quiz');
  // The page's own rules and the portal's, both let run by the Content-Security-Policy.
  await expect.poll(() => fetched.ruleSets).toEqual(['valid', 'valid']);
  await page.getByRole('button', { name: 'Take Quiz Again' }).click();
  await page.waitForURL('**/curious-mind-quiz');
  expect(await deliveryType(page)).toBe('navigational-prefetch');
});

test('the Konami sequence, once under way, has First Light prerendered, and its last key opens it', async ({
  page,
}) => {
  const fetched = await watchFetchedAhead(page);
  await page.goto('/essays/philosophy/golden-age');
  // Up and down scroll a page: they ask for nothing of First Light, once the listener has them.
  for (const key of KONAMI_SEQUENCE.slice(0, 4)) await page.keyboard.press(key);
  await expect(page.locator(islandsStarting('konami'))).not.toHaveAttribute('ssr');
  await page.waitForTimeout(300);
  expect(fetched.pages).not.toContain('/firstlight');
  expect(fetched.prerendered).not.toContain('/firstlight');
  await page.keyboard.press(KONAMI_SEQUENCE[4]);
  await expect.poll(() => fetched.prerendered).toContain('/firstlight');
  await expect.poll(() => fetched.pages).toContain('/firstlight');
  for (const key of KONAMI_SEQUENCE.slice(5)) await page.keyboard.press(key);
  await page.waitForURL('**/firstlight');
  expect(await deliveryType(page)).toBe('navigational-prefetch');
});

test('once the Konami sequence is under way, the view no longer has its next page prerendered', async ({ page }) => {
  const fetched = await watchFetchedAhead(page);
  const marked = () => markedLinks(page);
  const first = await openWithOneMark(page, '/book');
  for (const key of KONAMI_SEQUENCE.slice(0, 5)) await page.keyboard.press(key);
  await expect.poll(() => fetched.prerendered).toContain('/firstlight');
  // The view rests on another link: it keeps no mark, and nothing more is drawn.
  await page.locator('main a[href="/book-summary"]').evaluate((a) => a.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(600);
  expect(await marked()).toEqual([first]);
  expect(fetched.prerendered).toEqual([first, '/firstlight']);
});

test('First Light is prerendered once the sequence is under way, while the listener island is still on its way', async ({
  page,
}) => {
  const fetched = await watchFetchedAhead(page);
  await page.goto('/essays/philosophy/golden-age');
  await page.waitForLoadState('networkidle');
  // The listener's code held back, as on a slow phone typing the sequence as the page opens.
  const island = page.locator(islandsStarting('konami'));
  const listener = (await island.getAttribute('component-url'))!;
  const release = await holdRequests(page, codeAt(listener));
  for (const key of KONAMI_SEQUENCE.slice(0, 5)) await page.keyboard.press(key);
  await expect.poll(() => fetched.prerendered).toContain('/firstlight');
  await expect(island).toHaveAttribute('ssr', '');

  release();
  for (const key of KONAMI_SEQUENCE.slice(5)) await page.keyboard.press(key);
  await page.waitForURL('**/firstlight');
});

/**
 * Opens `path` as a page the browser prerendered: its scripts see `document.prerendering` until
 * `show()`, which fires `prerenderingchange` as Chromium does when the visitor opens the page.
 * Chromium itself refuses to prerender while Playwright is attached.
 */
async function openPrerendered(page: Page, path: string): Promise<{ show: () => Promise<void> }> {
  await page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => prerendering });
    Object.assign(window, {
      showPrerendered: () => {
        prerendering = false;
        document.dispatchEvent(new Event('prerenderingchange'));
      },
    });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return { show: () => page.evaluate(() => (window as unknown as { showPrerendered: () => void }).showPrerendered()) };
}

test('a prerendered page starts its islands, and reads and draws ahead, only once shown', async ({ page }) => {
  const fetched = await watchFetchedAhead(page);
  const pagefind: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/pagefind/')) pagefind.push(request.url());
  });
  const quiz = await openPrerendered(page, '/curious-mind-quiz');
  const island = page.locator('astro-island', { has: page.getByRole('button', { name: 'Begin the Quiz' }) });
  // Past the idle moment's latest (2 s after load): a page in front of the reader has done it all.
  await page.waitForTimeout(2500);
  await expect(island).toHaveAttribute('ssr');
  expect(pagefind).toEqual([]);
  expect(await markedLinks(page)).toEqual([]);
  expect(fetched.prerendered).toEqual([]);
  await quiz.show();
  await expect(island).not.toHaveAttribute('ssr');
  await expect.poll(() => pagefind.length).toBeGreaterThan(0);
  await expect.poll(() => markedLinks(page)).toHaveLength(1);
});

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('a quiz prerendered while a result is saved stays the quiz once Take Quiz Again has forgotten it', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  await page.evaluate((key) => localStorage.setItem(key, 'wayfinder'), storageKeys.explorerTypeId);
  const quiz = await openPrerendered(page, '/curious-mind-quiz');
  // Not shown yet: the saved result sends no one anywhere.
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/curious-mind-quiz');
  // What Take Quiz Again does before it opens the quiz.
  await page.evaluate((key) => localStorage.removeItem(key), storageKeys.explorerTypeId);
  await quiz.show();
  await expect(page.getByRole('button', { name: 'Begin the Quiz' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/curious-mind-quiz');
});

test('a quiz prerendered for a returning explorer sends them to their portal once shown', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.evaluate((key) => localStorage.setItem(key, 'wayfinder'), storageKeys.explorerTypeId);
  const quiz = await openPrerendered(page, '/curious-mind-quiz');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/curious-mind-quiz');
  await quiz.show();
  await page.waitForURL('**/explorer/wayfinder');
});

test('a prerendered portal is remembered, and the visit recorded, only once shown', async ({ page }) => {
  const portal = await openPrerendered(page, '/explorer/wayfinder');
  expect(await stored(page, storageKeys.lastExplorerTypeId)).toBeNull();
  expect(await stored(page, storageKeys.lastVisitedPath)).toBeNull();
  await portal.show();
  await expect.poll(() => stored(page, storageKeys.lastExplorerTypeId)).toBe('wayfinder');
  await expect.poll(() => stored(page, storageKeys.lastVisitedPath)).toBe('/explorer/wayfinder');
});

test('a prerendered page shows the theme chosen, and the banner dismissed, since it was drawn', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.evaluate((key) => localStorage.setItem(key, 'light'), storageKeys.theme);
  const firstLight = await openPrerendered(page, '/firstlight');
  const root = page.locator('html');
  await expect(root).toHaveAttribute('data-theme', 'light');
  await expect(root).not.toHaveAttribute('data-banner-dismissed');
  // Switched, and the banner dismissed, on the page the visitor was still reading.
  await page.evaluate(
    ([theme, banner]) => {
      localStorage.setItem(theme, 'dark');
      sessionStorage.setItem(banner, 'true');
    },
    [storageKeys.theme, storageKeys.bannerDismissed],
  );
  await firstLight.show();
  await expect(root).toHaveAttribute('data-theme', 'dark');
  await expect(root).toHaveAttribute('data-banner-dismissed', '');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
});

test('before the reader points at a link, a page fetches one other page: the one behind the link nearest the middle', async ({
  page,
}) => {
  // On a slow link every page fetched on speculation shares the bandwidth with the reader's own
  // next tap: only the likeliest is fetched ahead, and any other from the point or press on.
  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' || request.headers()['sec-purpose']?.includes('prefetch'))
      pages.push(new URL(request.url()).pathname);
  });
  await page.goto('/essays/philosophy/golden-age');
  const marked = page.locator('a[data-prerender]');
  await expect(marked).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  // Longer than any moment in view or idle wait that could start a fetch.
  await page.waitForTimeout(1500);
  expect(pages).toEqual(['/essays/philosophy/golden-age', await marked.getAttribute('href')]);
  await expect(page.locator('head link[rel="prefetch"]')).toHaveCount(0);
});
