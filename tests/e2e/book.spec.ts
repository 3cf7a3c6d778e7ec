import { test, expect } from './fixtures';
import { seriousAxeViolations } from './axe';
import type { Page } from '@playwright/test';
import { internalLinks, watchConsole } from './helpers';

/** The book and author routes and the links each must carry. */
const routes: Record<string, { links: string[]; jsonLd: 'Book' | 'Person' }> = {
  '/book': {
    links: ['/thematic-depth-guide', '/firstlight', '/book-summary', '/testimonials', '/coverstory'],
    jsonLd: 'Book',
  },
  '/book-summary': { links: ['/book', '/firstlight', '/#book-preview-section'], jsonLd: 'Book' },
  '/testimonials': { links: ['/book'], jsonLd: 'Book' },
  '/coverstory': { links: ['/book'], jsonLd: 'Book' },
  '/thematic-depth-guide': { links: ['/meta-narrative', '/book'], jsonLd: 'Book' },
  '/carob-sentinel': { links: ['/'], jsonLd: 'Book' },
  '/meta-narrative': { links: ['/forum', '/ai-collaboration-reflection'], jsonLd: 'Book' },
  '/about': {
    links: [
      '/authors-statement',
      '/authors-craft',
      '/ai-collaboration-reflection',
      '/legacy-letter',
      '/press-media-kit',
    ],
    jsonLd: 'Person',
  },
  '/authors-statement': { links: ['/about'], jsonLd: 'Person' },
  '/authors-craft': { links: ['/about'], jsonLd: 'Person' },
  '/legacy-letter': { links: ['/about'], jsonLd: 'Person' },
  '/ai-collaboration-reflection': { links: ['/meta-narrative', '/about'], jsonLd: 'Person' },
  '/press-media-kit': { links: ['/about'], jsonLd: 'Person' },
  '/creators-epilogue': { links: ['/about'], jsonLd: 'Person' },
  '/gift-essay': { links: ['/', '/essays'], jsonLd: 'Person' },
};

async function expectLinksResolve(page: Page): Promise<void> {
  for (const href of await internalLinks(page)) {
    const path = new URL(href).pathname;
    const status = (await page.request.get(href)).status();
    expect(status, `${page.url()} links to ${path}`).toBe(200);
  }
}

for (const [route, { links, jsonLd }] of Object.entries(routes)) {
  test(`${route}: 200, one h1, its links, ${jsonLd} JSON-LD, no broken internal links`, async ({ page }) => {
    const check = watchConsole(page);
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    for (const href of links) await expect(page.locator(`main a[href="${href}"]`).first()).toBeAttached();
    const data = await page.$$eval('script[type="application/ld+json"]', (nodes) =>
      nodes.map((n) => JSON.parse(n.textContent ?? '{}')),
    );
    expect(data.map((d) => d['@type'])).toContain(jsonLd);
    await expectLinksResolve(page);
    check();
  });
}

test('every page of the book leads back with the one name the spec gives the hub', async ({ page }) => {
  for (const route of ['/book-summary', '/testimonials', '/coverstory', '/thematic-depth-guide']) {
    await page.goto(route);
    await expect(page.locator('main a[href="/book"]').first(), route).toHaveText(/^\W*Back to The Book Hub$/);
  }
});

test('no page of the area scrolls sideways on a phone @phone', async ({ page }) => {
  for (const route of Object.keys(routes)) {
    await page.goto(route);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, route).toBeLessThanOrEqual(0);
  }
});

