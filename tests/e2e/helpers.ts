import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Browser, type Page, type Response } from '@playwright/test';
import { routesOf } from '../../src/lib/site-routes';

/** Fails the test on any console error or uncaught exception the page produces. */
export function watchConsole(page: Page): () => void {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return () => expect(problems, 'console errors').toEqual([]);
}

/**
 * Stops the page's clock (installed with `page.clock.install()`) half a second ahead of the
 * page's own time, so the timers a test then runs are exact. The page's time, not the test
 * runner's: on a busy machine the command can arrive after a moment taken from the runner's
 * clock, which is then in the page's past (a fresh-clone CI run failed so). Half a second is
 * room for the command on a busy machine, and short of the timers the tests count.
 */
export async function pauseClockSoon(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

/** Internal links on the current page (no mail links, anchors or external hosts). */
export async function internalLinks(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return [...new Set(hrefs.filter((h) => h.startsWith(origin)).map((h) => h.split('#')[0]))];
}

/** Every internal link on the page answers 200. */
export async function expectNoBrokenLinks(page: Page): Promise<void> {
  for (const href of await internalLinks(page)) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
  }
}

/** Paths listed in the built sitemap, as the crawler and the axe scan see them. */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const index = await (await page.request.get('/sitemap-index.xml')).text();
  const paths: string[] = [];
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await page.request.get(new URL(loc).pathname)).text();
    for (const [, url] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(url).pathname);
  }
  return paths;
}

/**
 * Every page of the site: the sitemap's, plus each fixed route of src/pages, so a page the
 * sitemap leaves out on purpose (the noindex First Light page) is still walked.
 */
export async function pagePaths(page: Page): Promise<string[]> {
  const pageFiles = readdirSync('src/pages', { recursive: true, encoding: 'utf8' });
  return [...new Set([...(await sitemapPaths(page)), ...routesOf(pageFiles)])];
}

/**
 * A page that reads what the server sends, as a search engine or a link preview reads it: the
 * HTML parsed, with no script run and nothing waited for after it. For the walks over every page
 * that check the HTML's head and links. Ask it with one `page.evaluate` a page: a locator first
 * injects Playwright's own script into each new document, which took longer than the visit.
 */
export async function servedHtmlReader(browser: Browser): Promise<{
  read: (path: string) => Promise<Response | null>;
  page: Page;
  close: () => Promise<void>;
}> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  return {
    page,
    read: (path) => page.goto(path, { waitUntil: 'domcontentloaded' }),
    close: () => context.close(),
  };
}

/** The address of every HTML page the build wrote (the not-found page aside). */
export function builtPagePaths(dist = 'dist'): string[] {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && file !== '404.html' && !file.startsWith('pagefind'))
    .map((file) => `/${file.replace(/\.html$/, '')}`.replace(/\/index$/, '') || '/');
}

/**
 * What the browser fetches ahead for this tab: the pages its Speculation Rules prefetched, as
 * paths in the order each became ready, the pages they asked to prerender, and each rule set it
 * read (`valid`, or what is wrong with it). Chromium refuses every prerender while DevTools is
 * attached, as Playwright is, and serves the page from the prefetch it makes ahead of the
 * prerender. Call before the page is opened.
 */
export async function watchFetchedAhead(
  page: Page,
): Promise<{ pages: string[]; prerendered: string[]; ruleSets: string[] }> {
  const watched = { pages: [] as string[], prerendered: [] as string[], ruleSets: [] as string[] };
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Preload.prefetchStatusUpdated', (event) => {
    if (event.status === 'Ready') watched.pages.push(new URL(event.prefetchUrl).pathname);
  });
  cdp.on('Preload.prerenderStatusUpdated', (event) => {
    const path = new URL(event.key.url).pathname;
    if (!watched.prerendered.includes(path)) watched.prerendered.push(path);
  });
  cdp.on('Preload.ruleSetUpdated', (event) => watched.ruleSets.push(event.ruleSet.errorType ?? 'valid'));
  await cdp.send('Preload.enable');
  return watched;
}

/**
 * Waits until the page now open says how it came (`navigational-prefetch` when served from a
 * page fetched ahead, empty from the network) and returns it. The entry appears once it has loaded.
 */
