import { test as base } from '@playwright/test';
import { connect } from 'node:net';
import { test, expect } from './fixtures';
import { watchCspViolations } from './csp-watch';
import { pagePaths } from './helpers';

// Every test's page fails on a CSP violation (./fixtures): the walks that open every page and
// wait for what it starts at idle, near the reader and on a toast (budgets.spec.ts) or in both
// themes (accessibility.spec.ts) are that check for every page. Here, the headers each page is
// served with.
test('every page is served with its security headers', async ({ page, request }) => {
  for (const path of [...(await pagePaths(page)), '/not-a-page']) {
    const headers = (await request.get(path)).headers();
    expect(headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
    expect(headers['content-security-policy'], path).toMatch(/script-src 'self'/);
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
  }
});

test("a page's scripts, icon and search files carry nosniff and none of the page's own headers", async ({ page }) => {
  const files: { url: string; headers: Record<string, string> }[] = [];
  // Pages drawn ahead are pages too: only what is not a page is kept.
  page.on('response', async (response) => {
    const headers = await response.allHeaders();
    if (!headers['content-type']?.startsWith('text/html')) files.push({ url: response.url(), headers });
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(files.filter(({ url }) => url.includes('/_astro/')).length).toBeGreaterThan(3);
  for (const { url, headers } of files) {
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    for (const name of ['referrer-policy', 'x-frame-options', 'permissions-policy', 'cross-origin-opener-policy'])
      expect(headers[name], `${name} on ${url}`).toBeUndefined();
  }
});

test('every spelling of a page gets its headers, and only the site is served', async ({ request }) => {
  const forum = await request.get('/forum');
  const policy = forum.headers()['content-security-policy'];
  expect(policy).toMatch(/frame-ancestors 'none'/);
  // Nothing on the site is an image from a data: address, so the policy does not allow one.
  expect(policy).not.toMatch(/data:/);
  for (const path of ['/forum.html', '/index.html']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
  }
  expect((await request.get('/forum.html')).headers()['content-security-policy']).toBe(policy);
  expect((await request.get('/for%75m')).headers()['content-security-policy']).toBe(policy);
  expect((await request.get('/_headers')).status()).toBe(404);
});

/** Writes `text` to the server on a new connection; resolves with the status and headers of its answer. */
function rawExchange(origin: string, text: string): Promise<{ status: number; headers: Record<string, string> }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [statusLine, ...lines] = received.split('\r\n\r\n')[0].split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
  });
}

// Redirects, refusals and requests the server cannot read are answered by the server itself;
// they carry the same headers as the pages (and an unreadable target is the client's 400).
test('every answer that is not a page carries the security headers', async ({ baseURL }) => {
  const close = 'Host: x\r\nConnection: close\r\n\r\n';
  for (const [text, status] of [
    [`GET /forum.html HTTP/1.1\r\n${close}`, 301],
    [`POST /forum HTTP/1.1\r\nContent-Length: 0\r\n${close}`, 405],
    [`GET //[ HTTP/1.1\r\n${close}`, 400],
    [`GET http://%zz/ HTTP/1.1\r\n${close}`, 400],
    [`GET /rest/v1/posts HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n${close}`, 431],
  ] as const) {
    const { status: got, headers } = await rawExchange(baseURL!, text);
    const request = text.split('\r\n')[0].slice(0, 40);
    expect(got, request).toBe(status);
    expect(headers['content-security-policy'], request).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-content-type-options'], request).toBe('nosniff');
    expect(headers['referrer-policy'], request).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], request).toContain('camera=()');
    expect(headers['cross-origin-opener-policy'], request).toBe('same-origin');
  }
});

test('search (WebAssembly) and toasts (injected styles) work under the policy', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    sessionStorage.setItem(
      'pendingToasts',
      JSON.stringify([
        { id: 'csp', title: 'Policy check', variant: 'normal', duration: 60000, expiresAt: Date.now() + 60000 },
      ]),
    );
  });
  await page.goto('/');
  await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText('Policy check');
  await page.keyboard.press('Escape');
  await page.keyboard.press('/');
  await page.getByRole('searchbox').fill('carob');
  await expect(page.locator('[data-search-results] a').first()).toBeVisible();
});

// The watcher must see what the policy blocks even when the browser prints nothing: plant the
// inline handler the search form once had into a real page, served with that page's own headers.
base('the violation watcher catches an inline event handler the policy blocks', async ({ page }) => {
  await page.route('**/about', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('data-search-form', 'data-search-form onsubmit="return false"');
    expect(html).toContain('onsubmit=');
    await route.fulfill({ response, body: html });
  });
  const violations = await watchCspViolations(page);
  await page.goto('/about');
  await page.keyboard.press('/');
  await page.getByRole('searchbox').press('Enter');
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join('\n')).toMatch(/script-src/);
});
