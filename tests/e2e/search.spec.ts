import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { watchConsole } from './helpers';
import type { SearchAhead } from '../../src/lib/search-ahead';

/** Holds every request whose address matches until `release()`; the page meanwhile waits. */
async function hold(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(url, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { held, release };
}

/** The index chunks the page asks for from now on, in the order asked. */
function recordChunkRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/pagefind/index/')) asked.push(path);
  });
  return asked;
}

/** The addresses of every chunk of the site's search index, sorted. */
async function indexChunks(page: Page): Promise<string[]> {
  const { chunks } = (await (await page.request.get('/pagefind/search-ahead.en.json')).json()) as SearchAhead;
  return chunks.map(([, , chunk]) => `/pagefind/index/${chunk}.pf_index`).sort();
}

/** Records, in `window.searched`, each word Pagefind is asked to search (not to preload). */
async function recordSearches(page: Page) {
  await page.route(/\/pagefind\/pagefind\.js$/, async (route) => {
    const response = await route.fetch();
    const source = await response.text();
    const exports = /,search\};\s*$/;
    // Pagefind's module ends with its export list; a new version that does not fails here.
    expect(source).toMatch(exports);
    await route.fulfill({
      response,
      body:
        source.replace(exports, ',recordedSearch as search};') +
        'function recordedSearch(term,options){(globalThis.searched??=[]).push(term);return search(term,options)}',
    });
  });
}

/** Counts the text segmenters the page makes; resolves a reader of the count. */
async function countSegmenters(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const Segmenter = Intl.Segmenter;
    Object.assign(Intl, {
      Segmenter: class extends Segmenter {
        constructor(...args: ConstructorParameters<typeof Segmenter>) {
          super(...args);
          Object.assign(window, { segmenters: ((window as { segmenters?: number }).segmenters ?? 0) + 1 });
        }
      },
    });
  });
  return () => page.evaluate(() => (window as { segmenters?: number }).segmenters ?? 0);
}

test('before search is opened only its script is fetched, not run; then it finds reading pages by keyboard @phone', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const script = page.waitForRequest(/\/pagefind\/pagefind\.js$/);
  await page.goto('/');
  await script;
  await page.waitForLoadState('networkidle');
  // Fetched ahead at idle; the WebAssembly and the index wait for the dialog.
  expect(requested.filter((u) => u.includes('/pagefind/'))).toEqual(['/pagefind/pagefind.js']);

  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('searchbox');
  await expect(input).toBeFocused();
  await input.fill('shepherd');
  const first = dialog.locator('[data-search-results] a').first();
  await expect(first).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('shepherd');
  expect(requested.some((u) => u.includes('/pagefind/'))).toBe(true);

  await input.fill('xylophone');
  await expect(dialog.getByRole('status')).toContainText('Nothing on the site matches');
  await expect(dialog.locator('[data-search-results] li')).toHaveCount(0);
});

test('pointing at the search button starts fetching the index, before any press', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(requested.filter((u) => u.includes('/pagefind/wasm.'))).toEqual([]);
  const wasm = page.waitForRequest(/\/pagefind\/wasm\.\w+\.pagefind$/);
  await page.getByRole('button', { name: 'Search' }).hover();
  await wasm;
  await expect(page.getByRole('dialog', { name: 'Search the site' })).toBeHidden();
});

test('"/" opens search from anywhere but a form field; the not-found page is not indexed', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox').fill('mistyped');
  await expect(dialog.getByRole('status')).toContainText('Nothing on the site matches');
  // The first Escape clears the search field (native behaviour), the next closes the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('searchbox')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("search's excerpts leave out what a screen reader skips: the emoji on a card", async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await dialog.getByRole('searchbox').fill('grove');
  const hub = dialog.getByRole('link', { name: /Community Hub/ });
  await expect(hub).toContainText('The Carob Forum. A public grove');
  await expect(hub).not.toContainText('🌳');
});

test('a long word with no match stays inside the search dialog @phone', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await dialog.getByRole('searchbox').fill('x'.repeat(300));
  await expect(dialog.getByRole('status')).toContainText('Nothing on the site matches');
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBe(0);
});

test('Enter in the search box keeps the dialog open with its results and the address unchanged @phone', async ({
  page,
}) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  const input = dialog.getByRole('searchbox');
  await input.fill('carob');
  await expect(dialog.locator('[data-search-results] a').first()).toBeVisible();
  await input.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-search-results] a').first()).toBeVisible();
  await expect(input).toHaveValue('carob');
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/about');
});

