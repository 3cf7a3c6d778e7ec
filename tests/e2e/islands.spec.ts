import { test, expect } from './fixtures';
import type { BrowserContext, Page } from '@playwright/test';
// shell.spec.ts spells the sequence out; here it is only the means to reach the island.
import { KONAMI_SEQUENCE } from '../../src/lib/konami';
import { COMPILE_HINT } from '../../src/integrations/compile-hints.mjs';
import { holdRequests, insertRows, refuseRequests, unique } from './community-helpers';
import { watchScriptsRun } from './scripts-run';
import { codeAt, islandsStarting } from './helpers';

// Which React islands each page carries and when they hydrate: every widget is an island, and
// each costs the reader only when it is needed.

/** Every island on the page, by component name, and whether it has hydrated. */
const islands = (page: Page) =>
  page.locator('astro-island').evaluateAll((all) =>
    all.map((el) => ({
      name: JSON.parse(el.getAttribute('opts') ?? '{}').name as string,
      hydrated: !el.hasAttribute('ssr'),
    })),
  );
const names = (list: { name: string; hydrated: boolean }[], hydrated: boolean) =>
  list
    .filter((island) => island.hydrated === hydrated)
    .map((island) => island.name)
    .sort();

/** React's and the islands' modules: what a reading page must not run before a press. */
const REACT = /react|client\.|jsx-runtime|\/[A-Z]\w+\.[\w-]+\.js$/;

/**
 * Starts watching which React (and island) modules the page runs; the returned function lists
 * those that have run so far. A module only fetched ahead, never started, is not among them.
 */
async function watchReact(page: Page): Promise<() => Promise<string[]>> {
  const scriptsRun = await watchScriptsRun(page);
  return async () => [...(await scriptsRun()).keys()].filter((url) => REACT.test(url));
}

/** Scrolls through the whole page, so islands that wait to be seen are seen. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 400) await page.mouse.wheel(0, 400);
}

/**
 * Opens the page and scrolls through all of it, which must run no React; the returned function
 * keeps telling what has run since.
 */
async function readWithoutReact(page: Page, path: string): Promise<() => Promise<string[]>> {
  const reactRun = await watchReact(page);
  await page.goto(path);
  await scrollThrough(page);
  await page.waitForLoadState('networkidle');
  expect(await reactRun()).toEqual([]);
  return reactRun;
}

const expected: Record<string, string[]> = {
  '/': ['PulseCarousel'],
  '/curious-mind-quiz': ['CuriousMindQuiz', 'Toaster'],
  '/line-bank': ['LineBank', 'Toaster'],
  '/firstlight': ['FirstLightForm', 'Toaster'],
  '/early-access-signup': ['EarlyAccessForm', 'Toaster'],
  '/forum': ['CarobForum', 'Toaster'],
  '/mota': ['MotaRegistry', 'Toaster'],
  '/about': [],
  '/essays/philosophy/golden-age': [],
};

for (const [path, hydrating] of Object.entries(expected)) {
  test(`${path} hydrates ${hydrating.join(', ') || 'no island'} without being touched; the rest wait`, async ({
    page,
  }) => {
    await page.goto(path);
    await scrollThrough(page);
    await expect.poll(async () => names(await islands(page), true)).toEqual(hydrating);
    const waiting = hydrating.includes('Toaster') ? ['KonamiListener'] : ['KonamiListener', 'Toaster'];
    expect(names(await islands(page), false)).toEqual(waiting);
  });
}

for (const path of ['/about', '/essays/philosophy/golden-age']) {
  test(`${path} runs no React until the visitor starts the Konami code`, async ({ page }) => {
    const reactRun = await readWithoutReact(page, path);
    // Arrows that scroll the page are not the code's first key.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('b');
    await page.waitForLoadState('networkidle');
    expect(await reactRun()).toEqual([]);
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => names(await islands(page), true)).toEqual(['KonamiListener']);
    expect((await reactRun()).some((url) => /KonamiListener/.test(url))).toBe(true);
  });
}

