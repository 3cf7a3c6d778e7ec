import { test, expect } from './fixtures';
import { sitemapPaths } from './helpers';

// Every page: its social card is a real image on this site, and any JSON-LD parses as schema.org.
test('every page has a social card image that loads, and valid JSON-LD', async ({ page }) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  const fetched = new Map<string, number>();
  const types = new Map<string, string[]>();
  for (const path of await sitemapPaths(page)) {
    await page.goto(path);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    if (!image) problems.push(`${path}: no og:image`);
    else {
      const imagePath = new URL(image).pathname;
      if (!fetched.has(imagePath)) {
        const response = await page.request.get(imagePath);
        fetched.set(
          imagePath,
          response.ok() && /^image\//.test(response.headers()['content-type'] ?? '') ? 200 : response.status(),
        );
      }
      if (fetched.get(imagePath) !== 200) problems.push(`${path}: og:image ${imagePath} does not load as an image`);
    }
    for (const block of await page.locator('script[type="application/ld+json"]').allTextContents()) {
      try {
        const data = JSON.parse(block);
        if (data['@context'] !== 'https://schema.org' || !data['@type'])
          problems.push(`${path}: JSON-LD without schema.org context or type`);
        types.set(path, [...(types.get(path) ?? []), data['@type']]);
      } catch {
        problems.push(`${path}: JSON-LD does not parse`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect(types.get('/')).toContain('WebSite');
});

test('the home card is a 1200 × 630 PNG', async ({ page }) => {
  const response = await page.request.get('/og/index.png');
  expect(response.headers()['content-type']).toBe('image/png');
  const body = await response.body();
  expect(body.readUInt32BE(16)).toBe(1200);
  expect(body.readUInt32BE(20)).toBe(630);
});
