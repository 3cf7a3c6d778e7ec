import { test, expect } from './fixtures';
import { expectNoBrokenLinks, watchConsole } from './helpers';
import { SPEC_ESSAYS as essays, shippedEssays, shippedNoteIds } from './shipped-writings';

const COMING_SOON = 'More explorations coming soon...';

test.describe('essays', () => {
  test('the index has both categories, every essay, and the coming-soon line while Myth has none', async ({ page }) => {
    const check = watchConsole(page);
    const shipped = (await shippedEssays(page.request)).map((essay) => essay.path);
    expect(shipped).toEqual(expect.arrayContaining(essays));
    await page.goto('/essays');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Essays & Reflections');
    await expect(page.locator('main a[href="/essays/philosophy"]').first()).toBeVisible();
    await expect(page.locator('main a[href="/essays/myth"]').first()).toBeVisible();
    for (const href of shipped) await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    const myth = shipped.filter((path) => path.startsWith('/essays/myth/'));
    await expect(page.getByText(COMING_SOON)).toHaveCount(myth.length === 0 ? 1 : 0);
    await expect(page.locator('main a[href="/rss.xml"]').first()).toBeVisible();
    await expectNoBrokenLinks(page);
    check();
  });

  test('category pages list their essays or say more are coming', async ({ page }) => {
    const shipped = (await shippedEssays(page.request)).map((essay) => essay.path);
    for (const [slug, title] of [
      ['philosophy', 'Philosophical Inquiries'],
      ['myth', 'Myth & Archetype'],
    ]) {
      await page.goto(`/essays/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const own = shipped.filter((path) => path.startsWith(`/essays/${slug}/`));
      for (const href of own) await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
      await expect(page.getByText(COMING_SOON)).toHaveCount(own.length === 0 ? 1 : 0);
    }
  });

  test('each essay shows title, date, reading time, a back link and Article data @phone', async ({ page }) => {
    for (const path of essays) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('main time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}/);
      await expect(page.locator('main')).toContainText(/\d+ min read/);
      await expect(page.locator('main a[href="/essays"]').first()).toBeVisible();
      const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
        JSON.parse(t),
      );
      expect(data.some((d) => d['@type'] === 'Article' && d.headline)).toBe(true);
    }
  });

  test('the RSS feed is valid XML listing every essay, linked from every page', async ({ page }) => {
    const feed = await (await page.request.get('/rss.xml')).text();
    await page.goto('/');
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      /rss\.xml$/,
    );
    const items = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.querySelector('parsererror')) return null;
      return [...doc.querySelectorAll('item > link')].map((l) => new URL(l.textContent ?? '').pathname);
    }, feed);
    expect(items).not.toBeNull();
    const shipped = (await shippedEssays(page.request)).map((essay) => essay.path);
    expect([...items!].sort()).toEqual([...shipped].sort());
    expect(items).toEqual(expect.arrayContaining(essays));
  });
});

test.describe('Line Bank', () => {
  test('12 quotes, 7 chips starting at All; a chip filters and is announced as pressed', async ({ page }) => {
    await page.goto('/line-bank');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Line Bank');
    const quotes = page.locator('[data-line]');
    await expect(quotes).toHaveCount(12);
    const chips = page.locator('[data-chip]');
    await expect(chips).toHaveText([
      /All/,
      /Philosophy/,
      /Love \+ Grief/,
      /Nature \+ Memory/,
      /Writing Wisdom/,
      /Perception \+ Truth/,
      /Wry \+ Funny/,
    ]);
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
    const tagged = await page.locator('[data-line][data-tags*="Love + Grief"]').count();
    expect(tagged).toBeGreaterThan(0);
    await page.locator('[data-chip="Love + Grief"]').click();
    await expect(page.locator('[data-chip="Love + Grief"]')).toHaveAttribute('aria-pressed', 'true');
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('[data-line]:visible')).toHaveCount(tagged);
    await page.locator('[data-chip="All"]').click();
    await expect(page.locator('[data-line]:visible')).toHaveCount(12);
  });

  test('a chip no quote carries shows the empty message', async ({ page }) => {
    // Serve the page with one tag removed from every quote, as an author's edit could leave it.
    await page.route('**/line-bank', async (route) => {
      const response = await route.fetch();
      // In the quotes' markup and in the Line Bank island's props, which it hydrates from.
      const html = (await response.text())
        .replace(
          /data-tags="([^"]*)"/g,
          (_, tags: string) =>
            `data-tags="${tags
              .split('|')
              .filter((t) => t !== 'Wry + Funny')
              .join('|')}"`,
        )
        .replaceAll(',[0,&quot;Wry + Funny&quot;]', '')
        .replace(/\[0,&quot;Wry \+ Funny&quot;\],?/g, '')
        // And in each quote's tag list and the chip's count, so the markup is what the build would
        // render from such quotes: React hydrates this markup the moment the chip is pressed.
        .replace(/<li class="[^"]*">Wry \+ Funny<\/li>/g, '')
        .replace(/(data-chip="Wry \+ Funny"[^>]*>Wry \+ Funny<span[^>]*>)\d+/, '$10');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/line-bank');
    await page.locator('[data-chip="Wry + Funny"]').click();
    await expect(page.getByText('No lines match this filter. Try another one!')).toBeVisible();
    await expect(page.locator('[data-line]:visible')).toHaveCount(0);
  });

  test('Copy puts the exact line on the clipboard and says so for 3 s', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/line-bank');
    const first = page.locator('[data-copy]').first();
    const line = await first.getAttribute('data-copy');
    await first.click();
    await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText('Copied to clipboard!');
    await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText(
      'Line successfully copied.',
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
  });

  test('a refused clipboard shows the failure toast', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
    });
    await page.goto('/line-bank');
    await page.locator('[data-copy]').first().click();
    await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText('Copy failed');
    await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText(
      'Could not copy text. Please try again.',
    );
  });

  test('links to Subscribe, the guidelines and a prefilled mail link', async ({ page }) => {
    await page.goto('/line-bank');
    await expect(page.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/early-access-signup');
    await expect(page.locator('main a[href="/submission-guidelines"]').first()).toBeVisible();
    const mail = await page.getByRole('link', { name: 'Submit a favourite line' }).getAttribute('href');
    expect(mail).toMatch(/^mailto:[^?]+\?subject=.+&body=.+/);
  });
});

