import { test, expect } from './fixtures';
import { createHash } from 'node:crypto';
import { sitemapPaths } from './helpers';
import { newestFirst } from '../../src/lib/essays';
import { SPEC_ESSAYS, readOn, shippedEssays } from './shipped-writings';

const meta = (html: string, attr: 'property' | 'name', key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];

test('every page in the sitemap has its own 1200 × 630 PNG card, and links both feeds', async ({ page }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  const owners = new Map<string, string>();
  for (const path of await sitemapPaths(page)) {
    const html = await (await page.request.get(path)).text();
    const image = meta(html, 'property', 'og:image');
    if (!image) {
      problems.push(`${path}: no og:image`);
      continue;
    }
    const response = await page.request.get(new URL(image).pathname);
    const body = await response.body();
    if (
      response.status() !== 200 ||
      response.headers()['content-type'] !== 'image/png' ||
      body.subarray(1, 4).toString() !== 'PNG'
    ) {
      problems.push(`${path}: ${image} is not a PNG (${response.status()})`);
      continue;
    }
    if (body.readUInt32BE(16) !== 1200 || body.readUInt32BE(20) !== 630)
      problems.push(`${path}: card is not 1200 × 630`);
    const hash = createHash('sha256').update(body).digest('hex');
    if (owners.has(hash)) problems.push(`${path}: same card as ${owners.get(hash)}`);
    owners.set(hash, path);
    if (meta(html, 'property', 'og:image:width') !== '1200' || meta(html, 'property', 'og:image:height') !== '630')
      problems.push(`${path}: no card size`);
    if (!meta(html, 'property', 'og:image:alt')) problems.push(`${path}: no card alt`);
    if (meta(html, 'name', 'twitter:card') !== 'summary_large_image') problems.push(`${path}: not summary_large_image`);
    if (
      !html.includes(
        '<link rel="alternate" type="application/feed+json" title="Essays by Elias Varros" href="/feed.json">',
      )
    )
      problems.push(`${path}: no JSON Feed link`);
    if (!html.includes('type="application/rss+xml"')) problems.push(`${path}: no RSS link`);
  }
  expect(problems).toEqual([]);
  expect(owners.size).toBeGreaterThan(40);
});

