import { spawn } from 'node:child_process';
import { expect, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test';
import { DEV_ANON_KEY } from '../../supabase/gateway/dev-anon-key.mjs';

/** Helpers for the forum and registry specs: the REST API of the embedded backend, and toasts. */

export const REST = '/rest/v1';

/**
 * For a test whose checks are the page's own, the same whichever server answers: an axe scan,
 * what the page refuses before sending, its answer to a failure or a list the test makes up, and
 * how it lays out, focuses, times its requests and places its toasts around rows any server sends.
 * The `postgrest` project, which runs these files again against real PostgREST, leaves it out
 * (playwright.config.ts).
 */
export const ANY_SERVER = { tag: '@any-server' };
const headers = { apikey: DEV_ANON_KEY, Authorization: `Bearer ${DEV_ANON_KEY}`, 'Content-Type': 'application/json' };

/** Inserts rows through the public API (as a visitor could), in batches under the body limit. */
export async function insertRows(
  request: APIRequestContext,
  table: 'posts' | 'mota_ideas',
  rows: object[],
  baseURL?: string,
) {
  for (let i = 0; i < rows.length; i += 250) {
    const response = await request.post(`${baseURL ?? ''}${REST}/${table}`, { headers, data: rows.slice(i, i + 250) });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** How many visible rows a table holds, as the API counts them. */
export async function countRows(request: APIRequestContext, table: 'posts' | 'mota_ideas'): Promise<number> {
  const response = await request.head(`${REST}/${table}?select=id`, { headers: { ...headers, Prefer: 'count=exact' } });
  return Number(response.headers()['content-range']?.split('/')[1]);
}

/** A string no other test uses, for finding this test's rows. */
export function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

export const toast = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed=true])');

/** showToast's variants as sonner marks them (data-type). */
const TOAST_TYPES: Record<string, string> = { normal: 'info', success: 'success', destructive: 'error' };

/**
 * A toast with exactly this title (and, when given, this text and variant) is shown, and it is
 * the only one once the one it replaced has left.
 */
export async function expectToast(page: Page, title: string, description?: string | null, variant?: string) {
  const t = toast(page)
    .filter({ has: page.locator('[data-title]', { hasText: title }) })
    .last();
  await expect(t).toBeVisible();
  await expect(t.locator('[data-title]')).toHaveText(title);
  if (description === null) await expect(t.locator('[data-description]')).toHaveCount(0);
  else if (description !== undefined) await expect(t.locator('[data-description]')).toHaveText(description);
  if (variant) await expect(t).toHaveAttribute('data-type', TOAST_TYPES[variant]);
  await expect(toast(page)).toHaveCount(1);
}

/** The newest toast on screen. */
export const lastToast = (page: Page) => toast(page).last();

/** Whether the newest toast, come to rest, lies over any part of `target`. */
export async function toastCovers(page: Page, target: Locator): Promise<boolean> {
  await lastToast(page).hover({ trial: true }); // waits out sonner's entrance
  const [a, b] = [await lastToast(page).boundingBox(), await target.boundingBox()];
  return !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The client retries a failed GET three times, 1 s, 2 s and 4 s apart, before giving up: with
 * Playwright's clock installed, run time forward a second at a time until the toast appears.
 */
export async function runClockUntil(page: Page, condition: () => Promise<void>) {
  await expect(async () => {
    await page.clock.runFor(1000);
    await condition();
  }).toPass({ timeout: 20_000 });
}

/** Answers a list request with no rows, as PostgREST does for an empty table. */
export function emptyList(route: Route) {
  return route.fulfill({
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Range': '*/0',
      'Access-Control-Expose-Headers': 'Content-Range',
    },
    body: '[]',
  });
}

/** Answers a list request with these rows, as PostgREST does. */
export function listOf(rows: object[]) {
  return (route: Route) =>
    route.fulfill({
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Range': `0-${rows.length - 1}/${rows.length}`,
        'Access-Control-Expose-Headers': 'Content-Range',
      },
      body: JSON.stringify(rows),
    });
}

/**
 * Keeps the web fonts away, so that every load of a page draws its text in the fallback faces.
 * With `font-display: optional` each load uses a web font only if it is there in time, so two
 * loads compared pixel for pixel could otherwise differ in their fonts alone.
 */
export async function withoutWebFonts(page: Page): Promise<void> {
  await page.route('**/_astro/fonts/**', (route) => route.abort());
}

/**
 * What an element looks like on screen (the site header, a row), to compare with the same page
 * showing other rows: one row's text must never paint over the header or another row. Pages
 * compared across loads are opened `withoutWebFonts`.
 */
export async function pixelsOf(page: Page, element: Locator): Promise<Buffer> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  return element.screenshot({ animations: 'disabled', caret: 'hide' });
}

/** The site's header. */
export const siteHeader = (page: Page) => page.locator('header').first();

/** A server error in PostgREST's shape. */
export function serverError(route: Route) {
  return route.fulfill({
    status: 500,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: 'XX000', message: 'internal error', details: null, hint: null }),
  });
}

/** Holds matching requests until `release` is called: for seeing loading and in-flight states. */
export async function holdRequests(page: Page, url: Parameters<Page['route']>[0], method = 'GET') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await released;
    await route.fallback();
  });
  return release;
}

/** Refuses matching requests, as a lost connection would, until `allow` is called. */
export async function refuseRequests(page: Page, url: Parameters<Page['route']>[0]) {
  let refusing = true;
  await page.route(url, (route) => (refusing ? route.abort('internetdisconnected') : route.fallback()));
  return () => {
    refusing = false;
  };
}

/** Counts the requests of one method to a table while the test runs. */
export function countRequests(page: Page, table: string, method: string): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === `${REST}/${table}`) counter.count += 1;
  });
  return counter;
}

/** Every request to the API while the test runs, as `METHOD /table`: one press, one request. */
export function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith(`${REST}/`)) seen.push(`${r.method()} ${pathname.slice(REST.length + 1)}`);
  });
  return seen;
}

/** The page never scrolls sideways (long words wrap). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * `npm start`'s server on a port of its own, for specs that need settings the suite's server
 * does not have (a rate limit, a database on disk). Resolves once the forum answers; `stop`
 * ends the server and everything it started, and resolves once the server has exited.
 */
export async function startOwnServer(
  port: number,
  env: Record<string, string>,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['server/serve.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    detached: true, // its own process group, stopped as a whole
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.pid && server.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGTERM');
    await exited;
  };
  const status = async () => {
    try {
      return (await fetch(`${origin}/forum`)).status;
    } catch {
      return 0;
    }
  };
  await expect.poll(status, { timeout: 45_000, intervals: [250] }).toBe(200);
  return { origin, stop };
}
