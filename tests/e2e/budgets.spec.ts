import { test, expect } from './fixtures';
import type { Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { islandsStarting, pagePaths } from './helpers';
import { watchScriptsRun } from './scripts-run';

// Byte budgets (gzip, everything a page loads on its own, following imports). Bytes are
// deterministic, so they are enforced here; timings are measured by `npm run bench`, never
// asserted in tests. What a page RUNS and what it only FETCHES AHEAD are counted apart: a module
// preloaded without being run (src/browser/fetch-ahead.ts) costs the reader download, not
// processor time, until a press starts it. What ran is what V8's coverage saw evaluated
// (tests/e2e/scripts-run.ts), so neither a file's name nor its request type decides it.
// Measured on every page, at two moments:
// - untouched: what the page runs before any interaction. A reading page, which runs no React
//   before the reader interacts, keeps to 12 KB; a page whose island hydrates untouched at load
//   or idle (client:press) runs it to make its first press instant, and keeps to 125 KB (the
//   registry, at 121 KB, also draws its Submit New Idea dialog at idle, hidden, so that its first
//   opening only shows it). What a page fetches ahead for a first press (the toast area, an island
//   further down) keeps to 100 KB;
// - on interaction: scrolling to the islands that wait to come near, and a toast raised, which
//   hydrates the toast area (React, if not there yet, and sonner): 100 KB more run at most.
const READING_BUDGET = 12 * 1024;
const ISLAND_PAGE_BUDGET = 125 * 1024;
const INTERACTION_BUDGET = 100 * 1024;
const FETCHED_AHEAD_BUDGET = 100 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const total = (sizes: Iterable<number>) => [...sizes].reduce((sum, n) => sum + n, 0);

test('every page stays within its JavaScript budgets: run untouched, fetched ahead, run on interaction', async ({
  page,
}) => {
  test.setTimeout(400_000);
  const over: string[] = [];
  const report: string[] = [];
  for (const path of await pagePaths(page)) {
    const fetched = new Map<string, Promise<Buffer>>();
    const onResponse = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      // A file revalidated from the cache (304: Pagefind's script, fetched ahead on every page)
      // has no body here; it counts for each page as a new visitor would download it.
      const url = response.url();
      fetched.set(url, response.status() === 304 ? page.request.get(url).then((r) => r.body()) : response.body());
    };
    page.on('response', onResponse);
    const scriptsRun = await watchScriptsRun(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    const ready = await page.locator(`${islandsStarting(true)}, ${islandsStarting('load')}`).count();
    await page.waitForLoadState('networkidle');
    const untouched = await scriptsRun();
    let ahead = 0;
    for (const [url, body] of fetched) if (!untouched.has(url)) ahead += gzipSync(await body).length;

    const near = page.locator(`${islandsStarting('near')}[ssr]`);
    for (const uid of await near.evaluateAll((all) => all.map((el) => el.getAttribute('uid')))) {
      const island = page.locator(`astro-island[uid="${uid}"]`);
      await island.locator(':scope > *').first().scrollIntoViewIfNeeded();
      await expect(island).not.toHaveAttribute('ssr');
    }
    // A toast raised: here one carried over, as a page that redirects to this one leaves it, which
    // wakes the toast area as the page is shown again. What ran before is counted already.
    await page.evaluate(() => {
      const toast = { id: 'budget', title: 'Measured', variant: 'normal', duration: 60_000 };
      sessionStorage.setItem('pendingToasts', JSON.stringify([{ ...toast, expiresAt: Date.now() + 60_000 }]));
    });
    await page.reload();
    await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    const interaction = await scriptsRun();
    await page.coverage.stopJSCoverage();
    page.off('response', onResponse);

    const run = total(untouched.values());
    const onInteraction = total([...interaction].flatMap(([url, size]) => (untouched.has(url) ? [] : [size])));
    const budget = ready ? ISLAND_PAGE_BUDGET : READING_BUDGET;
    report.push(
      `${path}: run untouched ${kb(run)}, fetched ahead ${kb(ahead)}, run on interaction ${kb(onInteraction)}`,
    );
    if (run > budget) over.push(`${path}: ${kb(run)} gzip run untouched > ${kb(budget)}`);
    if (ahead > FETCHED_AHEAD_BUDGET)
      over.push(`${path}: ${kb(ahead)} gzip fetched ahead > ${kb(FETCHED_AHEAD_BUDGET)}`);
    if (onInteraction > INTERACTION_BUDGET)
      over.push(`${path}: ${kb(onInteraction)} gzip run on interaction > ${kb(INTERACTION_BUDGET)}`);
  }
  await test.info().attach('javascript-per-page', { body: report.join('\n'), contentType: 'text/plain' });
  console.log(report.join('\n'));
  expect(over).toEqual([]);
});

// Each page's HTML and the stylesheet inlined into it (the whole site's Tailwind build, 49-51 KB
// at the time of writing; the largest page 26 KB of HTML gzip, /book). A page that grows past
// these has gained bytes someone should look at.
const HTML_BUDGET = 28 * 1024;
const INLINE_CSS_BUDGET = 52 * 1024;

test('every page keeps to its HTML and inlined CSS budgets', async ({ request, page }) => {
  const over: string[] = [];
  for (const path of await pagePaths(page)) {
    const html = await (await request.get(path)).text();
    const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + m[1].length, 0);
    const gzip = gzipSync(html).length;
    if (css > INLINE_CSS_BUDGET) over.push(`${path}: ${kb(css)} of inlined CSS > ${kb(INLINE_CSS_BUDGET)}`);
    if (gzip > HTML_BUDGET) over.push(`${path}: ${kb(gzip)} of HTML gzip > ${kb(HTML_BUDGET)}`);
  }
  expect(over).toEqual([]);
});