// On the essay that island is the toast area, for Share: fetched once the page has painted (which
// budgets.spec.ts checks on every page), started only by a toast.
for (const path of ['/line-bank', '/curious-mind-quiz', '/essays/philosophy/golden-age']) {
  test(`${path} fetches its island's code as soon as the page has painted, not at the first idle moment`, async ({
    page,
  }) => {
    // No idle moment ever comes: what is fetched is what the page asks for on its own.
    await page.addInitScript(() => Object.assign(window, { requestIdleCallback: () => 0 }));
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const code = await page
      .locator(`${islandsStarting(true)}, ${islandsStarting('toast')}`)
      .evaluateAll((all) =>
        all.flatMap((island) => [island.getAttribute('component-url')!, island.getAttribute('renderer-url')!]),
      );
    await expect.poll(() => code.filter((url) => !requested.includes(url))).toEqual([]);
    // Fetched, and started only at the idle moment.
    expect(names(await islands(page), true)).toEqual([]);
  });
}

// What a reading page fetches ahead without running it: the code of an island that a press on it
// will start, and nothing more. An essay's Share raises a toast outside any island (its code is
// fetched as the page is read in); the home page's carousel is further down (fetched at idle). The
// Konami listener's code waits for the sequence's first key: the keys still to come leave time
// for it.
const fetchedAhead: Record<string, string> = {
  '/essays/philosophy/golden-age': islandsStarting('toast'),
  '/': islandsStarting('near'),
};
for (const [path, selector] of Object.entries(fetchedAhead)) {
  test(`${path} fetches ahead the code of the island a press may start, and runs none of it`, async ({ page }) => {
    const reactRun = await watchReact(page);
    const preloaded = () =>
      page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    let listsFetched = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/island-modules.json') listsFetched += 1;
    });
    await page.goto(path);
    const code = await page
      .locator(selector)
      .evaluateAll((all) =>
        all.flatMap((island) => [island.getAttribute('component-url')!, island.getAttribute('renderer-url')!]),
      );
    expect(code).toHaveLength(2);
    await expect.poll(preloaded).toEqual(expect.arrayContaining([...code, expect.stringMatching(/react/)]));
    // Every module they import is there, so none waits to be found on the first press.
    const graph = (await (await page.request.get('/island-modules.json')).json()) as Record<string, string[]>;
    expect(await preloaded()).toEqual(expect.arrayContaining(code.flatMap((url) => graph[url])));
    await page.waitForLoadState('networkidle');
    expect(await reactRun()).toEqual([]);
    const konami = await page.locator(islandsStarting('konami')).getAttribute('component-url');
    expect(await preloaded()).not.toContain(konami);
    // The page carries its part of the build's list: asking for it cost a round trip first.
    expect(listsFetched).toBe(0);
  });
}

// Built for a hosted Supabase project, the forum and registry read from its origin
// (hosted-project.spec.ts checks the hosted build marks them so); served here from the test build,
// marked as that build marks them.
const PROJECT = 'https://abcdefghijklmnop.supabase.co';
const readingFrom = (page: Page, path: string, origin: string) =>
  page.route(path, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '<div class="js-only">',
      `<div class="js-only" data-reads-from="${origin}">`,
    );
    expect(html).toContain(`data-reads-from="${origin}"`);
    const { 'content-encoding': _, 'content-length': __, ...headers } = response.headers();
    await route.fulfill({ response, headers, body: html });
  });

for (const path of ['/forum', '/mota']) {
  test(`${path} opens its connection to a Supabase project on another origin once the page has painted, not before`, async ({
    page,
  }) => {
    await readingFrom(page, path, PROJECT);
    // When the hint is added, against the first paint (both on the page's clock).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('link[rel="preconnect"]')) return;
        observer.disconnect();
        Object.assign(window, { connectedAt: performance.now() });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    const hint = page.locator('link[rel="preconnect"]');
    await expect(hint).toHaveCount(1);
    // The client's requests carry no credentials: only an anonymous connection can serve them.
    expect(await hint.evaluate((link: HTMLLinkElement) => [link.href, link.crossOrigin])).toEqual([
      `${PROJECT}/`,
      'anonymous',
    ]);
    const [connectedAt, paintedAt] = await page.evaluate(() => [
      (window as unknown as { connectedAt: number }).connectedAt,
      performance.getEntriesByName('first-contentful-paint')[0].startTime,
    ]);
    expect(connectedAt).toBeGreaterThanOrEqual(paintedAt);
  });

  test(`${path}, reading from its own origin, opens no connection ahead: the page's is there`, async ({
    page,
    baseURL,
  }) => {
    await readingFrom(page, path, new URL(baseURL!).origin);
    await page.goto(path);
    await expect(page.locator('[data-state="list"]')).toBeVisible();
    await expect(page.locator('link[rel="preconnect"]')).toHaveCount(0);
  });
}

