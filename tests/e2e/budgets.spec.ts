import { test, expect } from './fixtures';
import { gzipSync } from 'node:zlib';
import { sitemapPaths } from './helpers';

// JavaScript budgets (gzip, everything a page loads on its own, following imports):
// reading pages with no island, and pages with islands. Bytes are deterministic, so they are
// enforced here; timings are measured by `npm run bench`, never asserted in tests.
const NO_ISLAND_BUDGET = 12 * 1024;
const ISLAND_BUDGET = 90 * 1024;

test('every page stays within its JavaScript budget', async ({ page }) => {
  test.setTimeout(240_000);
  const over: string[] = [];
  for (const path of await sitemapPaths(page)) {
    const bodies = new Map<string, Promise<Buffer>>();
    const onResponse = (response: import('@playwright/test').Response) => {
      if (response.request().resourceType() === 'script') bodies.set(response.url(), response.body());
    };
    page.on('response', onResponse);
    await page.goto(path, { waitUntil: 'networkidle' });
    page.off('response', onResponse);
    const gzip = (await Promise.all(bodies.values())).reduce((sum, body) => sum + gzipSync(body).length, 0);
    const hydrates = await page.locator('astro-island').count();
    const budget = hydrates ? ISLAND_BUDGET : NO_ISLAND_BUDGET;
    if (gzip > budget) over.push(`${path}: ${(gzip / 1024).toFixed(1)} KB gzip > ${budget / 1024} KB`);
  }
  expect(over).toEqual([]);
});
