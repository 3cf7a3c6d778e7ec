import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { pagePaths } from './helpers';

// The site as a hosted deployment builds it: pages on a static host, the forum and registry
// talking to a Supabase project on another origin (playwright.config.ts, the `hosted` project).
// Every read and write crosses origins, under the page's Content-Security-Policy and the browser's
// CORS checks; the static host has no /rest/v1 at all.
const project = process.env.E2E_HOSTED_PROJECT ?? '';

/** Every request the page sends to a /rest/v1, by origin. */
function watchApi(page: Page): () => { origin: string; method: string }[] {
  const seen: { origin: string; method: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/rest/v1/')) seen.push({ origin: url.origin, method: request.method() });
  });
  return () => seen;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

test('only the forum and the registry are marked with the project they read from, and every page lets them reach it', async ({
  page,
  request,
}) => {
  const text = async (path: string) => (await request.get(path)).text();
  const readsFrom = (html: string) => [...html.matchAll(/data-reads-from="([^"]*)"/g)].map((match) => match[1]);
  const connectSrc = (policy: string) => policy.match(/connect-src ([^;"]*)/)?.[1].split(' ');
  for (const path of ['/forum', '/mota']) expect(readsFrom(await text(path)), path).toEqual([project]);
  for (const path of ['/', '/about', '/line-bank', '/essays/philosophy/golden-age'])
    expect(readsFrom(await text(path)), path).toEqual([]);
  // The policy in the page, and the one the host sends with every page from the built _headers.
  expect(connectSrc(await text('/forum'))).toEqual(["'self'", project]);
  const paths = await pagePaths(page);
  expect(paths.length).toBeGreaterThan(40);
  for (const path of paths) {
    const policy = (await request.get(path)).headers()['content-security-policy'] ?? '';
    expect(connectSrc(policy), path).toEqual(["'self'", project]);
  }
});

test('the forum reads its conversation from the project, opens the connection ahead, and posts to it', async ({
  page,
}) => {
  const api = watchApi(page);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/forum');
  await expect(page.locator('[data-post]').first()).toBeVisible();
  await expect(page.locator(`link[rel="preconnect"][href="${project}"]`)).toHaveCount(1);
  const message = `Across origins, the shepherd counts the lamps (${Date.now()}).`;
  await page.getByLabel('Your message').fill(message);
  await page.getByRole('button', { name: 'Post to the Forum' }).click();
  await expect(toast(page, 'Post Submitted')).toBeVisible();
  await expect(page.locator('[data-post]', { hasText: message })).toBeVisible();
  expect(api().map(({ origin }) => origin)).toEqual(api().map(() => project));
  expect(api().some(({ method }) => method === 'POST')).toBe(true);
  expect(errors).toEqual([]);
});

test('the registry reads, filters, exports, draws a random idea and takes a new one from the project', async ({
  page,
}) => {
  const api = watchApi(page);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/mota');
  await expect(page.locator('tbody tr').first()).toBeVisible();

  await page.getByRole('button', { name: 'Random Idea' }).click();
  await expect(toast(page, 'Random Idea:')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await expect(toast(page, 'Data exported to CSV!')).toBeVisible();

  // A word long enough for the trigram index, and one too short for it (another view).
  const filter = page.getByRole('searchbox', { name: 'Filter the registry' });
  await filter.fill('lantern');
  await expect(page.getByText('matching “lantern”').first()).toBeVisible();
  await filter.fill('AI');
  await expect(page.getByText('matching “AI”').first()).toBeVisible();
  await filter.fill('');

  const issue = `Lamps that dim when the phone is slow, seen across origins (${Date.now()}).`;
  await page.getByRole('button', { name: 'Submit New Idea' }).click();
  await page.getByLabel('Issue/Problem').fill(issue);
  await page.getByLabel('Mitigation/Proposed Solution').fill('Answer the reader first.');
  await page.getByRole('button', { name: 'Submit Idea' }).click();
  await expect(toast(page, 'Idea Submitted!')).toBeVisible();
  await expect(page.getByText(issue).first()).toBeVisible();

  expect(api().map(({ origin }) => origin)).toEqual(api().map(() => project));
  expect(api().filter(({ method }) => method === 'POST').length).toBeGreaterThanOrEqual(1);
  expect(errors).toEqual([]);
});
