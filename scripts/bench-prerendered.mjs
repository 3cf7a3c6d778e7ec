// What leads to a page the site may prerender, timed in a Chromium driven through puppeteer: the
// presses of kind 'navigation' in scripts/bench-parts.mjs and the key routes' links. Chromium
// refuses to prerender while a DevTools session is attached straight to the page, as Playwright's
// is: there, such a page would come from the prefetch made ahead of the prerender, slower than a
// phone shows it. Puppeteer attaches through the browser tab instead, and carries the page's throttling over
// to the page a prerender activates. The reader is the same: the profile, the probe and the
// timing of scripts/bench-reader.mjs.
import { devices } from '@playwright/test';
import puppeteer from 'puppeteer-core';
import { PROFILE, probe, reachPart, withTimeout } from './bench-reader.mjs';

/** A Chromium for the prerendered presses, with the same executable and flags as the rest. */
export const launchTabBrowser = ({ executablePath, args }) =>
  puppeteer.launch({ executablePath, args, headless: true });

/** A fresh profile with one page, throttled and sized as bench-reader.mjs's openReader does. */
export async function openTabReader(browser) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const phone = devices['Pixel 7'];
  await page.setUserAgent({ userAgent: phone.userAgent });
  await page.setViewport({
    width: PROFILE.width,
    height: PROFILE.height,
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  await page.emulateCPUThrottling(PROFILE.cpuSlowdown);
  await page.emulateNetworkConditions({
    offline: false,
    latency: PROFILE.latencyMs,
    download: PROFILE.downloadBitsPerSecond / 8,
    upload: PROFILE.uploadBitsPerSecond / 8,
  });
  await page.evaluateOnNewDocument(probe);
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** The input that opens a prerendered page ends the page it was given in; that is no failure. */
const leftForThePrerender = (error) => error?.name === 'TargetCloseError';

/**
 * One first press of a navigation part on a fresh load of its route, in either case of
 * bench.mjs's measurePart (`afterLoad`: 1 s after the load event; `inView`: as soon as it is on
 * screen), timed from the input to the next page's first contentful paint.
 */
export async function measurePrerenderedPart(browser, base, part, scenario, afterLoadMs) {
  const { context, page } = await openTabReader(browser);
  try {
    await page.goto(`${base}${part.route}`, { waitUntil: 'load' });
    const target = part.target ? await part.target(page) : null;
    const onFirstScreen = await reachPart(page, target, () => target.scrollIntoView(), scenario, afterLoadMs);

    const { ms, via } = await timeTabNavigation(page, {
      act: part.act ?? (() => target.tap()),
      arrives: part.arrives,
      mode: part.mode,
    });
    return { ms, via, onFirstScreen };
  } finally {
    await context.close();
  }
}

/**
 * Times an input that leads to another page, from the input to that page's first contentful
 * paint; `via` says how the page came (prerender, navigational-prefetch, cache or network).
 */
export async function timeTabNavigation(page, { act, arrives, mode = 'first' }) {
  await page.evaluate(`window.__bench.watchNavigation('${mode}')`);
  await act(page).catch((error) => {
    if (!leftForThePrerender(error)) throw error;
  });
  // The page object follows the prerender's activation: its address says when it has come.
  // Puppeteer runs no script on a prerendered page's new document, so the probe is added now;
  // what it reads (the paint entries, the input's time) is kept by the page.
  let waiting = true;
  const arrival = async () => {
    while (waiting && !arrives(new URL(await page.evaluate('location.href').catch(() => 'about:blank')))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!(await page.evaluate('Boolean(window.__bench)'))) await page.evaluate(probe);
    return page.evaluate('window.__bench.arrival()');
  };
  try {
    return await withTimeout(arrival(), 'navigation');
  } finally {
    waiting = false;
  }
}
