import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { TOAST_EVENT } from '../../src/lib/toast';
import { pauseClockSoon } from './helpers';
import { watchScriptsRun } from './scripts-run';

// Toasts are raised by features; here they arrive the way a redirecting page leaves them:
// carried over in session storage, which also proves a toast survives a navigation.
async function carryToasts(
  page: Page,
  toasts: { title: string; description?: string; variant?: string; duration?: number }[],
) {
  await page.addInitScript((list) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    const now = Date.now();
    sessionStorage.setItem(
      'pendingToasts',
      JSON.stringify(
        list.map((t, i) => ({
          id: `t${i}`,
          variant: 'normal',
          duration: 5000,
          ...t,
          expiresAt: now + (t.duration ?? 5000),
        })),
      ),
    );
  }, toasts);
}

const toast = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed=true])');

/**
 * Counts the toasts the page raises (showToast's event). A Copy press raises its toast once the
 * clipboard has answered, which takes real time, not the page's stopped clock: a test waits for
 * the raise before running the clock for sonner to draw it (its draw is on a timer). Run at once,
 * on a busy machine the clock ran before the toast was raised, and the toast never came.
 */
async function countRaisedToasts(page: Page) {
  await page.addInitScript((event) => {
    const counted = window as unknown as { raisedToasts: number };
    counted.raisedToasts = 0;
    addEventListener(event, () => (counted.raisedToasts += 1));
  }, TOAST_EVENT);
  return () => page.evaluate(() => (window as unknown as { raisedToasts: number }).raisedToasts);
}
/** The Line Bank's island, whose Copy buttons raise the copy toast. */
const lineBank = (page: Page) => page.locator('astro-island:has([data-copy])');

/** The home page on Playwright's clock, showing a 5 s toast carried over from a previous page. */
async function openWithTimedToast(page: Page, title: string) {
  await page.clock.install();
  await carryToasts(page, [{ title, duration: 5000 }]);
  await page.goto('/');
  await expect(toast(page)).toBeVisible();
  await pauseClockSoon(page);
}

test('a toast left by the previous page is shown on the next one', async ({ page }) => {
  await carryToasts(page, [{ title: 'Welcome!', description: 'Carried across a navigation.', variant: 'success' }]);
  await page.goto('/');
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText('Welcome!');
  await expect(toast(page)).toContainText('Carried across a navigation.');
  // Shown once: the next page does not repeat it.
  await page.reload();
  await expect(toast(page)).toHaveCount(0);
});

test('only one toast is visible at a time: the newest replaces the older @phone', async ({ page }) => {
  await carryToasts(page, [{ title: 'First' }, { title: 'Second' }]);
  await page.goto('/');
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText('Second');
});

