import type { CDPSession, Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/** Gzip bytes of each of the site's script files, by URL: their names carry their content's hash. */
const gzipSizes = new Map<string, Promise<number>>();

const watching = new WeakMap<Page, CDPSession>();

/**
 * Starts watching which of the site's script files the page RUNS, as V8's coverage sees it: a
 * module counts once its own top level has been evaluated. A module only fetched ahead
 * (`<link rel="modulepreload">`) is compiled but not run, and does not count. The returned
 * function lists what has run since the watch began, as URL → gzip bytes; inline scripts are
 * the HTML's and left out.
 *
 * V8's coverage is read through a DevTools session of its own, at function granularity and
 * without the scripts' sources: Playwright's page.coverage also fetched every script's source
 * each time it was read, three times a page, where a top-level count and each file's size once
 * are all this needs.
 */
export async function watchScriptsRun(page: Page): Promise<() => Promise<Map<string, number>>> {
  // One watch a page: a new one ends the one before (its session's coverage goes with it).
  await watching.get(page)?.detach();
  const session = await page.context().newCDPSession(page);
  watching.set(page, session);
  await session.send('Profiler.enable');
  await session.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const run = new Map<string, number>();
  return async () => {
    const origin = new URL(page.url()).origin;
    const { result } = await session.send('Profiler.takePreciseCoverage');
    for (const script of result) {
      if (!script.url.startsWith(`${origin}/_astro/`) || run.has(script.url)) continue;
      const topLevel = script.functions.find((f) => f.functionName === '' && f.ranges[0]?.startOffset === 0);
      if ((topLevel?.ranges[0]?.count ?? 0) === 0) continue;
      if (!gzipSizes.has(script.url))
        gzipSizes.set(
          script.url,
          page.request.get(script.url).then(async (answer) => gzipSync(await answer.body()).length),
        );
      run.set(script.url, await gzipSizes.get(script.url)!);
    }
    return new Map(run);
  };
}
