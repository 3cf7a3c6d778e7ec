import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { servedHtmlReader, sitemapPaths } from './helpers';

/** The X account in content/site.json's social links, as a card names it. */
const { socialLinks } = JSON.parse(readFileSync('content/site.json', 'utf8')) as { socialLinks: { twitter: string } };
const twitterAccount = `@${new URL(socialLinks.twitter).pathname.replaceAll('/', '')}`;

// Every page: its social card is a real image on this site and names the author's X account as
// site and creator, and any JSON-LD parses as schema.org; an essay's Article names its publisher
// with a logo that is an image on this site.
test('every page has a social card image that loads, the X account, and valid JSON-LD', async ({ browser }) => {
  test.setTimeout(240_000);
  // What the server sends is what link previews and search engines read.
  const { page, read, close } = await servedHtmlReader(browser);
  const problems: string[] = [];
  const fetched = new Map<string, number>();
  /** Whether an absolute URL's path on this site answers with an image. */
  const loadsAsImage = async (url: string) => {
    const imagePath = new URL(url).pathname;
    if (!fetched.has(imagePath)) {
      const response = await page.request.get(imagePath);
      fetched.set(
        imagePath,
        response.ok() && /^image\//.test(response.headers()['content-type'] ?? '') ? 200 : response.status(),
      );
    }
    return fetched.get(imagePath) === 200;
  };
  const types = new Map<string, string[]>();
  for (const path of await sitemapPaths(page)) {
    await read(path);
    const { image, accounts, blocks } = await page.evaluate(() => ({
      image: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
      accounts: ['twitter:site', 'twitter:creator'].map(
        (name) => [name, document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')] as const,
      ),
      blocks: [...document.querySelectorAll('script[type="application/ld+json"]')].map((block) => block.textContent),
    }));
    if (!image) problems.push(`${path}: no og:image`);
    else if (!(await loadsAsImage(image))) problems.push(`${path}: og:image ${image} does not load as an image`);
    for (const [name, account] of accounts)
      if (account !== twitterAccount) problems.push(`${path}: ${name} is ${account}, not ${twitterAccount}`);
    for (const block of blocks) {
      let data;
      try {
        data = JSON.parse(block ?? '');
      } catch {
        problems.push(`${path}: JSON-LD does not parse`);
        continue;
      }
      if (data['@context'] !== 'https://schema.org' || !data['@type'])
        problems.push(`${path}: JSON-LD without schema.org context or type`);
      types.set(path, [...(types.get(path) ?? []), data['@type']]);
      if (data['@type'] === 'Article') {
        const { publisher } = data;
        if (!publisher?.name) problems.push(`${path}: Article without a publisher's name`);
        if (publisher?.logo?.['@type'] !== 'ImageObject' || !publisher.logo.url)
          problems.push(`${path}: Article's publisher without an ImageObject logo`);
        else if (!(await loadsAsImage(publisher.logo.url)))
          problems.push(`${path}: publisher logo ${publisher.logo.url} does not load as an image`);
      }
    }
  }
  await close();
  expect(problems).toEqual([]);
  expect(types.get('/')).toContain('WebSite');
  expect(types.get('/essays/philosophy/golden-age')).toContain('Article');
});

test('the home card is a 1200 × 630 PNG', async ({ page }) => {
  const response = await page.request.get('/og/index.png');
  expect(response.headers()['content-type']).toBe('image/png');
  const body = await response.body();
  expect(body.readUInt32BE(16)).toBe(1200);
  expect(body.readUInt32BE(20)).toBe(630);
});
