import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { pauseClockSoon } from './helpers';

const slides = (page: Page) => page.locator('[data-pulse-slide]');
/** The carousel hydrates when it scrolls into view (it sits below the fold): scroll there, wait for it. */
async function reachCarousel(page: Page) {
  await page.locator('[data-pulse-carousel]').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:has([data-pulse-carousel])')).not.toHaveAttribute('ssr');
}
/** The home page on Playwright's clock, scrolled to the carousel, with the pointer away from it. */
async function openCarouselOnClock(page: Page) {
  await page.clock.install();
  await page.goto('/');
  await reachCarousel(page);
  await pauseClockSoon(page);
  await page.mouse.move(5, 5);
}
const visibleSlideIndex = (page: Page) =>
  slides(page).evaluateAll((all) =>
    all.findIndex((el) => !(el as HTMLElement).hidden && getComputedStyle(el).display !== 'none'),
  );

test.describe('home page', () => {
  test('has the sections of the spec with their links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Genesis');
    await expect(page.getByRole('link', { name: 'Discover the Book' })).toHaveAttribute('href', '/book');
    await expect(page.locator('#book-preview-section')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Take the Curious Mind Quiz' })).toHaveAttribute(
      'href',
      '/curious-mind-quiz',
    );
    await expect(page.getByRole('heading', { name: 'Why I wrote Genesis' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Early Access' })).toHaveAttribute('href', '/early-access-signup');
    const engage = page.locator('main a[href="/engage"]').filter({ hasText: 'Engage' });
    await expect(engage).toBeVisible();
    // It floats in the row the Start Here guide keeps fixed at the foot of the screen.
    await expect(engage.locator('..')).toHaveCSS('position', 'fixed');
  });

  test('the endorsement dialog holds the full text credited to a text-generation model', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('figure').filter({ hasText: 'text-generation model' }).first()).toBeVisible();
    const open = page.getByRole('button', { name: 'Read the full assessment' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'An Assessment, by a Machine' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('text-generation model');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('Pulse Thoughts: 12 quotes, dots and arrows that wrap both ways', async ({ page }) => {
    await page.goto('/');
    await reachCarousel(page);
    await expect(slides(page)).toHaveCount(12);
    await expect(slides(page).filter({ hasText: 'Lament for a Province' })).toHaveCount(1);
    await expect(slides(page).nth(10)).toContainText('Aion:');
    await expect(slides(page).nth(11)).toContainText('Aion:');
    const dots = page.locator('[data-pulse-dot]');
    await expect(dots).toHaveCount(12);
    expect(await visibleSlideIndex(page)).toBe(0);
    await page.getByRole('button', { name: 'Previous quote' }).click();
    expect(await visibleSlideIndex(page)).toBe(11);
    await expect(dots.nth(11)).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Next quote' }).click();
    expect(await visibleSlideIndex(page)).toBe(0);
    await page.getByRole('button', { name: 'Show quote 6' }).click();
    expect(await visibleSlideIndex(page)).toBe(5);
  });

  test('Pulse Thoughts advance every 7 s and any change restarts the timer', async ({ page }) => {
    await openCarouselOnClock(page);
    await page.clock.runFor(7000);
    expect(await visibleSlideIndex(page)).toBe(1);
    await page.clock.runFor(5000);
    // A click 5 s into the interval restarts it: 6 s later nothing has moved on, 7 s later it has.
    // The dot keeps focus, and the carousel still turns once the pointer has left.
    await page.getByRole('button', { name: 'Show quote 4' }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(6000);
    expect(await visibleSlideIndex(page)).toBe(3);
    await page.clock.runFor(1000);
    expect(await visibleSlideIndex(page)).toBe(4);
  });

  test('Pulse Thoughts turn on 7 s after a tap on Next @phone', async ({ page, isMobile }) => {
    await openCarouselOnClock(page);
    const next = page.getByRole('button', { name: 'Next quote' });
    if (isMobile) await next.tap();
    else {
      await next.click();
      await page.mouse.move(5, 5);
    }
    expect(await visibleSlideIndex(page)).toBe(1);
    // The visitor's own change is announced; the turns that follow are not.
    await expect(page.locator('[data-pulse-live]')).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(7000);
    expect(await visibleSlideIndex(page)).toBe(2);
    await expect(page.locator('[data-pulse-live]')).toHaveAttribute('aria-live', 'off');
  });

  test('Pulse Thoughts hold still while a control has keyboard focus, and while paused', async ({ page }) => {
    await openCarouselOnClock(page);
    await page.getByRole('button', { name: 'Previous quote' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show quote 1', exact: true })).toBeFocused();
    await page.clock.runFor(15000);
    expect(await visibleSlideIndex(page)).toBe(0);

    const pause = page.getByRole('button', { name: 'Pause the quotes' });
    await pause.click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(15000);
    expect(await visibleSlideIndex(page)).toBe(0);
    await page.getByRole('button', { name: 'Play the quotes' }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(7000);
    expect(await visibleSlideIndex(page)).toBe(1);
  });

  test('Pulse Thoughts pause while hovered', async ({ page }) => {
    await openCarouselOnClock(page);
    await page.locator('[data-pulse-carousel]').hover();
    await page.clock.runFor(15000);
    expect(await visibleSlideIndex(page)).toBe(0);
  });

  test('Pulse Thoughts stay still for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openCarouselOnClock(page);
    await page.clock.runFor(21000);
    expect(await visibleSlideIndex(page)).toBe(0);
  });
});

test('the floating Engage and Start Here buttons leave the footer’s last lines uncovered @phone', async ({ page }) => {
  await page.goto('/');
  const floating = [page.getByRole('link', { name: 'Engage' }), page.getByRole('button', { name: 'Start Here' })];
  for (const button of floating) await expect(button).toBeVisible();
  // To the very bottom: the footer takes its real height as it comes into view, so scroll until nothing is left.
  await expect
    .poll(() =>
      page.evaluate(() => {
        // Read before scrolling again, so that a frame has drawn the footer since the last scroll.
        const atBottom = innerHeight + scrollY >= document.documentElement.scrollHeight - 1;
        window.scrollTo(0, document.documentElement.scrollHeight);
        return atBottom;
      }),
    )
    .toBe(true);
  const boxes = await Promise.all(floating.map((button) => button.boundingBox()));
  for (const line of await page.locator('footer > div:last-child p').all()) {
    const text = await line.boundingBox();
    for (const box of boxes) {
      const overlaps =
        box!.x < text!.x + text!.width &&
        text!.x < box!.x + box!.width &&
        box!.y < text!.y + text!.height &&
        text!.y < box!.y + box!.height;
      expect(overlaps, `a floating button over “${await line.innerText()}”`).toBe(false);
    }
  }
});

test.describe('Start Here guide', () => {
  test('no control reached with Tab lies under it or the Engage button, nor under the header @phone', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Start Here' })).toBeVisible();
    const hidden: string[] = [];
    const stops: string[] = [];
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body || el.dataset.tabbed) return null;
        el.dataset.tabbed = '';
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        const name = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
        return { name, covered: hit !== null && !el.contains(hit) && !hit.contains(el) ? hit.tagName : null };
      });
      if (!stop) break;
      stops.push(stop.name);
      if (stop.covered) hidden.push(`${stop.name} under ${stop.covered}`);
    }
    expect(stops.length).toBeGreaterThan(20);
    expect(hidden).toEqual([]);
  });

  test('is offered on a first visit and never again once closed @phone', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Start Here' });
    await expect(button).toBeVisible();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Welcome, Curious Mind' });
    await expect(dialog).toBeVisible();
    const choices = dialog.locator('[data-start-guide-choice]');
    await expect(choices).toHaveCount(4);
    const expected = [
      ['Read the Story', '/book'],
      ['Meet the Mind', '/about'],
      ['Wander & Wonder', '/essays'],
      ['Join the Agora', '/community'],
    ];
    for (const [i, [text, href]] of expected.entries()) {
      await expect(choices.nth(i)).toContainText(text);
      await expect(choices.nth(i)).toHaveAttribute('href', href);
    }
    await dialog.getByRole('button', { name: 'Close this and explore freely' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('hasVisited'))).not.toBeNull();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Start Here' })).toBeHidden();
  });

  test('Escape and choosing a destination also store the flag', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Here' }).click();
    await page.keyboard.press('Escape');
    // The flag is stored on the dialog's close event, which comes in a task after the key.
    const flag = () => page.evaluate(() => localStorage.getItem('hasVisited'));
    await expect.poll(flag).not.toBeNull();
    // Its button is gone with it: the keyboard goes on from the top of the page's content.
    await expect(page.locator('#main')).toBeFocused();

    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: 'Start Here' }).click();
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault(), { once: true }));
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /Meet the Mind/ })
      .click();
    await expect.poll(flag).not.toBeNull();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the home page still shows every quote and opens its dialogs', async ({ page }) => {
    await page.goto('/');
    for (const slide of await slides(page).all()) await expect(slide).toBeVisible();
    await page.getByRole('button', { name: 'Read the full assessment' }).click();
    await expect(page.getByRole('dialog', { name: 'An Assessment, by a Machine' })).toBeVisible();
  });
});
