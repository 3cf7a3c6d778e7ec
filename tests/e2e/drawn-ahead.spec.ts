import { chromium } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { actLeavingThePage, launchReaderBrowser, untilArrived, withTimeout } from '../../bench/reader.mjs';
import { test, expect } from './fixtures';
import { baseURL, fullBrowserLaunchOptions } from '../../playwright.config';
import { KONAMI_SEQUENCE, SEQUENCE_UNDER_WAY } from '../../src/lib/konami';
import { EARLY_ACCESS_REDIRECT_PATH } from '../../src/lib/signups';

// The pages the site draws ahead (src/browser/next-page.ts), opened as a reader opens them, in a
// real Chromium: the page behind the link in view, and the page each press leads to other than
// through a link. Playwright cannot show this: Chromium turns prerendering off for a DevTools
// client attached as Playwright attaches (every candidate fails with
// PrerenderingDisabledByDevTools), as it does for a DevTools session opened on the page itself,
// so these pages are driven as the bench drives its reader (bench/reader.mjs): through puppeteer's
// own connection, which attaches through the tab, unthrottled here. What
// is checked is whether the page shown was the one drawn ahead (its activationStart), never how
// soon: timings belong to `npm run bench`.

interface Reader {
  browser: Browser;
  page: Page;
  /**
   * Resolves once the page has asked Chromium to draw `path` ahead (a rule naming it, or the mark
   * on its link), with time for the page to be drawn. Chromium offers no way to watch a page being
   * drawn ahead that does not itself turn prerendering off (a DevTools session on the page), so a
   * reader's moment is given instead.
   */
  drawnAhead: (path: string) => Promise<void>;
  /** Waits until the reader is on `path` (or one it matches); resolves whether that page was the one drawn ahead. */
  openedFromAhead: (path: string | RegExp) => Promise<boolean>;
  /** Errors the pages reported (uncaught exceptions, console errors). */
  errors: string[];
}

/** Longer than a page of this site takes to be drawn ahead on a busy test machine. */
const DRAWING_MS = 2000;

/** `shareSheet`: the browser has the Web Share API in every page, as a phone's has. */
async function openReader(path: string, { shareSheet = false } = {}): Promise<Reader> {
  const browser: Browser = await launchReaderBrowser({
    executablePath: fullBrowserLaunchOptions.executablePath ?? chromium.executablePath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    shareSheet,
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${baseURL}${path}`, { waitUntil: 'load' });
  return {
    browser,
    page,
    errors,
    async drawnAhead(ahead) {
      await page.waitForFunction(
        (p) =>
          [...document.querySelectorAll('script[type="speculationrules"]')].some((rules) =>
            (rules.textContent ?? '').includes(`"${p}"`),
          ) || [...document.querySelectorAll<HTMLAnchorElement>('a[data-prerender]')].some((a) => a.pathname === p),
        { timeout: 15_000 },
        ahead,
      );
      await new Promise((resolve) => setTimeout(resolve, DRAWING_MS));
    },
    async openedFromAhead(next) {
      let waiting = true;
      const arrives = ({ pathname }: URL) => (typeof next === 'string' ? pathname === next : next.test(pathname));
      await withTimeout(
        untilArrived(page, arrives, () => waiting),
        `the reader on ${next}`,
      ).finally(() => (waiting = false));
      return page.evaluate(
        () =>
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { activationStart: number })
            .activationStart > 0,
      );
    },
  };
}

async function asReader(
  path: string,
  run: (reader: Reader) => Promise<void>,
  options?: Parameters<typeof openReader>[1],
): Promise<void> {
  const reader = await openReader(path, options);
  try {
    await run(reader);
    expect(reader.errors).toEqual([]);
  } finally {
    await reader.browser.close();
  }
}

test('a tap on the link in view opens the page drawn ahead of it', async () => {
  await asReader('/essays/philosophy/golden-age', async ({ page, drawnAhead, openedFromAhead }) => {
    const link = await page.waitForSelector('a[data-prerender]');
    const next = new URL((await link!.evaluate((a) => (a as HTMLAnchorElement).href)) as string).pathname;
    await drawnAhead(next);
    await actLeavingThePage(() => link!.click());
    expect(await openedFromAhead(next)).toBe(true);
  });
});

// Share raises a toast only where the browser has no share sheet: only there does an essay, drawn
// ahead or not, fetch the toast area's code. On a phone, drawing the next essay ahead costs its
// slow line no toast code.
for (const shareSheet of [true, false]) {
  test(`an essay drawn ahead fetches the toast area's code only where the browser has no share sheet (${shareSheet ? 'one' : 'none'} here)`, async () => {
    const next = '/essays/philosophy/only-voice';
    await asReader(
      '/essays/philosophy/golden-age',
      async ({ page, drawnAhead, openedFromAhead }) => {
        const link = await page.waitForSelector(`main a[href="${next}"]`);
        await link!.evaluate((a) => a.scrollIntoView({ block: 'center' }));
        await drawnAhead(next);
        await actLeavingThePage(() => link!.click());
        expect(await openedFromAhead(next)).toBe(true);
        const fetchedToastCode = await page.evaluate(() => {
          const toastCode = document
            .querySelector('astro-island[component-url*="Toaster"]')
            ?.getAttribute('component-url');
          return performance.getEntriesByType('resource').some(({ name }) => new URL(name).pathname === toastCode);
        });
        expect(await page.evaluate(() => typeof navigator.share === 'function')).toBe(shareSheet);
        expect(fetchedToastCode).toBe(!shareSheet);
      },
      { shareSheet },
    );
  });
}