test('a reading page where nothing raises a toast downloads no React, until the Konami sequence begins', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  const renderer = (await page.locator(islandsStarting('toast')).getAttribute('renderer-url'))!;
  const konami = (await page.locator(islandsStarting('konami')).getAttribute('component-url'))!;
  expect(requested.filter((path) => path === renderer || path === konami || /Toaster/.test(path))).toEqual([]);
  for (const key of KONAMI_SEQUENCE) await page.keyboard.press(key);
  await expect(page).toHaveURL(/\/firstlight$/);
  expect(requested).toEqual(expect.arrayContaining([renderer, konami]));
});

test('React DOM, the toast area and Headless UI, and only they, ask V8 to compile all their functions as they arrive', async ({
  request,
}) => {
  const graph = (await (await request.get('/island-modules.json')).json()) as Record<string, string[]>;
  const chunks = [...new Set(Object.entries(graph).flat(2))];
  const hinted: string[] = [];
  let react = '';
  let toasts = '';
  // Headless UI names the elements it gives ids to `headlessui-…`.
  const headlessUi: string[] = [];
  for (const url of chunks) {
    const code = await (await request.get(url)).text();
    if (code.split('\n', 1)[0] === COMPILE_HINT) hinted.push(url);
    if (code.includes('hydrateRoot')) react = url;
    if (code.includes('--front-toast-height')) toasts = url;
    if (code.includes('headlessui-')) headlessUi.push(url);
  }
  expect(react && toasts).toBeTruthy();
  expect(headlessUi.some((url) => url.includes('IdeaDialog'))).toBe(true);
  expect(hinted.sort()).toEqual([react, toasts, ...headlessUi].sort());
});

/**
 * Holds React's client module (every island's renderer) back until `release` is called, so a
 * press lands on the server's markup, at the worst moment: the page is there, its code is not.
 */
function holdIslandCode(page: Page): Promise<() => void> {
  return holdRequests(page, codeAt(/^\/_astro\/client\.[\w-]+\.js$/));
}

/** Opens `path` with the island code held; returns once the page's own HTML is parsed. */
async function openHeld(page: Page, path: string): Promise<() => void> {
  const release = await holdIslandCode(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return release;
}

/** Resolves once Astro has given up on an island's code (its own second try included). */
const hydrationFailed = (page: Page) =>
  page.waitForEvent('console', (message) => message.text().includes('Error hydrating'));

/** Share copies the link, as in a desktop browser without a share sheet, with the clipboard allowed. */
async function copyInsteadOfSharing(page: Page, context: BrowserContext) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
}

const ssr = (page: Page, selector: string) => page.locator(`astro-island[ssr]:has(${selector})`);
const shownToast = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed=true])');