test('a toast is opaque and in place from the frame it is first drawn in, rising the last few pixels', async ({
  page,
}) => {
  // What a toast looks like the moment sonner puts it in the page, before any transition runs.
  await page.addInitScript(() => {
    new MutationObserver((records, observer) => {
      for (const node of records.flatMap((r) => [...r.addedNodes])) {
        const toast = node instanceof Element ? (node.querySelector('[data-sonner-toast]') ?? node) : null;
        if (!toast?.matches('[data-sonner-toast]')) continue;
        const style = getComputedStyle(toast);
        Object.assign(window, {
          __firstLook: { opacity: style.opacity, transform: style.transform, translate: style.translate },
        });
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await carryToasts(page, [{ title: 'Seen at once' }]);
  await page.goto('/');
  await expect(toast(page)).toContainText('Seen at once');
  const firstLook = await page.evaluate(() => (window as unknown as { __firstLook?: object }).__firstLook);
  expect(firstLook).toEqual({ opacity: '1', transform: 'matrix(1, 0, 0, 1, 0, 0)', translate: '0px 12px' });
});

test('toasts raised one right after another: only the newest stays, and none comes back once it goes @phone', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await carryToasts(page, [{ title: 'Started', duration: 60000 }]);
  const raised = await countRaisedToasts(page);
  await page.goto('/line-bank');
  await expect(toast(page)).toContainText('Started');
  await expect(lineBank(page)).not.toHaveAttribute('ssr');
  // Stopped, so that no toast runs out on its own: each one goes only when dismissed.
  await pauseClockSoon(page);
  // Three Copy presses, each raising its toast before sonner, on the stopped clock, draws any.
  const copyButtons = page.locator('[data-copy]');
  for (const n of [0, 1, 2]) await copyButtons.nth(n).click();
  await expect.poll(raised).toBe(3);
  await page.clock.runFor(100);
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText('Copied to clipboard!');
  await toast(page).getByRole('button', { name: 'Dismiss notification' }).click();
  // Long enough for sonner to take the dismissed toast out, not for any toast to run out.
  await page.clock.runFor(1000);
  await expect(toast(page)).toHaveCount(0);
});

test('a page without a toast runs no React at all', async ({ page }) => {
  // Its code may be fetched ahead, so that the first toast waits only for it to start.
  const scriptsRun = await watchScriptsRun(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect([...(await scriptsRun()).keys()].filter((url) => /react|Toaster|client\./i.test(url))).toEqual([]);
});

test('auto-dismisses after its duration, pausing while hovered', async ({ page }) => {
  await openWithTimedToast(page, 'Timed');
  await toast(page).hover();
  await page.clock.runFor(8000);
  await expect(toast(page)).toBeVisible();
  await page.mouse.move(10, 10);
  await page.clock.runFor(6000);
  await expect(toast(page)).toHaveCount(0);
});

test('F8 focuses the toast area and Escape dismisses the toast', async ({ page }) => {
  await carryToasts(page, [{ title: 'Keyboard', duration: 60000 }]);
  await page.goto('/');
  await expect(toast(page)).toBeVisible();
  await page.keyboard.press('F8');
  // The toast itself, so that the ring is drawn around it (a list's box is a line under it).
  await expect(toast(page)).toBeFocused();
  // Seen as the keyboard's place is everywhere on the site, there and on the button Tab goes to next.
  const ring = () => page.evaluate(() => getComputedStyle(document.activeElement!).outline);
  expect(await ring()).toMatch(/solid 3px$/);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Dismiss notification' })).toBeFocused();
  expect(await ring()).toMatch(/solid 3px$/);
  await page.keyboard.press('Escape');
  await expect(toast(page)).toHaveCount(0);
});

test('F8 with no toast moves focus to the notifications region', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('F8');
  const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  expect(label).toMatch(/^Notifications/);
});

/** A swipe to the right across the toast: with a finger where the page has a touch screen. */
async function swipe(page: Page, distance: number, withFinger: boolean) {
  // Let sonner's entrance animation finish so the toast is where the pointer lands.
  await toast(page).hover({ trial: true });
  const box = (await toast(page).boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + 20;
  const steps = [x + distance / 4, x + distance / 2, x + (3 * distance) / 4, x + distance];
  if (withFinger) {
    // Playwright's touchscreen only taps; the browser's own input layer moves a finger.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: at, y }] });
    await touch('touchStart', x);
    for (const at of steps) await touch('touchMove', at);
    await touch('touchEnd', x + distance);
    return;
  }
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (const at of steps) await page.mouse.move(at, y, { steps: 2 });
  await page.mouse.up();
}

test('a swipe right shorter than 50 px springs back @phone', async ({ page, hasTouch }) => {
  await carryToasts(page, [{ title: 'Swipe me a little', duration: 60000 }]);
  await page.goto('/');
  await expect(toast(page)).toBeVisible();
  await swipe(page, 40, hasTouch);
  await expect(toast(page)).toBeVisible();
  await expect(toast(page)).toHaveCSS('transform', /none|matrix\(1, 0, 0, 1, 0, 0\)/);
  await expect(toast(page)).toHaveCSS('translate', 'none');
});

test('a swipe right of 50 px or more dismisses @phone', async ({ page, hasTouch }) => {
  await carryToasts(page, [{ title: 'Swipe me away', duration: 60000 }]);
  await page.goto('/');
  await expect(toast(page)).toBeVisible();
  await swipe(page, 60, hasTouch);
  await expect(toast(page)).toHaveCount(0);
});

test('the close button dismisses a toast @phone', async ({ page }) => {
  await carryToasts(page, [{ title: 'Closable', duration: 60000 }]);
  await page.goto('/');
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast(page)).toHaveCount(0);
});

test('the timer also pauses while the toast has keyboard focus', async ({ page }) => {
  await openWithTimedToast(page, 'Focused');
  await page.getByRole('button', { name: 'Dismiss notification' }).focus();
  await page.clock.runFor(8000);
  await expect(toast(page)).toBeVisible();
  await page.locator('main h1').click();
  await page.clock.runFor(6000);
  await expect(toast(page)).toHaveCount(0);
});

test('after F8, the timer pauses while focus is in the toast area and runs again once it leaves', async ({ page }) => {
  await openWithTimedToast(page, 'Reached by F8');
  await page.keyboard.press('F8');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-sonner-toaster]')))).toBe(true);
  await page.clock.runFor(8000);
  await expect(toast(page)).toBeVisible();
  await page.locator('main h1').click();
  await page.clock.runFor(6000);
  await expect(toast(page)).toHaveCount(0);
});

test('a toast closed from the keyboard leaves the next one to run out in its time', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await carryToasts(page, [{ title: 'Closed by keyboard', duration: 5000 }]);
  const raised = await countRaisedToasts(page);
  await page.goto('/line-bank');
  await expect(toast(page)).toBeVisible();
  await expect(lineBank(page)).not.toHaveAttribute('ssr');
  await pauseClockSoon(page);
  await page.getByRole('button', { name: 'Dismiss notification' }).focus();
  await page.keyboard.press('Enter');
  await page.clock.runFor(1000);
  await expect(toast(page)).toHaveCount(0);
  // The next toast: a Copy press, which says so for 3 s.
  await page.locator('[data-copy]').first().click();
  await expect.poll(raised).toBe(1);
  await page.clock.runFor(100);
  await expect(toast(page)).toContainText('Copied to clipboard!');
  await page.clock.runFor(3000);
  await expect(toast(page)).toHaveCount(0);
});

test('in an open modal dialog the dialog keeps the keyboard: F8 stays in it and Escape closes only it', async ({
  page,
}) => {
  // A static dialog (showModal), with a toast carried over from the page before.
  await carryToasts(page, [{ title: 'Behind the dialog', duration: 60000 }]);
  await page.goto('/');
  await expect(toast(page)).toBeVisible();
  await page.locator('footer').getByRole('button', { name: 'Learn. Adapt. Evolve.' }).click();
  const tagline = page.getByRole('dialog', { name: 'Learn. Adapt. Evolve.' });
  await expect(tagline).toBeVisible();
  await page.keyboard.press('F8');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(tagline).toBeHidden();
  await expect(toast(page)).toBeVisible();
  // Out of the dialog, Escape is the toast's again.
  await page.keyboard.press('Escape');
  await expect(toast(page)).toHaveCount(0);

  // An island's dialog (Headless UI), with the refusal its own press raised.
  await page.goto('/mota');
  await page.getByRole('button', { name: 'Submit New Idea' }).click();
  const submitIdea = page.getByRole('dialog', { name: 'Submit New Idea' });
  await submitIdea.getByRole('button', { name: 'Submit Idea' }).click();
  await expect(toast(page).filter({ hasText: 'Missing Fields' })).toBeVisible();
  await page.keyboard.press('F8');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(submitIdea).toBeHidden();
  await expect(toast(page).filter({ hasText: 'Missing Fields' })).toBeVisible();
});