test.describe('community pages', () => {
  test('field notes: the three and any added, newest first, several open at once, sharing disabled @phone', async ({
    page,
  }) => {
    await page.goto('/fieldnotes');
    const notes = page.locator('[data-field-note]');
    const ids = shippedNoteIds();
    expect(ids.filter((id) => ['1', '2', '3'].includes(id))).toEqual(['3', '2', '1']);
    await expect(notes).toHaveCount(ids.length);
    expect(await notes.evaluateAll((els) => els.map((e) => e.getAttribute('data-field-note')))).toEqual(ids);
    await notes.nth(0).locator('summary').click();
    await notes.nth(2).locator('summary').click();
    await expect(notes.nth(0)).toHaveAttribute('open', '');
    await expect(notes.nth(2)).toHaveAttribute('open', '');
    await expect(notes.nth(0).locator('[data-field-note-body]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share Your Own Field Note (Coming Soon)' })).toBeDisabled();
  });

  test('field notes drawn from a page still arriving keep their lines in place as the rest comes @phone', async ({
    pageInParts,
  }) => {
    const notes = await pageInParts('/fieldnotes');
    // Inside each note's summary, after its title: the lines after it, and the chevron, still to come.
    const main = notes.text.indexOf('<main');
    const titlesEnd = [...notes.text.slice(main).matchAll(/<summary[^]*?<\/h2>/g)].map(
      (match) => main + match.index + match[0].length,
    );
    expect(titlesEnd).toHaveLength(shippedNoteIds().length);
    for (const split of titlesEnd) {
      const { painted, arrived, shifted } = await notes.open(split);
      expect(painted, 'drawn before the rest arrived').toBeLessThan(arrived);
      expect(shifted, `split at ${split}`).toBe(0);
    }
  });

  test('the hub links to field notes, the forum, the registry and the Line Bank', async ({ page }) => {
    await page.goto('/community');
    for (const href of ['/fieldnotes', '/forum', '/mota', '/line-bank']) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    }
  });

  test('the Engage hub shows 11 cards sorted by title', async ({ page }) => {
    await page.goto('/engage');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Engage and Explore Hub');
    const titles = await page.locator('[data-engage-cards] h2').allTextContents();
    expect(titles).toHaveLength(11);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });
});

test.describe('legal and static pages', () => {
  test('privacy: title, June 2025, seven sections, not for children under 16, what is stored', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy & Notice Statement');
    await expect(page.locator('main')).toContainText('June 2025');
    await expect(page.locator('[data-legal-body] h2')).toHaveCount(7);
    await expect(page.locator('main')).toContainText(/under 16/);
    for (const key of ['explorerTypeId', 'lastVisitedPath', 'bannerDismissed', 'hasVisited']) {
      await expect(page.locator('main')).toContainText(key);
    }
  });

  test('terms have six sections; cookies and guidelines say what they should', async ({ page }) => {
    await page.goto('/terms-of-use');
    await expect(page.locator('[data-legal-body] h2')).toHaveCount(6);
    await page.goto('/cookie-notice');
    await expect(page.locator('main')).toContainText(/cookie/i);
    await page.goto('/submission-guidelines');
    const headings = (await page.locator('[data-legal-body] h2').allTextContents()).join(' | ');
    expect(headings).toMatch(/welcome/i);
    expect(headings).toMatch(/decline/i);
    expect(headings).toMatch(/next/i);
  });
});
