import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { frames, pauseClockSoon, watchConsole } from './helpers';

const groups = {
  'The Book': ['About the Novel', 'Editorial Praise', 'Thematic Guide', 'Cover Story'],
  'About the author': ['About', 'Legacy Letter', 'Press/Media Kit'],
  Writings: ['Essays', 'Line Bank'],
  Community: ['Community Hub', 'Field Notes', 'Carob Forum', 'M.O.T.A. Registry'],
};

const desktopNav = (page: Page) => page.locator('header nav.hidden, header nav').first();
const summary = (page: Page, name: string) => desktopNav(page).locator('summary', { hasText: name });
const panel = (page: Page, name: string) => summary(page, name).locator('xpath=following-sibling::ul');

test.describe('header', () => {
  test('lists the groups and items of the spec, in order; groups are toggles, not links', async ({ page }) => {
    await page.goto('/');
    const nav = desktopNav(page);
    await expect(nav.locator(':scope > ul > li')).toHaveCount(5);
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    for (const [group, items] of Object.entries(groups)) {
      await expect(summary(page, group)).toBeVisible();
      await expect(panel(page, group).locator('a')).toHaveText(items);
    }
    await expect(page.locator('header a[href="#"]')).toHaveCount(0);
  });

  test('the group holding the page is set in the accent colour, the others in ink', async ({ page }) => {
    const colourOf = (group: string) => summary(page, group).evaluate((el) => getComputedStyle(el).color);
    const accentAndInk = () =>
      page.evaluate(() => {
        const probe = document.createElement('span');
        document.body.append(probe);
        const read = (colour: string) => ((probe.style.color = colour), getComputedStyle(probe).color);
        const colours = { accent: read('var(--color-accent)'), ink: read('var(--color-ink)') };
        probe.remove();
        return colours;
      });
    for (const [path, group] of [
      ['/essays', 'Writings'],
      ['/essays/philosophy/golden-age', 'Writings'],
      ['/testimonials', 'The Book'],
      ['/fieldnotes', 'Community'],
    ] as const) {
      await page.goto(path);
      const { accent, ink } = await accentAndInk();
      expect(accent).not.toBe(ink);
      for (const other of Object.keys(groups))
        expect(await colourOf(other), `${other} on ${path}`).toBe(other === group ? accent : ink);
    }
  });

  test('a menu opens after 100 ms of hover and survives the 300 ms pointer gap', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    // Stop time so the delays below are exact, whatever the machine's load.
    await pauseClockSoon(page);
    const menu = panel(page, 'The Book');
    await summary(page, 'The Book').hover();
    await page.clock.runFor(60);
    await expect(menu).toBeHidden();
    await page.clock.runFor(60);
    await expect(menu).toBeVisible();
    // Leave towards the page, come back within the grace period: still open.
    await page.mouse.move(640, 500);
    await page.clock.runFor(200);
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Cover Story' }).hover();
    await page.clock.runFor(600);
    await expect(menu).toBeVisible();
    // Leave for longer than the grace period: closed.
    await page.mouse.move(640, 600);
    await page.clock.runFor(350);
    await expect(menu).toBeHidden();
  });

  test('menus open by keyboard and click; Escape and an outside click close them', async ({ page }) => {
    await page.goto('/');
    await summary(page, 'Community').focus();
    await page.keyboard.press('Enter');
    await expect(panel(page, 'Community')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel(page, 'Community')).toBeHidden();
    await expect(summary(page, 'Community')).toBeFocused();

    await summary(page, 'Writings').click();
    await expect(panel(page, 'Writings')).toBeVisible();
    // Only one menu at a time.
    await summary(page, 'The Book').click();
    await expect(panel(page, 'Writings')).toBeHidden();
    await page.locator('main h1').click();
    await expect(panel(page, 'The Book')).toBeHidden();
  });

  test('a menu closes as the keyboard leaves it, and once a link in it is chosen', async ({ page }) => {
    await page.goto('/');
    await summary(page, 'Writings').focus();
    await page.keyboard.press('Enter');
    await expect(panel(page, 'Writings')).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(panel(page, 'Writings').getByRole('link', { name: 'Line Bank' })).toBeFocused();
    // Open, the panel would cover what the keyboard moves on to.
    await page.keyboard.press('Tab');
    await expect(panel(page, 'Writings')).toBeHidden();

    await summary(page, 'Writings').click();
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault(), { once: true }));
    await panel(page, 'Writings').getByRole('link', { name: 'Essays' }).click();
    await expect(panel(page, 'Writings')).toBeHidden();
  });

  test('the phone menu closes as the keyboard leaves it @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menu = page.locator('details[data-mobile-menu] nav');
    await page.locator('details[data-mobile-menu] > summary').focus();
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Engage Hub' }).focus();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
  });

  test('on a phone the toggle opens every item plus Engage Hub, and closes after a choice @phone', async ({ page }) => {
    // The phone menu only exists below the lg breakpoint: run at phone width in every project.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.locator('details[data-mobile-menu] > summary');
    await expect(toggle).toBeVisible();
    await toggle.click();
    const menu = page.locator('details[data-mobile-menu] nav');
    await expect(menu).toBeVisible();
    for (const items of Object.values(groups)) {
      for (const item of items) await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Engage Hub' })).toHaveAttribute('href', '/engage');
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault(), { once: true }));
    await menu.getByRole('link', { name: 'Essays' }).click();
    await expect(menu).toBeHidden();
  });

  test('a page arriving in parts is drawn with its header whole: nothing moves as the rest comes @phone', async ({
    pageInParts,
  }) => {
    const essay = await pageInParts('/essays/philosophy/golden-age');
    const html = essay.text;
    const after = (text: string, from: number) => html.indexOf(text, from) + text.length;
    const wideMenu = html.indexOf('<nav aria-label="Main" class="hidden');
    const cluster = after('</nav>', wideMenu);
    const phoneMenu = html.indexOf('<nav', cluster);
    // Where a slow line might pause: inside the wide screen's menu, after it, inside the buttons
    // beside it, inside the phone's menu; and, for the page itself, inside <main>.
    const inHeader = [after('</li>', wideMenu), cluster, after('</button>', cluster), after('</li>', phoneMenu)];
    const inMain = after('</h1>', html.indexOf('<main'));
    for (const split of inHeader) {
      const { painted, arrived, shifted } = await essay.open(split, 500);
      expect(painted, `split at ${split}: drawn before the header was whole`).toBeGreaterThan(arrived);
      expect(shifted, `split at ${split}`).toBe(0);
    }
    // The wait ends with the header: a page whose text is still on its way is drawn as far as it has come.
    const { painted, arrived } = await essay.open(inMain);
    expect(painted).toBeLessThan(arrived);
  });

  test('the header stays on screen while scrolling', async ({ page }) => {
    await page.goto('/');
    await page.mouse.wheel(0, 2000);
    await expect(page.locator('header').first()).toBeInViewport();
  });
});

