import { test, expect } from './fixtures';
import { gzipSync } from 'node:zlib';
import { pagePaths } from './helpers';

// Byte budgets (gzip, everything a page loads on its own, following imports). Bytes are
// deterministic, so they are enforced here; timings are measured by `npm run bench`, never
// asserted in tests. Two moments are measured on every page:
// - untouched: what the page runs before any interaction. A reading page, which runs no React
//   before the reader interacts, keeps to 12 KB; a page whose island hydrates untouched at load
//   or idle (client:press) fetches it to make its first press instant, and keeps to 100 KB;
// - on interaction: scrolling to the islands that wait to come near, and a toast raised, which
//   hydrates the toast area (React, if not there yet, and sonner): 100 KB more at most.
const READING_BUDGET = 12 * 1024;
const READY_BUDGET = 100 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type Phase = 'untouched' | 'interaction';

test('every page stays within its JavaScript budget, untouched and on interaction', async ({ page }) => {
  test.setTimeout(400_000);
  const over: string[] = [];
  const report: string[] = [];
  for (const path of await pagePaths(page)) {
    let phase: Phase = 'untouched';
    const bodies: { phase: Phase; body: Promise<Buffer> }[] = [];
    const onResponse = (response: import('@playwright/test').Response) => {
      if (response.request().resourceType() === 'script') bodies.push({ phase, body: response.body() });
    };
    page.on('response', onResponse);
    await page.goto(path, { waitUntil: 'networkidle' });
    const ready = await page.locator('astro-island[client="press"]:not([opts*=\'"value":"near"\'])').count();
    await page.waitForLoadState('networkidle');

    phase = 'interaction';
    const near = page.locator('astro-island[ssr][client="press"]');
    for (const uid of await near.evaluateAll((all) => all.map((el) => el.getAttribute('uid')))) {
      const island = page.locator(`astro-island[uid="${uid}"]`);
      await island.locator(':scope > *').first().scrollIntoViewIfNeeded();
      await expect(island).not.toHaveAttribute('ssr');
    }
    // What showToast() does: queue the message and wake the toast area.
    await page.evaluate(() => {
      (window.__siteToasts ??= []).push({ id: 'budget', title: 'Measured', variant: 'normal', duration: 60_000 });
      window.dispatchEvent(new CustomEvent('site:toast'));
    });
    await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);

    const sizes = { untouched: 0, interaction: 0 };
    for (const { phase: p, body } of bodies) sizes[p] += gzipSync(await body).length;
    const budget = ready ? READY_BUDGET : READING_BUDGET;
    report.push(`${path}: untouched ${kb(sizes.untouched)}, on interaction ${kb(sizes.interaction)}`);
    if (sizes.untouched > budget) over.push(`${path}: ${kb(sizes.untouched)} gzip untouched > ${kb(budget)}`);
    if (sizes.interaction > READY_BUDGET)
      over.push(`${path}: ${kb(sizes.interaction)} gzip on interaction > ${kb(READY_BUDGET)}`);
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
