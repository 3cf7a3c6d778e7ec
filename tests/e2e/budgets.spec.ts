import { test, expect } from './fixtures';
import type { Response } from '@playwright/test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { islandsStarting, pagePaths } from './helpers';
import { watchScriptsRun } from './scripts-run';
import { TOAST_EVENT } from '../../src/lib/toast';

// Byte budgets (gzip, everything a page loads on its own, following imports). Bytes are
// deterministic, so they are enforced here; timings are measured by `npm run bench`, never
// asserted in tests. What a page RUNS and what it only FETCHES AHEAD are counted apart: a module
// preloaded without being run (src/browser/fetch-ahead.ts) costs the reader download, not
// processor time, until a press starts it. What ran is what V8's coverage saw evaluated
// (tests/e2e/scripts-run.ts), so neither a file's name nor its request type decides it.
// Measured on every page, at two moments:
// - untouched: what the page runs before any interaction. A reading page, which runs no React
//   before the reader interacts, keeps to 12 KB; a page whose island hydrates untouched at load
//   or idle (client:press) runs it to make its first press instant, and keeps to 127 KB (the
//   registry, at 126.4 KB, also draws its Submit New Idea dialog at idle, hidden, so that its first
//   opening only shows it; 0.5 KB of it keeps the keyboard in view on a refusal and says why at
//   the field, counts a post's lines, and lists every page a search finds). What a page fetches ahead for a first press (the toast area, an island
//   further down) keeps to 100 KB;
// - on interaction: scrolling to the islands that wait to come near, and a toast raised, which
//   hydrates the toast area (React, if not there yet, and sonner): 100 KB more run at most.
const READING_BUDGET = 12 * 1024;
const ISLAND_PAGE_BUDGET = 127 * 1024;
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
    // A toast raised, where the toast area has not started yet (where it has, its code has run
    // and is counted already): here one carried over, as a page that redirects to this one leaves
    // it, read as the event that a toast was raised wakes the toast area.
    if (await page.locator(`${islandsStarting('toast')}[ssr]`).count()) {
      await page.evaluate((event) => {
        const toast = { id: 'budget', title: 'Measured', variant: 'normal', duration: 60_000 };
        sessionStorage.setItem('pendingToasts', JSON.stringify([{ ...toast, expiresAt: Date.now() + 60_000 }]));
        dispatchEvent(new CustomEvent(event));
      }, TOAST_EVENT);
      await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toHaveCount(1);
    }
    await page.waitForLoadState('networkidle');
    const interaction = await scriptsRun();
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

// Each page's HTML and the stylesheet inlined into it (the whole site's Tailwind build, 50-52.2 KB
// at the time of writing, 0.4 KB of it letting pages reflow with the text at 200 %; the largest
// page 28.1 KB of HTML gzip, /book, of which 0.3 KB is the list of its islands' imports). A page
// that grows past these has gained bytes someone should look at.
const HTML_BUDGET = 29 * 1024;
const INLINE_CSS_BUDGET = 53 * 1024;
// The script every page inlines in its head (src/browser/head-script.mjs) comes before the page's
// first paint in every page's first bytes: it is sent minified, without its comments (1.1 KB of
// text; 3.3 KB with them).
const HEAD_SCRIPT_BUDGET = 1.5 * 1024;

test('every page keeps to its HTML, inlined CSS and head script budgets', async ({ request, page }) => {
  const over: string[] = [];
  for (const path of await pagePaths(page)) {
    const html = await (await request.get(path)).text();
    const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + m[1].length, 0);
    const gzip = gzipSync(html).length;
    const head = html.slice(0, html.indexOf('</head>'));
    const headScripts = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    if (headScripts.length === 0) over.push(`${path}: no inline script in its head`);
    for (const script of headScripts)
      if (script.length > HEAD_SCRIPT_BUDGET)
        over.push(`${path}: a ${kb(script.length)} inline script in its head > ${kb(HEAD_SCRIPT_BUDGET)}`);
    if (css > INLINE_CSS_BUDGET) over.push(`${path}: ${kb(css)} of inlined CSS > ${kb(INLINE_CSS_BUDGET)}`);
    if (gzip > HTML_BUDGET) over.push(`${path}: ${kb(gzip)} of HTML gzip > ${kb(HTML_BUDGET)}`);
  }
  expect(over).toEqual([]);
});

// The first paint waits for the parser to reach <main> (BaseLayout's render hold): a script met
// before it stops the parser (an inline one runs; a module's request is made; Speculation Rules
// are parsed and matched against the styles), on a slow phone 13–17 ms each before the first
// paint. Only the head script, which the first paint needs, may come before <main>; data blocks
// (JSON-LD, the islands' module list) are not run.
const NOT_RUN = new Set(['application/ld+json', 'application/json']);

test('before <main>, where its first paint may start, a page runs nothing but its head script', async ({
  request,
  page,
}) => {
  const early: string[] = [];
  for (const path of await pagePaths(page)) {
    const html = await (await request.get(path)).text();
    const main = html.search(/<main[\s>]/);
    expect(main, `${path} has a <main>`).toBeGreaterThan(0);
    const headEnd = html.indexOf('</head>');
    for (const tag of html.slice(0, main).matchAll(/<script\b([^>]*)>/g)) {
      const type = /\btype="([^"]*)"/.exec(tag[1])?.[1];
      if (type && NOT_RUN.has(type)) continue;
      const theHeadScript = tag.index < headEnd && !type && !/\bsrc=/.test(tag[1]);
      if (!theHeadScript) early.push(`${path}: ${tag[0]}`);
    }
  }
  expect(early).toEqual([]);
});

