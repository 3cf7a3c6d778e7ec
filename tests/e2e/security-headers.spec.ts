import { test, expect } from './fixtures';
import { sitemapPaths } from './helpers';

test('every page is served with its security headers and runs with zero CSP violations', async ({ page }) => {
  test.setTimeout(240_000);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  for (const path of [...(await sitemapPaths(page)), '/not-a-page']) {
    const response = await page.goto(path);
    const headers = response!.headers();
    expect(headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
    expect(headers['content-security-policy'], path).toMatch(/script-src 'self'/);
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('search (WebAssembly) and toasts (injected styles) work under the policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    sessionStorage.setItem(
      'pendingToasts',
      JSON.stringify([{ id: 'csp', title: 'Policy check', variant: 'normal', duration: 60000, expiresAt: Date.now() + 60000 }]),
    );
  });
  await page.goto('/');
  await expect(page.locator('[data-toast]')).toContainText('Policy check');
  await page.keyboard.press('Escape');
  await page.keyboard.press('/');
  await page.getByRole('searchbox').fill('carob');
  await expect(page.locator('[data-search-results] a').first()).toBeVisible();
  expect(violations).toEqual([]);
});