test('Take Quiz Again opens the quiz drawn ahead of it', async () => {
  await asReader('/explorer/illuminator', async ({ page, drawnAhead, openedFromAhead }) => {
    await drawnAhead('/curious-mind-quiz');
    await actLeavingThePage(() => page.locator('::-p-aria(Take Quiz Again)').click());
    expect(await openedFromAhead('/curious-mind-quiz')).toBe(true);
  });
});

test('the Konami sequence opens First Light drawn ahead of it once the sequence is under way', async () => {
  await asReader('/essays/philosophy/golden-age', async ({ page, drawnAhead, openedFromAhead }) => {
    for (const key of SEQUENCE_UNDER_WAY) await page.keyboard.press(key);
    await drawnAhead('/firstlight');
    for (const key of KONAMI_SEQUENCE.slice(SEQUENCE_UNDER_WAY.length))
      await actLeavingThePage(() => page.keyboard.press(key));
    expect(await openedFromAhead('/firstlight')).toBe(true);
  });
});

test('the welcome letter after Get Early Access is the page drawn ahead, and the welcome toast comes with it', async () => {
  await asReader('/early-access-signup', async ({ page, openedFromAhead }) => {
    // The visitor's mail app takes the message (the sign-up forms' test seam, src/lib/mail-client.ts).
    await page.evaluate(() => Object.assign(window, { __openMailClient: () => {} }));
    await page.type('input[name="email"]', 'reader@example.com');
    await page.locator('::-p-aria(Get Early Access)').click();
    // No moment given here: the letter is drawn while the redirect waits behind the toast.
    expect(await openedFromAhead(EARLY_ACCESS_REDIRECT_PATH)).toBe(true);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-sonner-toast]')].some((toast) => toast.textContent?.includes('Welcome!')),
      { timeout: 15_000 },
    );
  });
});

test("the quiz's result opens the explorer's portal drawn ahead of it", async () => {
  await asReader('/curious-mind-quiz', async ({ page, openedFromAhead }) => {
    await page.locator('::-p-aria(Begin the Quiz)').click();
    const progress = () => page.evaluate(() => document.querySelector('[data-quiz-progress]')?.textContent ?? null);
    await page.waitForSelector('[data-quiz-progress]');
    for (let question = 0; (await progress()) !== null; question++) {
      expect(question, 'the quiz ends after its questions').toBeLessThan(20);
      const shown = await progress();
      await page.locator('ul[aria-label="Your answer"] button').click();
      // The next question, or none once the answers are being read, before the next press.
      await page.waitForFunction(
        (before) => document.querySelector('[data-quiz-progress]')?.textContent !== before,
        { timeout: 15_000 },
        shown,
      );
    }
    // No moment given here: the portal is drawn while the answers are read and the result shown.
    expect(await openedFromAhead(/^\/explorer\/[a-z-]+$/)).toBe(true);
  });
});