test('an essay card shows its own title and category line in its alt text', async ({ page }) => {
  const html = await (await page.request.get('/essays/philosophy/golden-age')).text();
  expect(meta(html, 'property', 'og:image')).toMatch(/\/og\/essays\/philosophy\/golden-age\.png$/);
  expect(meta(html, 'property', 'og:image:alt')).toBe('The Golden Age — Philosophical Inquiries · 3 February 2025');
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`table of contents, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });
    test('lists the sections and each link takes the reader to its heading', async ({ page }) => {
      await page.goto('/essays/philosophy/golden-age');
      const toc = page.getByRole('navigation', { name: 'In this essay' });
      const links = toc.getByRole('link');
      expect(await links.count()).toBeGreaterThanOrEqual(3);
      const second = links.nth(1);
      const target = (await second.getAttribute('href'))!;
      await second.click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.locator(`h2${target}`)).toBeInViewport();
    });
  });
}

test('previous, next and related essays', async ({ page }) => {
  // Which they are is src/lib/essays.ts's to decide (its unit tests); each page shows its own.
  const essays = await shippedEssays(page.request);
  const nav = page.getByRole('navigation', { name: 'Previous and next essay' });
  for (const path of SPEC_ESSAYS) {
    const { previous, next, related } = readOn(
      essays.find((essay) => essay.path === path)!,
      essays,
    );
    await page.goto(path);
    for (const [rel, essay] of [
      ['prev', previous],
      ['next', next],
    ] as const) {
      if (essay) await expect(nav.locator(`a[rel="${rel}"]`)).toHaveAttribute('href', essay.path);
      else await expect(nav.locator(`a[rel="${rel}"]`)).toHaveCount(0);
    }
    await expect(page.locator('[data-related] li a')).toHaveText(related.map((essay) => essay.data.title));
  }
});

test('Share copies the link with the copy toast where there is no share sheet', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await page.goto('/essays/philosophy/golden-age');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText('Copied to clipboard!');
  await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText('Link successfully copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/essays\/philosophy\/golden-age$/);
});

test('Share hands the title and link to the share sheet where there is one, and the page fetches no toast code for it', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value(data: ShareData) {
        (window as unknown as { shared: ShareData }).shared = data;
        return Promise.resolve();
      },
    });
  });
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto('/essays/philosophy/golden-age', { waitUntil: 'networkidle' });
  // Share raises no toast here: neither React nor the toast area is fetched ahead for it.
  expect(requested.filter((path) => path.startsWith('/_astro/'))).not.toContainEqual(
    expect.stringMatching(/\/(Toaster|client)\.[\w-]+\.js$/),
  );
  await page.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
    .toEqual({
      title: 'The Golden Age',
      url: expect.stringMatching(/\/essays\/philosophy\/golden-age$/),
    });
  await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toHaveCount(0);
});

test('Share copies the link with the copy toast when the share sheet refuses it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')),
    });
  });
  await page.goto('/essays/philosophy/golden-age', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText('Link successfully copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/essays\/philosophy\/golden-age$/);
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('the Share button, which needs it, is not shown', async ({ page }) => {
    await page.goto('/essays/philosophy/golden-age');
    await expect(page.getByRole('button', { name: 'Share' })).toBeHidden();
  });
});

test('a topic page lists its essays newest first, and essays name their topics', async ({ page }) => {
  await page.goto('/essays');
  await page
    .getByRole('navigation', { name: 'Topics' })
    .getByRole('link', { name: /Machine Minds/ })
    .click();
  await expect(page).toHaveURL(/\/essays\/topics\/machine-minds$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Machine Minds');
  // The spec's two on the topic, newest first, with any the author adds to it.
  const onTopic = newestFirst(await shippedEssays(page.request))
    .filter((essay) => essay.data.topics?.includes('Machine Minds'))
    .map((essay) => essay.data.title);
  expect(onTopic).toEqual(expect.arrayContaining(['The Only Voice', 'The Decline Gathering']));
  await expect(page.locator('main h2 a')).toHaveText(onTopic);
  await page.goto('/essays/philosophy/only-voice');
  await expect(page.getByRole('list', { name: 'Topics' }).getByRole('link')).toHaveText(['Memory', 'Machine Minds']);
  const article = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(article.keywords).toEqual(['Memory', 'Machine Minds']);
});

test('every field note has a page of its own, in the sitemap, linked from the notes', async ({ page }) => {
  const paths = await sitemapPaths(page);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/fieldnotes/01-sentinel-in-the-storm',
      '/fieldnotes/02-what-the-lament-keeps',
      '/fieldnotes/03-relay-on-the-north-ridge',
    ]),
  );
  await page.goto('/fieldnotes');
  await page.locator('#note-2 summary').click();
  await page.locator('#note-2').getByRole('link', { name: 'Note 2 on its own page' }).click();
  await expect(page).toHaveURL(/\/fieldnotes\/02-what-the-lament-keeps$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What the Lament Keeps');
  await page.getByRole('link', { name: '← All field notes' }).click();
  await expect(page).toHaveURL(/\/fieldnotes#note-2$/);
});

test('/fieldnotes#note-3 opens that note', async ({ page }) => {
  await page.goto('/fieldnotes#note-3');
  await expect(page.locator('#note-3')).toHaveAttribute('open', '');
  await expect(page.locator('#note-1')).not.toHaveAttribute('open', '');
  await expect(page.locator('#note-3 [data-field-note-body]')).toBeVisible();
});

test('essay, topic and field-note pages fit a phone without sideways scrolling @phone', async ({ page }) => {
  for (const path of [
    '/essays/philosophy/golden-age',
    '/essays/topics/memory',
    '/fieldnotes/02-what-the-lament-keeps',
    '/essays',
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('both feeds parse: rss.xml as strict XML with content:encoded, feed.json as a JSON Feed 1.1', async ({ page }) => {
  const rss = await (await page.request.get('/rss.xml')).text();
  await page.goto('/');
  const items = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.querySelector('parsererror')) return null;
    const encoded = 'http://purl.org/rss/1.0/modules/content/';
    return [...doc.querySelectorAll('item')].map(
      (item) => item.getElementsByTagNameNS(encoded, 'encoded')[0]?.textContent ?? '',
    );
  }, rss);
  expect(items).not.toBeNull();
  const shipped = await shippedEssays(page.request);
  expect(items!.length).toBe(shipped.length);
  // Each section heading keeps its id, so a link to a section works from a feed reader too.
  expect(items!.some((html) => /<h2 id="[^"]+">/.test(html))).toBe(true);
  for (const html of items!) {
    expect(html).not.toMatch(/<h2(?![^>]*\sid="[^"]+")/);
    expect(html).not.toMatch(/\s(href|src)="\/(?!\/)/);
  }
  const feed = await (await page.request.get('/feed.json')).json();
  expect(feed).toMatchObject({ version: 'https://jsonfeed.org/version/1.1', title: 'Essays by Elias Varros' });
  expect(feed.items.map((item: { url: string }) => new URL(item.url).pathname)).toEqual(
    expect.arrayContaining(SPEC_ESSAYS),
  );
  for (const item of feed.items)
    expect(item).toMatchObject({ id: expect.any(String), content_html: expect.stringMatching(/<p>/) });
});