// A page after the first is sent as the difference from the page the browser read before it
// (server/page-dictionaries.mjs): the stylesheet, header and footer they share are not sent again.
test('a page opened from another comes as the difference from it, in under a third of its Brotli bytes', async ({
  page,
}) => {
  await page.goto('/');
  for (const path of ['/book', '/essays/philosophy/golden-age', '/about']) {
    const response = (await page.goto(path))!;
    const headers = await response.allHeaders();
    expect(headers['content-encoding'], path).toBe('dcz');
    const sent = (await response.request().sizes()).responseBodySize;
    const brotli = brotliCompressSync(await response.body()).length;
    expect(sent, `${path}: ${kb(sent)} sent, ${kb(brotli)} in Brotli`).toBeLessThan(brotli / 3);
    await expect(page.locator('h1').first(), path).toBeVisible();
  }
});

/**
 * Marks the page's first contentful paint, in the page and on the clock of its own log of
 * requests, and whether by then it had guessed a next page to draw (src/browser/next-page.ts).
 */
function recordFirstPaint() {
  Object.assign(window, {
    atFirstPaint: new Promise<{ paintedAt: number; nextPageGuessed: boolean }>((resolve) => {
      new PerformanceObserver((list, observer) => {
        const paint = list.getEntriesByName('first-contentful-paint')[0];
        if (!paint) return;
        observer.disconnect();
        resolve({
          paintedAt: paint.startTime,
          nextPageGuessed:
            document.querySelector('a[data-prerender]') !== null ||
            document.querySelectorAll('script[type="speculationrules"]').length > 1,
        });
      }).observe({ type: 'paint', buffered: true });
    }),
  });
}

// Before its first paint a page asks for nothing that paint does not need: its CSS is inlined,
// and what it may fetch is its own small scripts (and what they import), its images and its
// icon. An island's code, the toast area's, the build's module list and every guess (fonts for
// later pages, Pagefind, a next page) wait until it has painted (src/browser/when-painted.ts).
// The order is read from the page's own log of its requests (Resource Timing), which shares the
// paint's clock. Each page is a first visit: later pages preload, from the cache, the fonts the
// first one cached.
test('no page asks for island code, toast code or a speculative fetch before its first paint', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const graph = (await (await request.get('/island-modules.json')).json()) as Record<string, string[]>;
  const withImports = (urls: string[]) => new Set(urls.flatMap((url) => [url, ...(graph[url] ?? [])]));
  const selectors = {
    untouched: `${islandsStarting(true)}, ${islandsStarting('load')}`,
    toast: islandsStarting('toast'),
  };
  const early: string[] = [];
  const notFetched: string[] = [];
  let fetchedAfterPaint = 0;
  // Each page as a first visit: nothing from the cache, nothing in storage. One tab serves them
  // all with its cache turned off and its storage emptied before each, which a context of its
  // own per page gave too, at the cost of a new renderer process for each.
  const context = await browser.newContext();
  const visit = await context.newPage();
  await visit.addInitScript(recordFirstPaint);
  const devtools = await context.newCDPSession(visit);
  await devtools.send('Network.enable');
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
  for (const path of await pagePaths(page)) {
    await context.clearCookies();
    if (visit.url() !== 'about:blank')
      await visit.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    await visit.goto(path, { waitUntil: 'networkidle' });
    const seen = await visit.evaluate(async ({ untouched, toast }) => {
      const own = (url: string) => new URL(url, location.href).pathname;
      const codeOf = (selector: string) =>
        [...document.querySelectorAll(selector)].map((island) => own(island.getAttribute('component-url')!));
      const startsUntouched = codeOf(untouched);
      return {
        ...(await (window as unknown as { atFirstPaint: Promise<{ paintedAt: number; nextPageGuessed: boolean }> })
          .atFirstPaint),
        requested: performance
          .getEntriesByType('resource')
          .map((entry) => ({ path: own(entry.name), at: entry.startTime })),
        pageScripts: [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((script) =>
          own(script.src),
        ),
        images: [
          ...[...document.images].map((image) => own(image.currentSrc || image.src)),
          ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map((icon) => own(icon.href)),
        ],
        // The code fetched without a touch: islands that start at load or idle, and the toast
        // area's beside them or where a control outside them raises a toast (Share, in a browser
        // with no share sheet: Chromium on Linux).
        fetchedUntouched: [
          ...startsUntouched,
          ...(startsUntouched.length ||
          (document.querySelector('[data-raises-toast]') && typeof navigator.share !== 'function')
            ? codeOf(toast)
            : []),
        ],
      };
    }, selectors);
    const needed = new Set([...withImports(seen.pageScripts), ...seen.images]);
    for (const { path: asked, at } of seen.requested)
      if (at < seen.paintedAt && !needed.has(asked)) early.push(`${path}: ${asked} at ${Math.round(at)} ms`);
    if (seen.nextPageGuessed) early.push(`${path}: a next page guessed before the first paint`);
    // Not vacuous: that code is fetched, once the page has painted.
    for (const code of seen.fetchedUntouched)
      if (!seen.requested.some(({ path: asked, at }) => asked === code && at >= seen.paintedAt))
        notFetched.push(`${path}: ${code}`);
    fetchedAfterPaint += seen.fetchedUntouched.length;
  }
  await context.close();
  expect(early).toEqual([]);
  expect(notFetched).toEqual([]);
  expect(fetchedAfterPaint).toBeGreaterThan(0);
});