test('a page drawn ahead shows the theme switched, and the banner dismissed, after it was drawn', async () => {
  await asReader('/explorer/illuminator', async ({ page, drawnAhead, openedFromAhead }) => {
    await drawnAhead('/curious-mind-quiz');
    const root = () => page.evaluate(() => ({ ...document.documentElement.dataset }));
    expect(await root()).not.toHaveProperty('bannerDismissed');
    const systemDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
    // The header's switch (in the menu on a phone) and the banner's Dismiss, on the page being read.
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-theme-toggle]')!.click());
    await page.locator('::-p-aria(Dismiss)').click();
    const chosen = systemDark ? 'light' : 'dark';
    expect(await root()).toMatchObject({ theme: chosen, bannerDismissed: '' });
    await actLeavingThePage(() => page.locator('::-p-aria(Take Quiz Again)').click());
    expect(await openedFromAhead('/curious-mind-quiz')).toBe(true);
    expect(await root()).toMatchObject({ theme: chosen, bannerDismissed: '' });
  });
});

test('a page drawn ahead is laid out once parsed, before its scripts have come: opening it leaves it only its paint', async () => {
  await asReader('/about', async ({ browser, page, drawnAhead, openedFromAhead }) => {
    // Chromium's own record of each page's work, from before the quiz is drawn ahead: which page
    // laid itself out, and when, against the tap.
    const tracing = await browser.target().createCDPSession();
    const events: {
      name: string;
      ts: number;
      args?: { data?: Record<string, unknown>; beginData?: { frame?: string } };
    }[] = [];
    tracing.on('Tracing.dataCollected', ({ value }) => events.push(...(value as typeof events)));
    const traced = new Promise((resolve) => tracing.once('Tracing.tracingComplete', resolve));
    await tracing.send('Tracing.start', {
      traceConfig: { includedCategories: ['devtools.timeline'] },
      transferMode: 'ReportEvents',
    });
    await page.goto(`${baseURL}/explorer/illuminator`, { waitUntil: 'load' });
    await drawnAhead('/curious-mind-quiz');
    await actLeavingThePage(() => page.locator('::-p-aria(Take Quiz Again)').click());
    expect(await openedFromAhead('/curious-mind-quiz')).toBe(true);
    await tracing.send('Tracing.end');
    await traced;

    const quiz = events.find(
      ({ name, args }) =>
        name === 'ResourceSendRequest' &&
        args?.data?.resourceType === 'Document' &&
        new URL(String(args.data.url)).pathname === '/curious-mind-quiz',
    )?.args?.data?.frame;
    expect(quiz, 'the quiz was asked for while traced').toBeTruthy();
    const tap = events.find(({ name, args }) => name === 'EventDispatch' && args?.data?.type === 'click');
    // Its DOMContentLoaded waits for its module scripts, which on a slow line may come only after
    // the tap; Chromium lays out a page drawn ahead no sooner than that unless asked.
    const parsed = events.find(({ name, args }) => name === 'MarkDOMContent' && args?.data?.frame === quiz);
    expect(tap).toBeTruthy();
    expect(parsed).toBeTruthy();
    const laidOut = Math.min(
      ...events.filter(({ name, args }) => name === 'Layout' && args?.beginData?.frame === quiz).map(({ ts }) => ts),
    );
    expect(laidOut, 'the quiz laid out before its DOMContentLoaded').toBeLessThan(parsed!.ts);
    expect(laidOut, 'the quiz laid out before the tap').toBeLessThan(tap!.ts);
  });
});
