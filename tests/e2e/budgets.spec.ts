import { test, expect } from './fixtures';
import { gzipSync } from 'node:zlib';
import { pagePaths } from './helpers';

// JavaScript budgets (gzip, everything a page loads on its own, following imports). Bytes are
// deterministic, so they are enforced here; timings are measured by `npm run bench`, never
// asserted in tests. Three moments are measured on every page:
// - initial: what loads without any interaction. The pages whose island is their content and
//   hydrates at once (ISLAND_PAGES) keep to 90 KB; every other page (reading pages, / whose
//   carousel waits below the fold, and the quiz and the Line Bank, which wait to be reached for)
//   to 12 KB;
// - islands: after scrolling to and pointing at each island that waits to be seen or reached for,
//   once it has hydrated;
// - toast: after a toast is raised, which hydrates the toast area (React, if not there yet, and sonner).
// What the visitor's interaction loads (islands + toast: the lazily loaded chunks) is reported
// separately and stays within the island budget too: seeing a widget or a message never costs
// more than a page with an island.
const NO_ISLAND_BUDGET = 12 * 1024;
const ISLAND_BUDGET = 90 * 1024;
const ISLAND_PAGES = new Set(['/forum', '/mota', '/early-access-signup', '/firstlight']);

type Phase = 'initial' | 'islands' | 'toast';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('every page stays within its JavaScript budget, before and after its islands and a toast', async ({ page }) => {
  test.setTimeout(400_000);
  const over: string[] = [];
  const report: string[] = [];
  for (const path of await pagePaths(page)) {
    let phase: Phase = 'initial';
    const bodies: { phase: Phase; body: Promise<Buffer> }[] = [];
    const onResponse = (response: import('@playwright/test').Response) => {
      if (response.request().resourceType() === 'script') bodies.push({ phase, body: response.body() });
    };
    page.on('response', onResponse);
    await page.goto(path, { waitUntil: 'networkidle' });

    phase = 'islands';
    const waiting = page.locator('astro-island[ssr]:not([client="konami"]):not([client="toast"])');
    for (const uid of await waiting.evaluateAll((all) => all.map((el) => el.getAttribute('uid')))) {
      const island = page.locator(`astro-island[uid="${uid}"]`);
      const first = island.locator(':scope > *').first();
      await first.scrollIntoViewIfNeeded();
      await first.dispatchEvent('pointerover');
      await expect(island).not.toHaveAttribute('ssr');
    }
    await page.waitForLoadState('networkidle');

    phase = 'toast';
    // What showToast() does: queue the message and wake the toast area.
    await page.evaluate(() => {
      (window.__siteToasts ??= []).push({ id: 'budget', title: 'Measured', variant: 'normal', duration: 60_000 });
      window.dispatchEvent(new CustomEvent('site:toast'));
    });
    await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);

    const sizes = { initial: 0, islands: 0, toast: 0 };
    for (const { phase: p, body } of bodies) sizes[p] += gzipSync(await body).length;
    const initialBudget = ISLAND_PAGES.has(path) ? ISLAND_BUDGET : NO_ISLAND_BUDGET;
    const lazy = sizes.islands + sizes.toast;
    report.push(
      `${path}: initial ${kb(sizes.initial)}; lazily: islands ${kb(sizes.islands)}, toast ${kb(sizes.toast)}`,
    );
    if (sizes.initial > initialBudget)
      over.push(`${path}: ${kb(sizes.initial)} gzip before interaction > ${kb(initialBudget)}`);
    if (lazy > ISLAND_BUDGET) over.push(`${path}: ${kb(lazy)} gzip loaded lazily > ${kb(ISLAND_BUDGET)}`);
  }
  await test.info().attach('javascript-per-page', { body: report.join('\n'), contentType: 'text/plain' });
  console.log(report.join('\n'));
  expect(over).toEqual([]);
});

// Inlined CSS: the browser parses every rule of a page's <style> before it lays the page out, so
// each page carries only the Tailwind utilities its markup and scripts use
// (src/integrations/prune-css.mjs). The whole site's stylesheet is about 50 KB; no page needs 40.
const INLINE_CSS_BUDGET = 40 * 1024;

test('every page inlines only the styles it can use, within the CSS budget', async ({ request, page }) => {
  const over: string[] = [];
  for (const path of await pagePaths(page)) {
    const html = await (await request.get(path)).text();
    const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + m[1].length, 0);
    if (css > INLINE_CSS_BUDGET) over.push(`${path}: ${kb(css)} of CSS`);
  }
  expect(over, `over the ${kb(INLINE_CSS_BUDGET)} inlined CSS budget`).toEqual([]);
});

// Fonts at first layout: in Chrome on Windows and Linux, each family a page's stacks name that the
// device lacks, and each distinct size, weight and style of a system font, is a synchronous round
// trip from the renderer to the browser process before the first paint (1 to 3 ms each on this
// machine, most of the first layout). A first visit is set in system fonts, so the page's type
// variety is part of its cost: the one type scale in src/styles/global.css keeps it small. Text
// that content-visibility defers (the footer) is counted too: it costs the same once scrolled to.
const FONT_SETUPS_BUDGET = 20;

test('a first visit to any page sets its visible text in at most 20 distinct fonts on a phone', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const over: string[] = [];
  const report: string[] = [];
  for (const path of await pagePaths(page)) {
    const visit = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const fresh = await visit.newPage();
    await fresh.goto(path);
    const setups = await fresh.evaluate(() => {
      const seen = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!node.textContent?.trim() || !element?.checkVisibility()) continue;
        const { fontFamily, fontSize, fontWeight, fontStyle } = getComputedStyle(element);
        seen.add([fontFamily, fontSize, fontWeight, fontStyle].join(' '));
      }
      return [...seen].sort();
    });
    await visit.close();
    report.push(`${path}: ${setups.length}`);
    if (setups.length > FONT_SETUPS_BUDGET) over.push(`${path}: ${setups.length}\n  ${setups.join('\n  ')}`);
  }
  console.log(report.join('\n'));
  expect(over, `over ${FONT_SETUPS_BUDGET} fonts on a first visit`).toEqual([]);
});