test.describe('/book tabs', () => {
  const panel = (page: Page, id: string) => page.locator(`#${id}`);

  test('About the Novel is the default; clicking a tab shows its panel and writes the hash @phone', async ({
    page,
  }) => {
    await page.goto('/book');
    const tablist = page.getByRole('tablist');
    await expect(tablist.getByRole('tab')).toHaveText(['About the Novel', 'Editorial Praise', 'The Cover Story']);
    await expect(page.getByRole('tab', { name: 'About the Novel' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'about-the-novel')).toBeVisible();
    await expect(panel(page, 'editorial-praise')).toBeHidden();

    await page.getByRole('tab', { name: 'Editorial Praise' }).click();
    await expect(page).toHaveURL(/\/book#editorial-praise$/);
    await expect(page.getByRole('tabpanel')).toHaveAttribute('id', 'editorial-praise');
    await expect(panel(page, 'about-the-novel')).toBeHidden();
    await expect(page.getByRole('tabpanel').getByText('What early readers say')).toBeVisible();
  });

  test('arrow keys, Home and End move between tabs and update the hash', async ({ page }) => {
    await page.goto('/book');
    await page.getByRole('tab', { name: 'About the Novel' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Editorial Praise' })).toBeFocused();
    await expect(page).toHaveURL(/#editorial-praise$/);
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'The Cover Story' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/#the-cover-story$/);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'About the Novel' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'The Cover Story' })).toBeFocused();
    // Only the selected tab is in the Tab order.
    await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  });

  test('a hash in the URL opens its tab, and a later hash change follows', async ({ page }) => {
    await page.goto('/book#the-cover-story');
    await expect(page.getByRole('tab', { name: 'The Cover Story' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'the-cover-story')).toBeVisible();
    await expect(panel(page, 'about-the-novel')).toBeHidden();
    await page.evaluate(() => (location.hash = '#about-the-novel'));
    await expect(page.getByRole('tab', { name: 'About the Novel' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'about-the-novel')).toBeVisible();
  });

  test('the panel shown is laid out with the page, not once it nears the view @phone', async ({ page }) => {
    // Chromium decides whether a content-visibility: auto box is near the view only as it draws a
    // frame, and a page drawn ahead (prerendered) draws none until it is opened: a panel left to
    // that decision was laid out in the frame the reader waited for after tapping a link to /book.
    const contentVisibility = (id: string) =>
      panel(page, id).evaluate((element) => getComputedStyle(element).contentVisibility);
    await page.goto('/book');
    expect(await contentVisibility('about-the-novel')).toBe('visible');
    await page.getByRole('tab', { name: 'Editorial Praise' }).click();
    await expect(panel(page, 'editorial-praise')).toBeVisible();
    expect(await contentVisibility('editorial-praise')).toBe('visible');
  });

  test('every tab holds the same content as its own page', async ({ page }) => {
    for (const [id, route, text] of [
      ['about-the-novel', '/book-summary', 'Core Conflict'],
      ['editorial-praise', '/testimonials', 'From the editor’s desk'],
      ['the-cover-story', '/coverstory', 'Four core motifs'],
    ]) {
      await page.goto(`/book#${id}`);
      await expect(panel(page, id).getByText(text, { exact: true })).toBeVisible();
      await page.goto(route);
      await expect(page.locator('main').getByText(text, { exact: true })).toBeVisible();
    }
  });
});

test.describe('readable with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('/book shows all three panels, one after another', async ({ page }) => {
    await page.goto('/book');
    for (const id of ['about-the-novel', 'editorial-praise', 'the-cover-story'])
      await expect(page.locator(`#${id}`)).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Sections of this page' }).getByRole('link')).toHaveCount(3);
    await expect(page.getByText('What early readers say')).toBeVisible();
    await expect(page.getByText('Four core motifs')).toBeVisible();
  });

  test('every page shows its text, and the echo quote shows each of its entries', async ({ page }) => {
    for (const route of Object.keys(routes)) {
      await page.goto(route);
      await expect(page.locator('h1')).toBeVisible();
      expect((await page.locator('main').innerText()).split(/\s+/).length, route).toBeGreaterThan(150);
    }
    await page.goto('/coverstory');
    await expect(page.locator('[data-echo-slide]')).toHaveCount(3);
    for (const echo of await page.locator('[data-echo-slide]').all()) await expect(echo).toBeVisible();
  });

  test("accordions open and the Curator's Note opens without scripts", async ({ page }) => {
    await page.goto('/thematic-depth-guide');
    const topic = page.locator('details[name="companion-topics"]').first();
    await expect(topic.locator('ol li').first()).toBeHidden();
    await topic.locator('summary').click();
    await expect(topic.locator('ol li').first()).toBeVisible();
    await page.goto('/legacy-letter');
    await page.getByRole('button', { name: "Read the Curator's Note" }).click();
    await expect(page.getByRole('dialog', { name: "Curator's Note" })).toBeVisible();
  });
});

test.describe('accordions', () => {
  async function expectSingleOpen(page: Page, groupName: string, count: number) {
    const items = page.locator(`details[name="${groupName}"]`);
    await expect(items).toHaveCount(count);
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    // Collapsible: the open one closes again, leaving none open.
    await items.nth(1).locator('summary').click();
    await expect(page.locator(`details[name="${groupName}"][open]`)).toHaveCount(0);
  }

  test('the companion has 8 single-open topics, a meta-experiment and 3 closing questions @phone', async ({ page }) => {
    await page.goto('/thematic-depth-guide');
    await expect(page.locator('h1')).toHaveText("Genesis – Reader's Group Companion");
    await expectSingleOpen(page, 'companion-topics', 8);
    await expect(
      page.getByRole('heading', { name: 'Three questions to close with' }).locator('xpath=..').locator('ol > li'),
    ).toHaveCount(3);
  });

  test('the companion prints every topic and question open', async ({ page }) => {
    await page.goto('/thematic-depth-guide');
    await page.emulateMedia({ media: 'print' });
    const questions = page.locator('details[name="companion-topics"] ol li');
    expect(await questions.count()).toBeGreaterThanOrEqual(16);
    for (const question of await questions.all()) await expect(question).toBeVisible();
    await expect(page.locator('body > header')).toBeHidden();
  });

  test('a browser without ::details-content opens closed topics to print, and puts them back afterwards', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const supports = CSS.supports.bind(CSS);
      CSS.supports = (...args: [string]) => !/details-content/.test(args.join(' ')) && supports(...args);
    });
    await page.goto('/thematic-depth-guide');
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    // Lifted out of their single-open group while printing.
    await expect(page.locator('details[data-print-name="companion-topics"][open]')).toHaveCount(8);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.locator('details[name="companion-topics"][open]')).toHaveCount(0);
    await expect(page.locator('details[name="companion-topics"]')).toHaveCount(8);
  });

  test('the meta-narrative has 4 single-open topics with every part', async ({ page }) => {
    await page.goto('/meta-narrative');
    await expectSingleOpen(page, 'meta-narrative', 4);
    const first = page.locator('details[name="meta-narrative"]').first();
    await first.locator('summary').click();
    for (const heading of ['Discussion prompts', 'From the author', 'Questions for the future', 'Key themes']) {
      await expect(first.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(first.locator('blockquote')).toBeVisible();
  });

  test('the reflection has 5 single-open themes, each coming soon', async ({ page }) => {
    await page.goto('/ai-collaboration-reflection');
    await expect(page.locator('h1')).toHaveText('Ink and Algorithm: A Reflection');
    await expectSingleOpen(page, 'meta-reflections', 5);
    for (const body of await page.locator('details[name="meta-reflections"] > p').all()) {
      await expect(body).toContainText(/coming soon/i);
    }
  });
});

test.describe('dialogs', () => {
  for (const [route, button, title] of [
    ['/legacy-letter', "Read the Curator's Note", "Curator's Note"],
    ['/ai-collaboration-reflection', "Open the machine's memo", 'Memo: On Our Collaboration'],
  ]) {
    test(`${route}: "${title}" opens from the keyboard, keeps focus, closes on Escape and returns focus`, async ({
      page,
    }) => {
      await page.goto(route);
      const trigger = page.getByRole('button', { name: button });
      await trigger.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
      // Tab stays within the modal dialog: the page behind it is inert.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(
            () => !!document.activeElement?.closest('dialog') || document.activeElement === document.body,
          ),
        ).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    });
  }

  test('the memo is written as if by a language model', async ({ page }) => {
    await page.goto('/ai-collaboration-reflection');
    await page.getByRole('button', { name: "Open the machine's memo" }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText('A language model');
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('the echo quote', () => {
  const visibleEcho = (page: Page) => page.locator('[data-echo-slide]:visible blockquote');
  const echoTexts = (page: Page) => page.locator('[data-echo-slide] blockquote').allTextContents();
  // A paused fake clock: the page's timers move only when the test runs them.
  const pausedClock = async (page: Page) => {
    await page.clock.install({ time: new Date('2026-06-01T08:00:00Z') });
    await page.clock.pauseAt(new Date('2026-06-01T08:00:01Z'));
  };

  test('rotates among 3 entries every 5000 ms on /coverstory', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/coverstory');
    await expect(page.locator('[data-echo-quote]')).toHaveAttribute('data-rotating', 'true');
    const slides = page.locator('[data-echo-slide]');
    await expect(slides).toHaveCount(3);
    const texts = await echoTexts(page);
    await expect(visibleEcho(page)).toHaveText(texts[0]);
    await page.clock.runFor(4900);
    await expect(visibleEcho(page)).toHaveText(texts[0]);
    await page.clock.runFor(100);
    await expect(visibleEcho(page)).toHaveText(texts[1]);
    await page.clock.runFor(5000);
    await expect(visibleEcho(page)).toHaveText(texts[2]);
    await page.clock.runFor(5000);
    await expect(visibleEcho(page)).toHaveText(texts[0]);
  });

  test('the pause button stops and restarts it', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/coverstory');
    await expect(page.locator('[data-echo-quote]')).toHaveAttribute('data-rotating', 'true');
    const texts = await echoTexts(page);
    await page.getByRole('button', { name: 'Pause the echoes' }).press('Enter');
    // Its label says what a press does now; no pressed state says otherwise.
    await expect(page.getByRole('button', { name: 'Play the echoes', pressed: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play the echoes' })).not.toHaveAttribute('aria-pressed');
    await page.mouse.move(0, 0);
    await page.clock.runFor(15000);
    await expect(visibleEcho(page)).toHaveText(texts[0]);
    await page.getByRole('button', { name: 'Play the echoes' }).press('Enter');
    await page.clock.runFor(5000);
    await expect(visibleEcho(page)).toHaveText(texts[1]);
  });

  test('stands still when embedded in /book', async ({ page }) => {
    await pausedClock(page);
    await page.goto('/book#the-cover-story');
    const echo = page.locator('#the-cover-story [data-echo-slide] blockquote');
    await expect(echo).toHaveCount(1);
    const text = (await echo.textContent())!;
    await page.clock.runFor(15000);
    await expect(echo).toBeVisible();
    await expect(echo).toHaveText(text);
  });

  test('stands still for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await pausedClock(page);
    await page.goto('/coverstory');
    await expect(page.locator('[data-echo-quote]')).toHaveAttribute('data-rotating', 'false');
    const [first] = await echoTexts(page);
    await page.clock.runFor(15000);
    await expect(visibleEcho(page)).toHaveText(first);
    await expect(page.getByRole('button', { name: 'Pause the echoes' })).toBeHidden();
  });
});

test.describe('press kit', () => {
  test('five downloads answer 200 with the right content type and real content', async ({ page }) => {
    await page.goto('/press-media-kit');
    const links = page.locator('main a[download]');
    await expect(links).toHaveCount(5);
    const expected: Record<string, string> = { png: 'image/png', pdf: 'application/pdf', txt: 'text/plain' };
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      const ext = href.split('.').pop()!;
      expect(response.headers()['content-type'], href).toContain(expected[ext]);
      const body = await response.body();
      if (ext === 'png') {
        expect(body.subarray(1, 4).toString()).toBe('PNG');
        expect(body.readUInt32BE(16), `${href} width`).toBeGreaterThanOrEqual(1600);
      }
      if (ext === 'pdf') {
        expect(body.subarray(0, 5).toString()).toBe('%PDF-');
        expect(body.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
      }
      if (ext === 'txt') expect(body.toString()).toContain('Elias Varros');
    }
  });

  test('the cover downloads at print size, and Contact Press Team promises a reply within 48 hours', async ({
    page,
  }) => {
    const cover = await (await page.request.get('/press/genesis-cover-print.png')).body();
    expect([cover.readUInt32BE(16), cover.readUInt32BE(20)]).toEqual([2400, 3600]);
    await page.goto('/press-media-kit');
    const href = await page.getByRole('link', { name: 'Contact Press Team' }).getAttribute('href');
    expect(href).toMatch(/^mailto:/);
    expect(decodeURIComponent(href!.split('body=')[1])).toContain('within 48 hours');
    await expect(page.getByText('Editorial endorsement')).toBeVisible();
  });
});

test('states the sitemap scan cannot reach pass axe too: other tabs, open dialogs, open accordions', async ({
  page,
}) => {
  const failures: string[] = [];
  const scan = async (label: string) => {
    failures.push(...(await seriousAxeViolations(page)).map((violation) => `${label}: ${violation}`));
  };
  for (const hash of ['#editorial-praise', '#the-cover-story']) {
    await page.goto(`/book${hash}`);
    await scan(`/book${hash}`);
  }
  for (const [route, button] of [
    ['/legacy-letter', "Read the Curator's Note"],
    ['/ai-collaboration-reflection', "Open the machine's memo"],
  ]) {
    await page.goto(route);
    await page.getByRole('button', { name: button }).click();
    await scan(`${route} dialog`);
  }
  await page.goto('/meta-narrative');
  await page.locator('details[name="meta-narrative"] summary').first().click();
  await scan('/meta-narrative open topic');
  expect(failures).toEqual([]);
});