export async function deliveryType(page: Page): Promise<string> {
  const read = () =>
    page.evaluate(
      () =>
        (
          performance.getEntriesByType('navigation')[0] as
            (PerformanceNavigationTiming & { deliveryType?: string }) | undefined
        )?.deliveryType,
    );
  await expect.poll(read).not.toBeUndefined();
  return (await read())!;
}

/**
 * Matches a file of the site's code by its path, whatever its query: Astro imports an island's
 * code once more after a failed import, with `?astro-retry=` added, which a hold on the exact
 * address would let through.
 */
export const codeAt =
  (path: string | RegExp) =>
  (url: URL): boolean =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname);

/** The islands that start `when` (client:press's value; `true` when none is given: at idle). */
export const islandsStarting = (when: true | 'load' | 'near' | 'toast' | 'konami'): string =>
  `astro-island[client="press"][opts*='"value":${JSON.stringify(when)}']`;

/** Resolves once the page has drawn `count` more frames. */
export const frames = (page: Page, count: number) =>
  page.evaluate(
    (count) =>
      new Promise((done) => {
        const next = (left: number) => (left ? requestAnimationFrame(() => next(left - 1)) : done(null));
        next(count);
      }),
    count,
  );

/** Sums the page's layout shifts from its start, in every document it loads; read with `shifts`. */
export async function countShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);

/**
 * The site as served, from another port, but for `path`, whose first bytes come at once and the
 * rest only later: a page as a slow line delivers it. `open` loads it split `at` a place in its
 * text and tells when its first text was drawn, when its last byte came, and how far it shifted
 * meanwhile (`countShifts` installed). The rest comes once the page has drawn its first text, so
 * a page that draws what it has is seen to do so however busy the machine; with `holdMs`, it comes
 * after that long whether or not anything was drawn, for a page that should wait for the rest.
 * Tests take it as the `pageInParts` fixture, which installs that and closes the server.
 */
export async function servePageInParts(page: Page, site: string, path: string) {
  const html = Buffer.from(await (await fetch(`${site}${path}`)).arrayBuffer());
  let split = 0;
  let rest = Promise.resolve();
  const server = createServer(async (request, response) => {
    const hasBody = !['GET', 'HEAD'].includes(request.method!);
    const upstream = await fetch(`${site}${request.url}`, {
      method: request.method,
      headers: hasBody ? { 'content-type': request.headers['content-type'] ?? '' } : {},
      body: hasBody ? Buffer.concat(await Array.fromAsync(request)) : undefined,
    });
    const body = request.url === path ? html : Buffer.from(await upstream.arrayBuffer());
    // fetch has decoded the body: its length and encoding are this server's to state.
    const headers = [...upstream.headers].filter(
      ([name]) => !/^(content-encoding|content-length|transfer-encoding|connection)$/.test(name),
    );
    response.writeHead(upstream.status, Object.fromEntries(headers));
    if (request.url !== path) return response.end(body);
    response.write(body.subarray(0, split));
    await rest;
    response.end(body.subarray(split));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The page's text, to find the places to split it at. */
    text: html.toString(),
    async open(at: number, holdMs?: number) {
      split = Buffer.byteLength(html.toString().slice(0, at));
      let release = () => {};
      rest = new Promise<void>((resolve) => (release = resolve));
      const painted = () => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length);
      if (holdMs !== undefined) {
        setTimeout(release, holdMs);
        await page.goto(`${origin}${path}`);
        await expect.poll(painted).toBe(1);
      } else {
        try {
          await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
          await expect.poll(painted, 'drawn while the rest was still on its way').toBe(1);
        } finally {
          release();
        }
        await page.waitForLoadState('load');
      }
      return page.evaluate(async () => {
        // A layout shift is reported after the frame it happened in.
        for (let frame = 0; frame < 2; frame += 1) await new Promise(requestAnimationFrame);
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return {
          painted: performance.getEntriesByName('first-contentful-paint')[0].startTime,
          arrived: navigation.responseEnd,
          shifted: (window as unknown as { shifts: number }).shifts,
        };
      });
    },
    close() {
      // The page may still hold a connection open (a fetch ahead): closed with the server.
      server.closeAllConnections();
      return new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