test.describe('no press on an island is lost while its code is on its way', () => {
  test('the quiz: Begin the Quiz', async ({ page }) => {
    const release = await openHeld(page, '/curious-mind-quiz');
    await page.getByRole('button', { name: 'Begin the Quiz' }).click();
    await expect(ssr(page, 'button')).toHaveCount(1);
    release();
    await expect(page.getByText('Question 1 of 4', { exact: true })).toBeVisible();
    await expect(page.locator('main h2[tabindex="-1"]')).toBeFocused();
  });

  test("the quiz: a screen reader's press, with no pointer or focus before it", async ({ page }) => {
    const release = await openHeld(page, '/curious-mind-quiz');
    await page.getByRole('button', { name: 'Begin the Quiz' }).dispatchEvent('click');
    release();
    await expect(page.getByText('Question 1 of 4', { exact: true })).toBeVisible();
  });

  test('the Line Bank: a chip filters the lines', async ({ page }) => {
    const release = await openHeld(page, '/line-bank');
    const tagged = await page.locator('[data-line][data-tags*="Philosophy"]').count();
    await page.locator('[data-chip="Philosophy"]').click();
    await expect(page.locator('[data-chip="Philosophy"]')).toHaveAttribute('aria-pressed', 'false');
    release();
    await expect(page.locator('[data-chip="Philosophy"]')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-line]:visible')).toHaveCount(tagged);
  });

  test('the Line Bank: code that could not be fetched is asked for again by the next press, which it answers', async ({
    page,
  }) => {
    const allow = await refuseRequests(page, codeAt(/^\/_astro\/LineBank\.[\w-]+\.js$/));
    // Astro's own two tries, both refused, at the first idle moment.
    const failed = hydrationFailed(page);
    await page.goto('/line-bank', { waitUntil: 'domcontentloaded' });
    await failed;
    await expect(ssr(page, '[data-chip="Philosophy"]')).toHaveCount(1);
    allow();
    await page.locator('[data-chip="Philosophy"]').click();
    await expect(page.locator('[data-chip="Philosophy"]')).toHaveAttribute('aria-pressed', 'true');
  });

  test('the Line Bank: Copy copies the line and says so in a toast', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const release = await openHeld(page, '/line-bank');
    const first = page.locator('[data-copy]').first();
    const line = await first.getAttribute('data-copy');
    await first.dispatchEvent('click');
    release();
    await expect(shownToast(page)).toContainText('Copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
  });

  test('Pulse Thoughts: Next quote pressed right after scrolling the carousel into view', async ({ page }) => {
    const release = await openHeld(page, '/');
    const next = page.getByRole('button', { name: 'Next quote' });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await expect(ssr(page, '[data-pulse-carousel]')).toHaveCount(1);
    release();
    await expect(page.locator('[data-pulse-dot]').nth(1)).toHaveAttribute('aria-pressed', 'true');
  });

  test('Pulse Thoughts: Pause the quotes pressed while the code is on its way', async ({ page }) => {
    const release = await openHeld(page, '/');
    const pause = page.getByRole('button', { name: 'Pause the quotes' });
    await pause.scrollIntoViewIfNeeded();
    await pause.click();
    await expect(ssr(page, '[data-pulse-carousel]')).toHaveCount(1);
    release();
    await expect(page.getByRole('button', { name: 'Play the quotes' })).toBeVisible();
  });

  test('the forum: a post typed and sent during load is posted', async ({ page }) => {
    const release = await openHeld(page, '/forum');
    const text = `Held press ${Date.now().toString(36)}`;
    await page.getByLabel('Your message').fill(text);
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/rest/v1/posts'));
    // Answered here as the database would, not stored: the forum's paging test, running beside
    // this file, counts on no post arriving while it steps through the pages.
    await page.route('**/rest/v1/posts**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 201,
            contentType: 'application/json',
            body: JSON.stringify([
              { id: 999_999, content: text, author_name: null, created_at: new Date().toISOString() },
            ]),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Post to the Forum' }).click();
    await expect(ssr(page, 'form')).toHaveCount(1);
    release();
    expect((await sent).postDataJSON()).toMatchObject({ content: text });
    await expect(shownToast(page)).toContainText('Post Submitted');
  });

  test('the registry: Submit New Idea opens its dialog', async ({ page }) => {
    const release = await openHeld(page, '/mota');
    await page.getByRole('button', { name: 'Submit New Idea' }).click();
    release();
    await expect(page.getByRole('dialog', { name: 'Submit New Idea' })).toBeVisible();
  });

  test('the registry: Export CSV, pressed before its pointer-down was seen, still downloads', async ({
    page,
    request,
  }) => {
    await insertRows(request, 'mota_ideas', [{ issue: unique('held'), mitigation: 'Exported all the same' }]);
    const release = await openHeld(page, '/mota');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(ssr(page, 'button:has-text("Export CSV")')).toHaveCount(1);
    release();
    expect((await download).suggestedFilename()).toBe('mota_ideas.csv');
  });

  for (const [path, email, button] of [
    ['/firstlight', 'Your email address', 'Send My Signal'],
    ['/early-access-signup', 'Enter your email address', 'Get Early Access'],
  ] as const) {
    test(`${path}: a sign-up sent during load opens the mail app, and the page stays`, async ({ page }) => {
      const release = await openHeld(page, path);
      const field = path === '/firstlight' ? page.getByLabel(email) : page.getByPlaceholder(email);
      await field.fill('held@example.com');
      const mail = page.waitForRequest((request) => request.url().startsWith('mailto:'));
      await page.getByRole('button', { name: button }).click();
      release();
      expect((await mail).url()).toContain('held%40example.com');
      expect(new URL(page.url()).search).toBe('');
    });
  }

  test("a toast raised on a reading page while the toast code is on its way: Share's Link copied", async ({
    page,
    context,
  }) => {
    await copyInsteadOfSharing(page, context);
    const release = await holdIslandCode(page);
    await page.goto('/essays/philosophy/golden-age');
    await page.locator('[data-share]').first().click();
    release();
    await expect(shownToast(page)).toContainText('Link successfully copied.');
  });

  test('a toast whose code could not be fetched: the next toast asks for it again and shows', async ({
    page,
    context,
  }) => {
    await copyInsteadOfSharing(page, context);
    const allow = await refuseRequests(page, codeAt(/^\/_astro\/Toaster\.[\w-]+\.js$/));
    await page.goto('/essays/philosophy/golden-age');
    const failed = hydrationFailed(page);
    const share = page.locator('[data-share]').first();
    await share.click();
    await failed;
    allow();
    await share.click();
    await expect(shownToast(page)).toContainText('Link successfully copied.');
  });
});

test('the Konami code typed the moment the page opens, its code held back, still reaches /firstlight', async ({
  page,
}) => {
  const reactRun = await watchReact(page);
  const release = await holdIslandCode(page);
  await page.goto('/about');
  // Leave this page by a plain navigation, and type as soon as the next one's scripts have run.
  await page.evaluate(() => window.location.assign('/essays/philosophy/golden-age'));
  await page.waitForURL('**/golden-age', { waitUntil: 'domcontentloaded' });
  expect(await reactRun()).toEqual([]);
  for (const key of KONAMI_SEQUENCE) await page.keyboard.press(key);
  expect(page.url()).toMatch(/golden-age$/);
  release();
  await page.waitForURL('**/firstlight');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('First Light: Join the Inner Circle');
});

test.describe('the Submit New Idea dialog (Headless UI)', () => {
  const IDEA_DIALOG_CODE = /\/IdeaDialog\.[\w-]+\.js$/;

  test('is drawn hidden once the registry starts, opens with no download, traps focus, closes on Escape and returns focus', async ({
    page,
  }) => {
    const chunks: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && chunks.push(request.url()));
    await page.goto('/mota');
    // Loaded and drawn at idle once the registry has started, before any press, and hidden: the
    // first opening only shows it.
    await expect.poll(() => chunks.filter((url) => /IdeaDialog/.test(url)).length).toBe(1);
    await expect(page.locator('[data-idea-dialog]')).toBeAttached();
    await expect(page.locator('[data-idea-dialog]')).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('main')).not.toHaveAttribute('inert');

    const opener = page.getByRole('button', { name: 'Submit New Idea' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Submit New Idea' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toHaveAccessibleDescription(/Name a problem, offer a mitigation/);
    await expect(dialog.getByLabel('Issue/Problem')).toBeFocused();

    const focusInside = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
    }
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside()).toBe(true);
    }
    // The page behind is out of reach while the dialog is open.
    await expect(page.locator('main')).toHaveAttribute('inert', '');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // A second opening needs no further download and works the same.
    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(chunks.filter((url) => /IdeaDialog/.test(url))).toHaveLength(1);
  });

  test('the dialog drawn at idle leaves focus where the reader is', async ({ page }) => {
    const release = await holdRequests(page, IDEA_DIALOG_CODE);
    await page.goto('/mota');
    const filter = page.getByRole('searchbox', { name: 'Filter the registry' });
    await filter.click();
    await page.keyboard.type('bon');
    release();
    await expect(page.locator('[data-idea-dialog]')).toBeAttached();
    await page.keyboard.type('fire');
    await expect(filter).toBeFocused();
    await expect(filter).toHaveValue('bonfire');
  });

  test("a press while the dialog's code is still on its way opens it once the code arrives", async ({ page }) => {
    const release = await holdRequests(page, IDEA_DIALOG_CODE);
    await page.goto('/mota');
    await page.getByRole('button', { name: 'Submit New Idea' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog', { name: 'Submit New Idea' })).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel('Issue/Problem')).toBeFocused();
  });

  test('a dialog whose code cannot arrive says so, and the page goes on working', async ({ page }) => {
    await page.route(IDEA_DIALOG_CODE, (route) => route.abort());
    await page.goto('/mota');
    await page.getByRole('button', { name: 'Submit New Idea' }).click();
    await expect(shownToast(page)).toContainText('Submission Failed');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Random Idea' })).toBeEnabled();
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every quote and text is still on the page, and no form is offered that could not be sent', async ({ page }) => {
    await page.goto('/line-bank');
    await expect(page.locator('[data-line]')).toHaveCount(12);
    for (const line of await page.locator('[data-line]').all()) await expect(line).toBeVisible();
    // Filtering and copying need script: their controls are not offered.
    await expect(page.locator('[data-chip]').first()).toBeHidden();
    await expect(page.locator('[data-copy]').first()).toBeHidden();

    await page.goto('/');
    await expect(page.locator('[data-pulse-slide]')).toHaveCount(12);
    for (const slide of await page.locator('[data-pulse-slide]').all()) await expect(slide).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next quote' })).toBeHidden();

    // A form that cannot open the mail app, post or add an idea is not offered; each page says
    // what to do instead, and nothing says it is loading. (Chromium with script execution turned
    // off still parses <noscript> as text: its words are read, not its layout.)
    const noScripts = 'Scripts are off, so this page cannot open your mail app for you.';
    await page.goto('/firstlight');
    await expect(page.getByLabel('Your email address')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Send My Signal' })).toBeHidden();
    await expect(page.getByText(noScripts)).toBeVisible();
    await expect(page.locator('main a[href^="mailto:"]').first()).toBeVisible();

    await page.goto('/early-access-signup');
    await expect(page.getByPlaceholder('Enter your email address')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Get Early Access' })).toBeHidden();
    await expect(page.getByText(noScripts)).toBeVisible();

    await page.goto('/forum');
    await expect(page.getByLabel('Your message')).toBeHidden();
    await expect(page.locator('main [role=status]:visible')).toHaveCount(0);
    expect(await page.locator('main noscript').textContent()).toContain('and posts are sent, with JavaScript');

    await page.goto('/mota');
    await expect(page.getByRole('button', { name: 'Submit New Idea' })).toBeHidden();
    await expect(page.locator('main [role=status]:visible')).toHaveCount(0);
    expect(await page.locator('main noscript').textContent()).toContain('and ideas are added to it, with JavaScript');

    // Dismissing the banner needs script: not offered. The cover story's echoes, which script
    // turns one by one, all show.
    await page.goto('/coverstory');
    await expect(page.locator('[data-whats-new]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dismiss' })).toBeHidden();
    const echoes = page.locator('[data-echo-slide]');
    await expect(echoes).toHaveCount(3);
    for (const echo of await echoes.all()) await expect(echo).toBeVisible();

    await page.goto('/curious-mind-quiz');
    await expect(page.getByRole('heading', { name: 'Four questions under the carob tree' })).toBeVisible();

    for (const path of ['/about', '/essays/philosophy/golden-age']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // innerText reads what is laid out, and prose blocks are laid out as the reader nears them.
      await expect.poll(async () => (await page.locator('main').innerText()).length).toBeGreaterThan(1500);
    }
  });
});

test('the toast area hydrates only when there is a toast: one raised, or one carried over', async ({ page }) => {
  const reactRun = await watchReact(page);
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  expect(names(await islands(page), false)).toContain('Toaster');
  expect(await reactRun()).toEqual([]);
  await page.evaluate(() =>
    sessionStorage.setItem(
      'pendingToasts',
      JSON.stringify([
        { id: 'carried', title: 'Carried over', variant: 'normal', duration: 5000, expiresAt: Date.now() + 60_000 },
      ]),
    ),
  );
  await page.reload();
  await expect(page.locator('[data-sonner-toast]')).toContainText('Carried over');
  expect(names(await islands(page), true)).toContain('Toaster');
});
