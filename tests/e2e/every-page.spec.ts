import { test, expect } from './fixtures';
import { builtPagePaths, countShifts, frames, pagePaths, servedHtmlReader, shifts } from './helpers';

// Checks that hold for every page, so new pages are covered without new code.
test('every page has one h1, its own title and description, a canonical URL and no broken internal links', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // What the server sends is what search engines and link previews read.
  const { page, read, close } = await servedHtmlReader(browser);
  const paths = await pagePaths(page);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  const checked = new Set<string>();
  const problems: string[] = [];
  for (const path of paths) {
    const response = await read(path);
    if (response?.status() !== 200) problems.push(`${path}: HTTP ${response?.status()}`);
    const { h1s, title, description, canonical, hrefs } = await page.evaluate(() => ({
      h1s: document.querySelectorAll('h1').length,
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
      hrefs: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
    }));
    if (h1s !== 1) problems.push(`${path}: ${h1s} h1 elements`);
    if (titles.has(title)) problems.push(`${path}: same title as ${titles.get(title)}`);
    if (descriptions.has(description)) problems.push(`${path}: same description as ${descriptions.get(description)}`);
    if (description.length < 50) problems.push(`${path}: description too short`);
    if (new URL(canonical).pathname !== path) problems.push(`${path}: canonical ${canonical}`);
    titles.set(title, path);
    descriptions.set(description, path);
    const origin = new URL(page.url()).origin;
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin || checked.has(url.pathname)) continue;
      checked.add(url.pathname);
      const status = (await page.request.get(url.pathname)).status();
      if (status !== 200) problems.push(`${path}: link to ${url.pathname} answers ${status}`);
    }
  }
  await close();
  expect(problems).toEqual([]);
});

test('the pages the walks check are every page the build wrote', async ({ page }) => {
  const walked = new Set(await pagePaths(page));
  expect(builtPagePaths().filter((path) => !walked.has(path))).toEqual([]);
});

test('scrolling any page to its end and back moves nothing on screen @phone', async ({ page }) => {
  // What the reader's browser reports as layout shifts, seen or not: boxes laid out only as they
  // come near (the footer, the registry's cards) must come at the size they held.
  test.setTimeout(240_000);
  await countShifts(page);
  const moved: string[] = [];
  for (const path of await pagePaths(page)) {
    await page.goto(path, { waitUntil: 'networkidle' });
    const before = await shifts(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 600) {
      await page.evaluate((y) => window.scrollTo(0, y), y);
      await frames(page, 1);
    }
    for (const key of ['Home', 'End']) {
      await page.keyboard.press(key);
      await frames(page, 2);
    }
    const after = await shifts(page);
    if (after !== before) moved.push(`${path}: ${after - before}`);
  }
  expect(moved).toEqual([]);
});