test.describe('footer', () => {
  test('has the essentials, community and social links of the spec', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms-of-use');
    const contact = await footer.getByRole('link', { name: 'Contact' }).getAttribute('href');
    expect(contact).toMatch(/^mailto:studio@eliasvarros\.com\?subject=[^&]+&body=/);
    expect(decodeURIComponent(contact!.split('subject=')[1].split('&')[0])).toBe('Hello from a reader of Genesis');
    await expect(footer.getByRole('link', { name: 'Carob Forum' })).toHaveAttribute('href', '/forum');
    await expect(footer.getByRole('link', { name: 'M.O.T.A.' })).toHaveAttribute('href', '/mota');
    const social = footer.locator('a[target="_blank"]');
    await expect(social).toHaveCount(3);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('rel', /noopener/);
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    await expect(footer).toContainText('Words by Elias Varros');
  });

  test('the tagline opens its dialog from the keyboard; Escape closes it and returns focus', async ({ page }) => {
    await page.goto('/');
    const tagline = page.locator('footer').getByRole('button', { name: 'Learn. Adapt. Evolve.' });
    await tagline.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Learn. Adapt. Evolve.' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tagline).toBeFocused();
  });

  test('is drawn at the height the page held for it: the page does not grow as the reader reaches it @phone', async ({
    page,
  }) => {
    // The footer is laid out only once near the view; until then the page holds a height for it.
    // Held too short, the page grew under a reader reaching it (by 500 px on a phone), and a jump
    // to the end stopped short, the tagline cut off at the screen's edge.
    const phoneOrDesktop = page.viewportSize()!;
    for (const size of [phoneOrDesktop, { width: 768, height: 1024 }]) {
      await page.setViewportSize(size);
      await page.goto('/privacy-policy');
      const footer = page.locator('body > footer');
      await expect(footer).not.toBeInViewport();
      const held = await page.evaluate(() => document.documentElement.scrollHeight);
      await footer.evaluate((element) => element.scrollIntoView());
      await expect
        .poll(() => footer.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true })))
        .toBe(true);
      await frames(page, 2);
      const drawn = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(Math.abs(drawn - held), `${size.width} px: the page held ${held} px, drawn ${drawn}`).toBeLessThanOrEqual(
        16,
      );
      await expect(footer.getByRole('button', { name: 'Learn. Adapt. Evolve.' })).toBeInViewport({ ratio: 1 });
    }
  });

  test('shows the current year even on a page built in an earlier one', async ({ page }) => {
    await page.clock.install({ time: new Date('2031-06-01T12:00:00Z') });
    await page.goto('/');
    await expect(page.locator('footer')).toContainText('© 2031 Elias Varros');
  });
});