test('Search shows "Searching…" at once while the index loads, keeps every key typed, then shows the results @phone', async ({
  page,
}) => {
  const checkConsole = watchConsole(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const index = await hold(page, /\/pagefind\//);
  await page.goto('/essays/philosophy/golden-age');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  const input = dialog.getByRole('searchbox');
  await expect(input).toBeFocused();
  // Typed as a reader types, every key while nothing of the index has arrived.
  await page.keyboard.type('carob');
  await expect(dialog.getByRole('status')).toHaveText('Searching…');
  await expect(input).toHaveValue('carob');
  // Asked for since the dialog opened, and held: Playwright sees each request a moment later.
  await expect.poll(() => index.held.length).toBeGreaterThan(0);

  index.release();
  await expect(dialog.getByRole('status')).toContainText('match “carob”');
  await expect(dialog.locator('[data-search-results] a').first()).toBeVisible();
  await expect(dialog.locator('[data-search-results]')).not.toHaveAttribute('aria-busy');
  await expect(input).toHaveValue('carob');
  // The entry file and the WebAssembly were fetched once, ahead: the preloads were what
  // Pagefind used, not a second download.
  for (const file of ['/pagefind/pagefind-entry.json', '/pagefind/wasm.en.pagefind'])
    expect(requested.filter((path) => path === file)).toHaveLength(1);

  // A later search shows its pending state too, and its own results replace the last ones.
  await input.fill('shepherd');
  await expect(dialog.getByRole('status')).toContainText('match “shepherd”');
  checkConsole();
});

test('words typed while the index downloads are not searched once it arrives: only the newest is @phone', async ({
  page,
}) => {
  await recordSearches(page);
  const chunks = await hold(page, /\/pagefind\/index\//);
  await page.goto('/essays/philosophy/golden-age');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await expect(dialog.getByRole('searchbox')).toBeFocused();
  await page.keyboard.type('c');
  // Pagefind has started and asked for the part of its index that "c" needs.
  await expect.poll(() => chunks.held.length).toBeGreaterThan(0);
  await page.keyboard.type('arob');
  await expect(dialog.getByRole('searchbox')).toHaveValue('carob');

  chunks.release();
  await expect(dialog.getByRole('status')).toContainText('match “carob”');
  expect(await page.evaluate(() => (globalThis as { searched?: string[] }).searched)).toEqual(['carob']);
});

test('the text segmenter Pagefind searches with is made while its WebAssembly downloads, before any search @phone', async ({
  page,
}) => {
  const segmenters = await countSegmenters(page);
  const wasm = await hold(page, /\/pagefind\/wasm\.\w+\.pagefind$/);
  await page.goto('/essays/philosophy/golden-age');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => wasm.held.length).toBeGreaterThan(0);
  await expect.poll(segmenters).toBeGreaterThan(0);

  wasm.release();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await dialog.getByRole('searchbox').fill('carob');
  await expect(dialog.getByRole('status')).toContainText('match “carob”');
});

test('reaching for search only downloads: Pagefind runs once the dialog it opens has been drawn @phone', async ({
  page,
}) => {
  // Pagefind's start makes a segmenter.
  const segmenters = await countSegmenters(page);
  await page.goto('/essays/philosophy/golden-age', { waitUntil: 'networkidle' });
  const wasm = page.waitForRequest(/\/pagefind\/wasm\.\w+\.pagefind$/);
  await page.getByRole('button', { name: 'Search' }).hover();
  await wasm;
  await page.waitForLoadState('networkidle');
  expect(await segmenters()).toBe(0);

  await page.getByRole('button', { name: 'Search' }).click();
  await expect.poll(segmenters).toBeGreaterThan(0);
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await dialog.getByRole('searchbox').fill('carob');
  await expect(dialog.getByRole('status')).toContainText('match “carob”');
});

test('search works in a browser without Intl.Segmenter', async ({ page }) => {
  const checkConsole = watchConsole(page);
  await page.addInitScript(() => Reflect.deleteProperty(Intl, 'Segmenter'));
  await page.goto('/about');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await dialog.getByRole('searchbox').fill('carob');
  await expect(dialog.getByRole('status')).toContainText('match “carob”');
  await expect(dialog.locator('[data-search-results] a').first()).toBeVisible();
  checkConsole();
});

test('what a reader types into search before its script has run is searched once it runs @phone', async ({ page }) => {
  const checkConsole = watchConsole(page);
  // The page's own scripts held back: the Search button opens its dialog without them.
  const scripts = await hold(page, /\/_astro\/.*\.js$/);
  await page.goto('/about', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await expect(dialog.getByRole('searchbox')).toBeFocused();
  await page.keyboard.type('carob');
  await expect(dialog.getByRole('status')).toHaveText('');

  scripts.release();
  await expect(dialog.getByRole('status')).toContainText('match “carob”');
  await expect(dialog.locator('[data-search-results] a').first()).toBeVisible();
  await expect(dialog.getByRole('searchbox')).toHaveValue('carob');
  checkConsole();
});

test('results are listed by title at once, each excerpt shown as it arrives, the list not moving @phone', async ({
  page,
}) => {
  const checkConsole = watchConsole(page);
  // Each result's excerpt is a file of its own: all held.
  const fragments = await hold(page, /\/pagefind\/fragment\//);
  await page.goto('/about');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await dialog.getByRole('searchbox').fill('carob');
  const status = dialog.getByRole('status');
  await expect(status).toContainText('pages match “carob”');
  const total = Number((await status.textContent())?.match(/^(\d+)/)?.[1]);
  const results = dialog.locator('[data-search-results] li');
  await expect(results).toHaveCount(Math.min(total, 8));
  await expect(results.first().getByRole('link')).toBeVisible();
  await expect(results.first().getByRole('link')).toHaveAttribute('href', /^\/[^.]*$/);
  await expect(dialog.locator('[data-search-results]')).not.toHaveAttribute('aria-busy');
  expect(fragments.held.length).toBeGreaterThan(0);
  const last = results.last();
  const before = await last.boundingBox();

  fragments.release();
  await expect(results.first().locator('mark').first()).toBeVisible();
  await expect(last.locator('mark').first()).toBeVisible();
  expect(await last.boundingBox()).toEqual(before);
  checkConsole();
});

test('every page a search finds can be reached: Show more lists the next ones and takes the keyboard to them @phone', async ({
  page,
}) => {
  const checkConsole = watchConsole(page);
  const fragments: string[] = [];
  page.on('request', (r) => void (r.url().includes('/pagefind/fragment/') && fragments.push(r.url())));
  await page.goto('/about');
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await dialog.getByRole('searchbox').fill('carob');
  const status = dialog.getByRole('status');
  await expect(status).toContainText('pages match “carob”');
  const total = Number((await status.textContent())?.match(/^(\d+)/)?.[1]);
  expect(total, 'a word found on more pages than one batch shows').toBeGreaterThan(8);
  const results = dialog.locator('[data-search-results] li');
  await expect(results).toHaveCount(8);
  // Excerpts only for the results listed.
  await expect.poll(() => fragments.length).toBe(8);
  const more = dialog.getByRole('button', { name: /^Show \d+ more$/ });
  for (let listed = 8; listed < total; listed += 8) {
    await expect(more).toHaveText(`Show ${Math.min(8, total - listed)} more`);
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(results).toHaveCount(Math.min(listed + 8, total));
    await expect(results.nth(listed).getByRole('link')).toBeFocused();
    await expect.poll(() => fragments.length).toBe(Math.min(listed + 8, total));
  }
  await expect(more).toBeHidden();
  await expect(status).toContainText(`${total} pages match`);
  // A new search starts from its first batch again.
  await dialog.getByRole('searchbox').fill('shepherd');
  await expect(status).toContainText('match “shepherd”');
  expect(await results.count()).toBeLessThanOrEqual(8);
  checkConsole();
});

test('the part of the index a word needs is fetched while the WebAssembly is still on its way @phone', async ({
  page,
}) => {
  const checkConsole = watchConsole(page);
  const asked = recordChunkRequests(page);
  const wasm = await hold(page, /\/pagefind\/wasm\.\w+\.pagefind$/);
  await page.goto('/essays/philosophy/golden-age');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await dialog.getByRole('searchbox').fill('carob');
  await expect.poll(() => asked.length).toBe(1);
  expect(wasm.held.length).toBeGreaterThan(0);

  wasm.release();
  await expect(dialog.getByRole('status')).toContainText('match “carob”');
  // Pagefind took the chunk fetched ahead: no chunk downloaded twice.
  expect(asked).toEqual([...new Set(asked)]);
  checkConsole();
});

test('once a search has shown results the rest of the index comes, and a word typed on needs no download @phone', async ({
  page,
}) => {
  const checkConsole = watchConsole(page);
  const asked = recordChunkRequests(page);
  await page.goto('/essays/philosophy/golden-age');
  const chunks = await indexChunks(page);
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  const input = dialog.getByRole('searchbox');
  await input.fill('carob');
  await expect(dialog.getByRole('status')).toContainText('match “carob”');
  // "carob" needs one chunk of the index, "tree" another: each is asked for once.
  await expect.poll(() => [...asked].sort()).toEqual(chunks);
  await page.waitForLoadState('networkidle');

  const later = await hold(page, /\/pagefind\/index\//);
  await input.press('End');
  await page.keyboard.type(' tree');
  await expect(dialog.getByRole('status')).toContainText('match “carob tree”');
  expect(later.held).toEqual([]);
  checkConsole();
});
