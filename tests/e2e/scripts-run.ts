import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/**
 * Starts watching which of the site's script files the page RUNS, as V8's coverage sees it: a
 * module counts once its own top level has been evaluated. A module only fetched ahead
 * (`<link rel="modulepreload">`) is compiled but not run, and does not count. The returned
 * function lists what has run since the watch began, as URL → gzip bytes; inline scripts are
 * the HTML's and left out.
 */
export async function watchScriptsRun(page: Page): Promise<() => Promise<Map<string, number>>> {
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  const run = new Map<string, number>();
  return async () => {
    const origin = new URL(page.url()).origin;
    for (const entry of await page.coverage.stopJSCoverage()) {
      if (!entry.url.startsWith(`${origin}/_astro/`) || !entry.source) continue;
      const topLevel = entry.functions.find((f) => f.functionName === '' && f.ranges[0]?.startOffset === 0);
      if ((topLevel?.ranges[0]?.count ?? 0) > 0) run.set(entry.url, gzipSync(entry.source).length);
    }
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    return new Map(run);
  };
}