test.describe("What's New banner", () => {
  test('links to the forum and essays; Dismiss hides it for this session only', async ({ page, browser }) => {
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: "What's new" });
    await expect(banner.locator('a[href="/forum"]')).toBeVisible();
    await expect(banner.locator('a[href="/essays"]')).toBeVisible();
    // The thread it names is one the forum starts with.
    const thread = (await banner.locator('a[href="/forum"]').textContent())!.match(/Forum thread: (.+)\?/)![1];
    expect(readFileSync('supabase/seed.sql', 'utf8').toLowerCase()).toContain(thread.toLowerCase());
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('bannerDismissed'))).toBe('true');
    await page.goto('/no-such-page');
    await expect(page.locator('[data-whats-new]')).toBeHidden();
    // A new session (a new browser context) sees it again.
    const fresh = await browser.newPage();
    await fresh.goto(page.url().replace('/no-such-page', '/'));
    await expect(fresh.locator('[data-whats-new]')).toBeVisible();
    await fresh.close();
  });
});

test.describe('global behaviour', () => {
  test('every page view stores the path and an ISO timestamp', async ({ page }) => {
    await page.goto('/');
    await page.goto('/missing-page');
    const stored = await page.evaluate(() => [
      localStorage.getItem('lastVisitedPath'),
      localStorage.getItem('lastVisitedTimestamp'),
    ]);
    expect(stored[0]).toBe('/missing-page');
    expect(new Date(stored[1]!).toISOString()).toBe(stored[1]);
  });

  test('the Konami sequence opens /firstlight, but not while typing in a field', async ({ page }) => {
    const keys = [
      'ArrowUp',
      'ArrowUp',
      'ArrowDown',
      'ArrowDown',
      'ArrowLeft',
      'ArrowRight',
      'ArrowLeft',
      'ArrowRight',
      'b',
      'a',
    ];
    await page.goto('/');
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'probe';
      input.setAttribute('aria-label', 'probe');
      document.querySelector('main')!.prepend(input);
    });
    await page.focus('#probe');
    for (const key of keys) await page.keyboard.press(key);
    await expect(page).toHaveURL(/\/$/);
    await page.locator('main h1').click();
    for (const key of keys) await page.keyboard.press(key);
    await expect(page).toHaveURL(/\/firstlight$/);
  });

  test('pages carry a title, description, canonical URL, Open Graph and Twitter tags', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/Genesis/);
    const head = page.locator('head');
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /shepherd/);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /Genesis/);
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+/);
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const notFoundTitle = await (await page.request.get('/nowhere')).text();
    expect(notFoundTitle).toMatch(/<title>Page not found/);
    expect(notFoundTitle).toMatch(/noindex/);
  });

  test('robots.txt points at the sitemap, which leaves out the hidden sign-up page', async ({ page }) => {
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap-index\.xml/);
    const index = await (await page.request.get('/sitemap-index.xml')).text();
    const sitemap = await (await page.request.get(new URL(index.match(/<loc>([^<]+)<\/loc>/)![1]).pathname)).text();
    expect(sitemap).toContain('<loc>');
    expect(sitemap).not.toContain('/firstlight');
    expect(sitemap).not.toContain('404');
  });
});

// A phone's tap leaves the element tapped in :hover: hover colours would stay on after it, and
// their transition run on the main thread while the press is answered.
test('a button tapped on a phone keeps its colours; under a mouse it takes its hover colours @phone', async ({
  page,
  hasTouch,
}) => {
  await page.goto('/');
  // Only how a pressed button looks is tested: nothing it does.
  await page.evaluate(() =>
    window.addEventListener(
      'click',
      (event) => {
        event.preventDefault();
        event.stopImmediatePropagation();
      },
      true,
    ),
  );
  for (const selector of ['main a[href="/book"].btn-primary', 'main button[aria-haspopup="dialog"].btn-secondary']) {
    const button = page.locator(selector);
    await button.scrollIntoViewIfNeeded();
    const colours = () =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.backgroundColor, style.color, style.borderColor];
      });
    const resting = await colours();
    if (hasTouch) {
      await button.tap();
      await frames(page, 2);
      expect(await button.evaluate((element) => element.matches(':hover'))).toBe(true);
      expect(await button.evaluate((element) => element.getAnimations().length)).toBe(0);
      expect(await colours()).toEqual(resting);
    } else {
      await button.hover();
      await expect.poll(colours).not.toEqual(resting);
    }
  }
});

test('home page renders the shell with no console errors @phone', async ({ page }) => {
  const check = watchConsole(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveCount(1);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  check();
});

test('unknown paths answer 404 with a page that leads back', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This path leads nowhere');
  for (const href of ['/', '/book', '/about', '/essays', '/community']) {
    await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  }
});
