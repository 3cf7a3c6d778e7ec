import { test, expect } from './fixtures';
import { seriousAxeViolations } from './axe';
import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { codeAt, frames, watchConsole } from './helpers';
import { TOAST_EVENT } from '../../src/lib/toast';
import {
  refuseRequests,
  REST,
  countRequests,
  countRows,
  emptyList,
  expectNoHorizontalScroll,
  expectToast,
  holdRequests,
  insertRows,
  lastToast,
  listOf,
  runClockUntil,
  pixelsOf,
  serverError,
  siteHeader,
  toast,
  unique,
  withoutWebFonts,
  ANY_SERVER,
} from './community-helpers';

// The Carob Forum against the embedded backend (DATA_DIR=memory, COMMUNITY_RATE_LIMIT=0).
// The tests of this file share the posts table, so they run one after another; the paging test
// adds 1,000 posts and runs after every test that reads the first page.
test.describe.configure({ mode: 'default' });

const POSTS = `**${REST}/posts**`;
/** The forum's page size, the author's setting in content/site.json. */
const { postsPerPage: POSTS_PER_PAGE } = (
  JSON.parse(readFileSync('content/site.json', 'utf8')) as { forum: { postsPerPage: number } }
).forum;
const list = (page: Page) => page.getByRole('tabpanel');
const posts = (page: Page) => list(page).locator('[data-post]');
const messageField = (page: Page) => page.getByLabel('Your message');
const nameField = (page: Page) => page.getByLabel('Your name');
const postButton = (page: Page) => page.getByRole('button', { name: 'Post to the Forum' });

/** Posts `text` and expects the forum to refuse it before sending, in these words, with the text kept. */
async function expectRefusedBeforeSending(page: Page, text: string, reason: string) {
  const sent = countRequests(page, 'posts', 'POST');
  await messageField(page).fill(text);
  await postButton(page).click();
  await expectToast(page, 'Error submitting post', reason, 'destructive');
  expect(sent.count).toBe(0);
  await expect(messageField(page)).toHaveValue(text);
}

async function open(page: Page) {
  await page.goto('/forum');
  await expect(list(page).locator('[data-state="list"], [data-state="empty"]')).toBeVisible();
}

/** The answer to the next read of the page before the one shown (a step from its oldest post). */
const pageBeforeRead = (page: Page) => page.waitForResponse((r) => /\/posts\?.*created_at=lte\./.test(r.url()));

/** The forum open with more than a page of posts, the page before the newest read ahead. */
async function openWithPageBefore(page: Page, request: APIRequestContext, contents: string[]) {
  await insertRows(
    request,
    'posts',
    contents.map((content) => ({ content, author_name: null })),
  );
  const readAhead = pageBeforeRead(page);
  await open(page);
  await readAhead;
}

/**
 * Each request for posts from now on, as `METHOD words`: the words of what matches `selector` in
 * the last frame drawn before the request left (a button's label, a toast), or "none". Read in
 * requestAnimationFrame, which runs just before a frame is drawn: what it finds is in that frame,
 * and a task after it runs once that frame is drawn.
 */
async function notePostsRequests(page: Page, selector: string): Promise<() => Promise<string[]>> {
  await page.addInitScript((selector) => {
    let drawn = 'none';
    const readFrame = () => {
      drawn = document.querySelector(selector)?.textContent ?? 'none';
      requestAnimationFrame(readFrame);
    };
    requestAnimationFrame(readFrame);
    const send = window.fetch.bind(window);
    const requests: string[] = ((window as unknown as { __postsRequests: string[] }).__postsRequests = []);
    window.fetch = (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname.endsWith('/rest/v1/posts')) requests.push(`${request.method} ${drawn}`);
      return send(input, init);
    };
  }, selector);
  return () => page.evaluate(() => (window as unknown as { __postsRequests: string[] }).__postsRequests);
}

test('the page: title, side description, links, form and the newest posts @phone', async ({ page }) => {
  const checkConsole = watchConsole(page);
  await open(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Carob Forum');
  await expect(page.locator('h1')).toHaveCount(1);
  const side = page.getByRole('complementary', { name: 'About the Carob Forum' });
  await expect(side).toContainText('Sentinel');
  await expect(side.getByRole('link', { name: 'submission guidelines' })).toHaveAttribute(
    'href',
    '/submission-guidelines',
  );
  await expect(side.getByRole('link', { name: 'The meta-narrative' })).toHaveAttribute('href', '/meta-narrative');
  await expect(page.getByRole('heading', { name: 'Join the Dialogue' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Thread View' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Dialogue Scroll' })).toHaveAttribute('aria-selected', 'false');
  await expect(posts(page).first()).toBeVisible();
  // Oldest first within the page.
  const times = await posts(page)
    .locator('time')
    .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
  expect(times.map((t) => Date.parse(t))).toEqual([...times.map((t) => Date.parse(t))].sort((a, b) => a - b));
  await expectNoHorizontalScroll(page);
  checkConsole();
});

test('loading, then the list', async ({ page }) => {
  const release = await holdRequests(page, POSTS);
  await page.goto('/forum');
  await expect(list(page).locator('[data-state="loading"]')).toHaveText(/Gathering the conversation/);
  await expect(list(page).getByRole('status')).toBeVisible();
  release();
  await expect(list(page).locator('[data-state="list"]')).toBeVisible();
  await expect(list(page).locator('[data-state="loading"]')).toHaveCount(0);
});

test('an empty forum says the grove is quiet', ANY_SERVER, async ({ page }) => {
  await page.route(POSTS, (route) => (route.request().method() === 'GET' ? emptyList(route) : route.fallback()));
  // The pages are counted from the kept total, which the posts of tests running beside this one
  // raise: it says none too, as an empty forum's does.
  await page.route(/\/community_totals\?/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), posts: 0 } });
  });
  await page.goto('/forum');
  await expect(list(page).locator('[data-state="empty"]')).toHaveText('The grove is quiet. Be the first to speak.');
  await expect(page.getByRole('navigation', { name: 'Forum pages' })).toHaveCount(0);
});

for (const failure of ['blocked', 'a server error'] as const) {
  test(`a failed fetch (${failure}) shows the Error fetching posts toast`, ANY_SERVER, async ({ page }) => {
    await page.clock.install();
    await page.route(POSTS, (route) => (failure === 'blocked' ? route.abort() : serverError(route)));
    await page.goto('/forum');
    // A blocked request is retried three times first (postgrest-js), a server error is not.
    await runClockUntil(page, () => expect(toast(page)).toHaveCount(1, { timeout: 200 }));
    await expectToast(
      page,
      'Error fetching posts',
      'Could not retrieve the dialogue. Please try again later.',
      'destructive',
    );
    await expect(list(page).locator('[data-state="error"]')).toBeVisible();
    // Try again, with the backend back.
    await page.unroute(POSTS);
    await list(page).getByRole('button', { name: 'Try again' }).click();
    // The button pressed is gone: the keyboard's place is the dialogue's heading, not the page's start.
    await expect(page.locator('#dialogue-heading')).toBeFocused();
    await expect(list(page).locator('[data-state="list"]')).toBeVisible();
  });
}

test('a post shown from its own answer stays when the list read after it fails', async ({ page }) => {
  await open(page);
  const text = unique('Kept through a failed read');
  await messageField(page).fill(text);
  await page.route(POSTS, (route) => (route.request().method() === 'GET' ? serverError(route) : route.fallback()));
  const reread = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes(`${REST}/posts`));
  await postButton(page).click();
  await reread;
  await frames(page, 2);
  await expect(posts(page).filter({ hasText: text })).toHaveCount(1);
  await expect(list(page).locator('[data-state="error"]')).toHaveCount(0);
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.', 'normal');
  await expect(toast(page)).toHaveCount(1);
});

test('posting with a name: trimmed, toast, form cleared, list reloaded with the post last', async ({ page }) => {
  const checkConsole = watchConsole(page);
  await open(page);
  const text = unique('Under the carob');
  await nameField(page).fill('  Eleni  ');
  await messageField(page).fill(`  ${text}  `);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(`${REST}/posts`));
  const reloaded = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes(`${REST}/posts`));
  await postButton(page).click();
  expect((await sent).postDataJSON()).toEqual({ content: text, author_name: 'Eleni' });
  await reloaded;
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.', 'normal');
  await expect(messageField(page)).toHaveValue('');
  await expect(nameField(page)).toHaveValue('');
  const last = posts(page).last();
  await expect(last.locator('[data-content]')).toHaveText(text);
  await expect(last.locator('[data-author]')).toHaveText('Eleni');
  checkConsole();
});

test("the new post shows from the insert's own answer, before page 1 is read again", async ({ page }) => {
  await open(page);
  const text = unique('Shown from the answer');
  await nameField(page).fill('Eleni');
  await messageField(page).fill(text);
  const release = await holdRequests(page, POSTS, 'GET');
  await postButton(page).click();
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.', 'normal');
  // Page 1's read is held: what shows came with the insert, and the list never went to loading.
  const last = posts(page).last();
  await expect(last.locator('[data-content]')).toHaveText(text);
  await expect(last.locator('[data-author]')).toHaveText('Eleni');
  release();
  await expect(posts(page).last().locator('[data-content]')).toHaveText(text);
});

test(
  'the post is sent before its pending state is drawn, which still shows while it is on its way',
  ANY_SERVER,
  async ({ page }) => {
    // Asked for after the pending state was set, the insert waited for React to draw "Posting…"
    // before it was sent.
    const requests = await notePostsRequests(page, '[data-counted-form] button[type="submit"]');
    await open(page);
    await messageField(page).fill(unique('Sent before the pending state'));
    const release = await holdRequests(page, POSTS, 'POST');
    await postButton(page).click();
    await expect(page.getByRole('button', { name: 'Posting…' })).toBeVisible();
    expect((await requests()).filter((r) => r.startsWith('POST'))).toEqual(['POST Post to the Forum']);
    release();
    await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.', 'normal');
  },
);

test('page 1 is read again only once the toast is on screen', ANY_SERVER, async ({ page }) => {
  // Read again in the task of the insert's answer, page 1's request came before the toast's frame
  // and held it back. Read once the next frame was drawn, it still did on a slow phone, where that
  // frame (the new row's) comes before the toast area's own task draws the toast. Raising the toast
  // is made as slow here, so that a frame is due before that task is queued.
  const requests = await notePostsRequests(page, '[data-sonner-toast]');
  await page.addInitScript((event) => {
    addEventListener(event, () => {
      const end = performance.now() + 50;
      while (performance.now() < end);
    });
  }, TOAST_EVENT);
  await open(page);
  await messageField(page).fill(unique('Read again after the toast'));
  await postButton(page).click();
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.', 'normal');
  const afterPost = async () => {
    const sent = await requests();
    return sent.slice(sent.findIndex((r) => r.startsWith('POST')))[1] ?? null;
  };
  await expect.poll(afterPost).toMatch(/^GET .*Post Submitted/);
});

test(
  'after posting, the page stays where the reader is, and their next press lands @phone',
  ANY_SERVER,
  async ({ page, request }) => {
    // More than a page of posts, so the newest is far below the form and there is an earlier page.
    await insertRows(
      request,
      'posts',
      Array.from({ length: 11 }, (_, i) => ({ content: unique(`Earlier page ${i}`), author_name: 'Maro' })),
    );
    await open(page);
    const text = unique('Posted, then moving on');
    await messageField(page).fill(text);
    const release = await holdRequests(page, POSTS, 'GET');
    await postButton(page).click();
    await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.', 'normal');
    const where = await page.evaluate(() => scrollY);

    // The list reads page 1 again while the reader may already be reaching for something: the page
    // must not move under that press (a scroll to the new post took a tab press to another post).
    release();
    await expect(posts(page).last().locator('[data-content]')).toHaveText(text);
    await frames(page, 2);
    expect(await page.evaluate(() => scrollY)).toBe(where);
    await page.getByRole('tab', { name: 'Dialogue Scroll' }).click();
    await expect(page.getByRole('tab', { name: 'Dialogue Scroll' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('navigation', { name: 'Forum pages' }).getByRole('button', { name: 'Earlier' }).click();
    await expect(page.locator('[data-summary]')).toContainText(', page ');
  },
);

test('posting without a name sends null and shows Anonymous', async ({ page }) => {
  await open(page);
  const text = unique('No name needed');
  await nameField(page).fill('   ');
  await messageField(page).fill(text);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(`${REST}/posts`));
  await postButton(page).click();
  expect((await sent).postDataJSON()).toEqual({ content: text, author_name: null });
  await expect(posts(page).last().locator('[data-content]')).toHaveText(text);
  await expect(posts(page).last().locator('[data-author]')).toHaveText('Anonymous');
});

test('an empty or blank post gets the Empty Post toast and sends nothing', ANY_SERVER, async ({ page }) => {
  await open(page);
  const sent = countRequests(page, 'posts', 'POST');
  await expect(messageField(page)).toHaveAttribute('required', '');
  await postButton(page).press('Enter');
  await expectToast(page, 'Empty Post', 'Please write something before posting.', 'destructive');
  // The keyboard's place goes to the message, marked as refused until something is written.
  await expect(messageField(page)).toBeFocused();
  await expect(messageField(page)).toHaveAttribute('aria-invalid', 'true');
  // And says why to a screen reader, for as long as it is marked.
  await expect(messageField(page)).toHaveAccessibleDescription(/Please write something before posting\./);
  await page.keyboard.type('a');
  await expect(messageField(page)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(messageField(page)).not.toHaveAccessibleDescription(/Please write something/);
  await messageField(page).fill(' \n\t ');
  await nameField(page).fill('Someone');
  await postButton(page).click();
  await expectToast(page, 'Empty Post', 'Please write something before posting.');
  expect(sent.count).toBe(0);
  await expect(nameField(page)).toHaveValue('Someone');
});

test('Enter held down in the name field posts once, and the thanks stays', ANY_SERVER, async ({ page }) => {
  await open(page);
  const sent = countRequests(page, 'posts', 'POST');
  await messageField(page).fill(unique('Held down'));
  await nameField(page).fill('Yiannis');
  await page.keyboard.down('Enter');
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.');
  await expect(nameField(page)).toHaveValue('');
  // The key's repeats, now the form is empty.
  for (let i = 0; i < 5; i++) await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  await page.waitForTimeout(500);
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.');
  expect(sent.count).toBe(1);
});

test('a failed post shows Error submitting post and keeps everything typed', ANY_SERVER, async ({ page }) => {
  await open(page);
  await page.route(POSTS, (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  await nameField(page).fill('Yiannis');
  await messageField(page).fill('Kept, even when the wire is cut.\nSecond line.');
  await postButton(page).click();
  await expectToast(
    page,
    'Error submitting post',
    'Your message could not be posted. Please try again.',
    'destructive',
  );
  await expect(nameField(page)).toHaveValue('Yiannis');
  await expect(messageField(page)).toHaveValue('Kept, even when the wire is cut.\nSecond line.');
  await expect(postButton(page)).toBeEnabled();

  // A server error reads the same.
  await page.unroute(POSTS);
  await page.route(POSTS, (route) => (route.request().method() === 'POST' ? serverError(route) : route.fallback()));
  await postButton(page).click();
  await expectToast(page, 'Error submitting post', 'Your message could not be posted. Please try again.');
  await expect(messageField(page)).toHaveValue('Kept, even when the wire is cut.\nSecond line.');
});

test(
  'a post the server never answers is given up after 15 s, with the failure toast and everything kept',
  ANY_SERVER,
  async ({ page }) => {
    await open(page);
    // Never answered: the line stays open with nothing coming back.
    await page.route(POSTS, (route) => (route.request().method() === 'POST' ? undefined : route.fallback()));
    await messageField(page).fill('Sent into a silence.');
    await postButton(page).click();
    const submit = page.locator('form[data-counted-form] button[type=submit]');
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(toast(page).filter({ hasText: 'Error submitting post' })).toBeVisible({ timeout: 20_000 });
    await expect(submit).toHaveAttribute('aria-busy', 'false');
    await expect(messageField(page)).toHaveValue('Sent into a silence.');
  },
);

test('a post stored though its answer was lost is not stored again when the reader tries again', async ({ page }) => {
  await open(page);
  const text = unique('Stored, though no word came back');
  // The insert reaches the server and is stored; its answer never reaches the page.
  await page.route(POSTS, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await nameField(page).fill('Eleni');
  await messageField(page).fill(text);
  await postButton(page).click();
  await expectToast(page, 'Error submitting post', 'Your message could not be posted. Please try again.');
  await expect(messageField(page)).toHaveValue(text);
  await page.unroute(POSTS);

  const inserts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes(`${REST}/posts`) && inserts.push(r.url()));
  await postButton(page).click();
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.', 'normal');
  await expect(messageField(page)).toHaveValue('');
  await expect(posts(page).filter({ hasText: text })).toHaveCount(1);
  expect(inserts).toEqual([]);
  // Stored once: read afresh, the newest page holds it once.
  await page.reload();
  await expect(posts(page).filter({ hasText: text })).toHaveCount(1);
});

test(
  'a post of more lines than the forum takes is refused before sending, in the forum’s words, with the text kept @phone',
  ANY_SERVER,
  async ({ page }) => {
    await open(page);
    await expect(page.getByText('Plain text; line breaks are kept, up to 40 lines. At most 2 links.')).toBeVisible();
    const marker = `Line one of ${test.info().project.name}`;
    const tall = [marker, ...Array.from({ length: 40 }, (_, i) => `${i + 2}`)].join('\n');
    await expectRefusedBeforeSending(
      page,
      tall,
      'Your message runs past 40 lines and would stretch a long way down the grove. Please join some of them and try again.',
    );
    // Forty lines go, and show as forty lines.
    const forty = tall.slice(0, tall.lastIndexOf('\n'));
    await messageField(page).fill(forty);
    await postButton(page).click();
    await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.', 'normal');
    const shown = list(page).locator('p', { hasText: marker });
    await expect(shown).toBeVisible();
    expect((await shown.innerText()).split('\n')).toHaveLength(40);
  },
);

test("the database's refusals are explained in the site's voice", ANY_SERVER, async ({ page }) => {
  await open(page);
  // Too many links is caught before sending…
  const sent = countRequests(page, 'posts', 'POST');
  await messageField(page).fill('See https://a.example, https://b.example and www.c.example');
  await postButton(page).click();
  await expect(lastToast(page)).toContainText('Error submitting post');
  await expect(lastToast(page)).toContainText('Please keep to 2 links or fewer.');
  expect(sent.count).toBe(0);
  // …and if the database refuses anyway (a check constraint), the visitor hears why.
  await page.route(POSTS, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            code: '23514',
            message: 'new row for relation "posts" violates check constraint "posts_content_length"',
            details: null,
            hint: null,
          }),
        })
      : route.fallback(),
  );
  await messageField(page).fill('A short message the database pretends is long.');
  await postButton(page).click();
  await expect(lastToast(page)).toContainText('Error submitting post');
  await expect(lastToast(page)).toContainText('Your message runs past 2,000 characters.');
  await expect(messageField(page)).toHaveValue('A short message the database pretends is long.');
});

test(
  'visitor text is shown as text: no HTML, long words wrap, line breaks kept @phone',
  ANY_SERVER,
  async ({ page }) => {
    await open(page);
    const payload = '<img src=x onerror=window.__xss=1>';
    const longWord = 'Aion'.repeat(120);
    const marker = unique('xss');
    await nameField(page).fill('<b>Mallory</b>');
    await messageField(page).fill(`${payload}\n${marker}\n${longWord}`);
    await postButton(page).click();
    const last = posts(page).last();
    await expect(last.locator('[data-content]')).toContainText(marker);
    await expect(last.locator('[data-content]')).toContainText(payload);
    await expect(last.locator('[data-author]')).toHaveText('<b>Mallory</b>');
    await expect(last.locator('img, b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // Line breaks kept, the long word wraps inside the card.
    const lines = await last.locator('[data-content]').evaluate((el) => (el as HTMLElement).innerText.split('\n'));
    expect(lines[0]).toBe(payload);
    expect(lines[1]).toBe(marker);
    const overflow = await last.locator('[data-content]').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoHorizontalScroll(page);
    // The same in the Dialogue Scroll.
    await page.getByRole('tab', { name: 'Dialogue Scroll' }).click();
    await expect(posts(page).last().locator('[data-content]')).toContainText(payload);
    await expectNoHorizontalScroll(page);
  },
);

test(
  'a right-to-left name, or one ending in direction marks, leaves the date after it in the Dialogue Scroll',
  ANY_SERVER,
  async ({ page }) => {
    const names = ['\u05d3\u05e0\u05d4', 'Zoe\u200f\u200f'];
    await page.route(POSTS, (route) =>
      route.request().method() === 'GET'
        ? listOf(
            names.map((name, index) => ({
              id: index + 1,
              content: 'A line',
              author_name: name,
              created_at: '2025-06-03T14:22:05.123456+00:00',
            })),
          )(route)
        : route.fallback(),
    );
    await open(page);
    await page.getByRole('tab', { name: 'Dialogue Scroll' }).click();
    await expect(posts(page)).toHaveCount(names.length);
    for (const post of await posts(page).all()) {
      // Where the date's first character (the day) is drawn, against the name's box.
      const { nameRight, dayLeft } = await post.evaluate((article) => {
        const day = document.createRange();
        const text = article.querySelector('time')!.firstChild!;
        day.setStart(text, 0);
        day.setEnd(text, 1);
        return {
          nameRight: article.querySelector('[data-author]')!.getBoundingClientRect().right,
          dayLeft: day.getBoundingClientRect().left,
        };
      });
      // After the name and the ' · ' between them, not beside the name or before it.
      expect(dayLeft, await post.innerText()).toBeGreaterThan(nameRight + 4);
    }
  },
);

test(
  "five accents on a letter are refused before sending, in the site's voice, and the text is kept",
  ANY_SERVER,
  async ({ page }) => {
    await open(page);
    await expectRefusedBeforeSending(
      page,
      `Zalgo a${'\u0301\u0302\u0303\u0304\u0305'}`,
      'Your message piles more than 4 accents onto a single letter, and they would spill across the page. Please keep to 4 or fewer and try again.',
    );
  },
);

test(
  'a tower of accents or a name of enclosing marks stays inside its card @phone',
  ANY_SERVER,
  async ({ page, request }) => {
    await withoutWebFonts(page);
    // Four accents on every letter are allowed: stored, and shown within the page's width.
    const tag = unique('accents');
    await insertRows(request, 'posts', [
      { content: `${tag} ${'a\u0301\u0302\u0303\u0304'.repeat(300)}`, author_name: 'Zo\u0308\u0301\u0300\u0304e' },
    ]);
    await open(page);
    // Found by its words, not its place: the other project's tests post to the same forum meanwhile.
    await expect(posts(page).filter({ hasText: tag })).toHaveCount(1);
    await expectNoHorizontalScroll(page);

    // What the database now refuses, as a row stored before the rule (or a backend without it)
    // would still serve it: 1,999 accents on one letter, and a name of 59 enclosing marks.
    const row = (content: string, name: string) => ({
      id: 1,
      content,
      author_name: name,
      created_at: '2025-06-03T14:22:05.123456+00:00',
    });
    const show = async (content: string, name: string) => {
      await page.unroute(POSTS);
      await page.route(POSTS, (route) =>
        route.request().method() === 'GET' ? listOf([row(content, name)])(route) : route.fallback(),
      );
      await open(page);
      await expect(posts(page)).toHaveCount(1);
    };
    await show('a', 'n');
    const plainHeader = await pixelsOf(page, siteHeader(page));
    await show(`a${'\u0301'.repeat(1999)}`, '\u0489'.repeat(59));
    await expectNoHorizontalScroll(page);
    expect(
      (await pixelsOf(page, siteHeader(page))).equals(plainHeader),
      'the header looks as it does above a plain post',
    ).toBe(true);

    await page.getByRole('tab', { name: 'Dialogue Scroll' }).click();
    await expect(posts(page)).toHaveCount(1);
    await expectNoHorizontalScroll(page);
    expect(
      (await pixelsOf(page, siteHeader(page))).equals(plainHeader),
      'the header looks as it does above a plain post',
    ).toBe(true);
  },
);

test('a post sent before the fields’ code arrives still leaves the form empty', ANY_SERVER, async ({ page }) => {
  // Hold the counted fields back: the visitor types into the server's textarea and posts.
  const release = await holdRequests(page, codeAt(/^\/_astro\/counted-field\.[\w-]+\.js$/));
  await open(page);
  const text = unique('early');
  await messageField(page).fill(text);
  await postButton(page).click();
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.');
  await expect(messageField(page)).toHaveValue('');
  release();
  await expect(posts(page).last().locator('[data-content]')).toContainText(text);
});

test(
  'an empty post sent before the fields’ code arrives keeps the fields, and marks the message once it does',
  ANY_SERVER,
  async ({ page }) => {
    const release = await holdRequests(page, codeAt(/^\/_astro\/counted-field\.[\w-]+\.js$/));
    await open(page);
    await nameField(page).fill('Yiannis');
    await postButton(page).click();
    await expectToast(page, 'Empty Post', 'Please write something before posting.');
    await expect(messageField(page)).toBeVisible();
    await expect(messageField(page)).toBeFocused();
    await expect(nameField(page)).toHaveValue('Yiannis');
    release();
    await expect(messageField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(nameField(page)).toHaveValue('Yiannis');
  },
);

test(
  'fields whose code could not be fetched stay as they are, with what was typed, and the next reach asks again',
  ANY_SERVER,
  async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const allow = await refuseRequests(page, codeAt(/^\/_astro\/counted-field\.[\w-]+\.js$/));
    const refused: number[] = [];
    page.on('requestfailed', (r) => /counted-field/.test(r.url()) && refused.push(Date.now()));
    await open(page);
    const reached = Date.now();
    await messageField(page).click();
    await expect.poll(() => refused.filter((at) => at >= reached).length).toBeGreaterThan(0);
    const text = unique('kept');
    await messageField(page).pressSequentially(text);
    await expect(posts(page).first()).toBeVisible();
    await expect(messageField(page)).toHaveValue(text);
    expect(errors).toEqual([]);
    // Back in signal, the next reach for the form brings the fields' code, and the post goes.
    allow();
    const fetched = page.waitForResponse((r) => /counted-field/.test(r.url()) && r.ok());
    await postButton(page).hover();
    await fetched;
    await postButton(page).click();
    await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.');
    await expect(posts(page).last().locator('[data-content]')).toContainText(text);
  },
);

test('the honeypot: a filled hidden field sends nothing but looks like success', ANY_SERVER, async ({ page }) => {
  await open(page);
  const sent = countRequests(page, 'posts', 'POST');
  const text = unique('robot');
  const trap = page.locator('[data-honeypot] input');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(page.locator('[data-honeypot]')).toHaveAttribute('aria-hidden', 'true');
  await trap.fill('http://spam.example', { force: true });
  await messageField(page).fill(text);
  await postButton(page).click();
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.');
  await expect(messageField(page)).toHaveValue('');
  await page.reload();
  await expect(posts(page).first()).toBeVisible();
  await expect(list(page)).not.toContainText(text);
  expect(sent.count).toBe(0);
});

test('a double click sends one post; the button is disabled while it is in flight', ANY_SERVER, async ({ page }) => {
  await open(page);
  const sent = countRequests(page, 'posts', 'POST');
  const release = await holdRequests(page, POSTS, 'POST');
  const text = unique('once only');
  await messageField(page).fill(text);
  await postButton(page).dblclick();
  await expect(page.getByRole('button', { name: 'Posting…' })).toBeDisabled();
  release();
  await expect(posts(page).last().locator('[data-content]')).toHaveText(text);
  expect(sent.count).toBe(1);
  await expect(list(page).getByText(text)).toHaveCount(1);
});

test('a keyboard post keeps the focus on the button while it is sent and after', ANY_SERVER, async ({ page }) => {
  await open(page);
  const release = await holdRequests(page, POSTS, 'POST');
  const text = unique('by keyboard');
  await messageField(page).fill(text);
  await postButton(page).focus();
  await page.keyboard.press('Enter');
  const pending = page.getByRole('button', { name: 'Posting…' });
  await expect(pending).toBeDisabled();
  await expect(pending).toBeFocused();
  // A second Enter while it is on its way sends nothing more.
  await page.keyboard.press('Enter');
  release();
  await expect(posts(page).last().locator('[data-content]')).toHaveText(text);
  await expect(postButton(page)).toBeFocused();
  await expect(list(page).getByText(text)).toHaveCount(1);
});

test('what a visitor types while their post is on its way stays once it is added', ANY_SERVER, async ({ page }) => {
  await open(page);
  const release = await holdRequests(page, POSTS, 'POST');
  const first = unique('sent first');
  await nameField(page).fill('Eleni');
  await messageField(page).fill(first);
  await postButton(page).click();
  await expect(page.getByRole('button', { name: 'Posting…' })).toBeDisabled();
  // The next thought, begun before the first has landed.
  const next = unique('and then');
  await messageField(page).fill(next);
  release();
  await expect(posts(page).last().locator('[data-content]')).toHaveText(first);
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.', 'normal');
  await expect(messageField(page)).toHaveValue(next);
  // The name, as sent, is cleared with the post.
  await expect(nameField(page)).toHaveValue('');
});

test('character counters at the database limits; the form refuses more', ANY_SERVER, async ({ page }) => {
  await open(page);
  const counter = (field: string) => page.locator(`[data-field="${field}"] [data-counter]`);
  await expect(counter('content')).toContainText('0 / 2,000');
  // Counted as the browser counts: an emoji is two.
  await messageField(page).fill('carob 🌳');
  await expect(counter('content')).toContainText('8 / 2,000');
  await messageField(page).fill('x'.repeat(2100));
  await expect(messageField(page)).toHaveValue('x'.repeat(2000));
  await expect(counter('content')).toContainText('2,000 / 2,000');
  // At the limit a key puts nothing in and takes nothing out, and the caret stays where it is.
  const full = `${'x'.repeat(1995)}WORLD`;
  await messageField(page).fill(full);
  await messageField(page).evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(0, 0));
  await page.keyboard.type('HI');
  await expect(messageField(page)).toHaveValue(full);
  expect(await messageField(page).evaluate((field: HTMLTextAreaElement) => field.selectionEnd)).toBe(0);
  await nameField(page).fill('n'.repeat(80));
  await expect(nameField(page)).toHaveValue('n'.repeat(60));
  await expect(counter('author_name')).toContainText('60 / 60');
});

test('the tabs change only the look, and work from the keyboard', ANY_SERVER, async ({ page }) => {
  await open(page);
  const contents = () => posts(page).locator('[data-content]').allInnerTexts();
  const inThread = await contents();
  await expect(list(page).locator('[data-view="thread"]')).toBeVisible();
  await page.getByRole('tab', { name: 'Thread View' }).focus();
  await page.keyboard.press('ArrowRight');
  const scrollTab = page.getByRole('tab', { name: 'Dialogue Scroll' });
  await expect(scrollTab).toHaveAttribute('aria-selected', 'true');
  await expect(scrollTab).toBeFocused();
  await expect(list(page).locator('[data-view="scroll"]')).toBeVisible();
  expect(await contents()).toEqual(inThread);
  await expect(list(page)).toHaveAttribute('aria-labelledby', (await scrollTab.getAttribute('id'))!);
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Thread View' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(scrollTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Thread View' })).toBeFocused();
  // One tab stop for the tab list: Tab moves on into the panel.
  await page.keyboard.press('Tab');
  await expect(list(page)).toBeFocused();
});

test('no serious accessibility problems, in both views and both themes', ANY_SERVER, async ({ page }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await open(page);
    for (const view of ['Thread View', 'Dialogue Scroll']) {
      await page.getByRole('tab', { name: view }).click();
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
  }
});

test('the page before the newest is read ahead: Earlier shows it without waiting for the forum', async ({
  page,
  request,
}) => {
  const tag = unique('ahead');
  await openWithPageBefore(
    page,
    request,
    Array.from({ length: 20 }, (_, i) => `${tag} #${i + 1}`),
  );
  // Tests running beside this one post too: a post of theirs newer than these moves this test's
  // posts down the pages, so the page before is told from what the newest page shows.
  const shown = (await posts(page).allTextContents()).flatMap((text) => text.split(`${tag} #`).slice(1));
  expect(shown.length, 'the newest page shows posts of this test').toBeGreaterThan(0);
  const oldestShown = Math.min(...shown.map((rest) => parseInt(rest, 10)));
  // Held from now on: the step below cannot be waiting for the forum.
  const release = await holdRequests(page, POSTS);
  await page.getByRole('navigation', { name: 'Forum pages' }).getByRole('button', { name: 'Earlier' }).click();
  await expect(posts(page).first()).toContainText(`${tag} #${oldestShown - POSTS_PER_PAGE}`);
  await expect(posts(page).last()).toContainText(`${tag} #${oldestShown - 1}`);
  await expect(posts(page)).toHaveCount(POSTS_PER_PAGE);
  release();
});

test('after a post, the page before the newest is read alongside page 1: Earlier pressed at once finds it there', async ({
  page,
  request,
}) => {
  await openWithPageBefore(
    page,
    request,
    Array.from({ length: 20 }, (_, i) => unique(`posted beside #${i + 1}`)),
  );
  // The oldest post of the newest page: the post below moves it to the page before.
  const movedBack = await posts(page).first().locator('[data-content]').innerText();
  // Page 1 read again is held: the page before must be asked for without waiting for it.
  const pageOne = (url: URL) => url.pathname === `${REST}/posts` && url.searchParams.get('offset') === '0';
  const releasePageOne = await holdRequests(page, pageOne);
  await messageField(page).fill(unique('Posted, then straight to the page before'));
  const pageBefore = pageBeforeRead(page);
  await postButton(page).click();
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.', 'normal');
  await pageBefore;
  // Held from now on: the step below cannot be waiting for the forum.
  const release = await holdRequests(page, POSTS);
  await page.getByRole('navigation', { name: 'Forum pages' }).getByRole('button', { name: 'Earlier' }).click();
  await expect(page.locator('[data-summary]')).toContainText(', page ');
  await expect(posts(page)).toHaveCount(POSTS_PER_PAGE);
  await expect(list(page)).toContainText(movedBack);
  release();
  releasePageOne();
});

test(
  'a keyboard step to another page leaves the focus at the top of the dialogue',
  ANY_SERVER,
  async ({ page, request }) => {
    await insertRows(
      request,
      'posts',
      Array.from({ length: 11 }, (_, i) => ({ content: unique(`keyboard paging ${i}`), author_name: null })),
    );
    await open(page);
    const pager = page.getByRole('navigation', { name: 'Forum pages' });
    await pager.getByRole('button', { name: 'Earlier' }).focus();
    await page.keyboard.press('Enter');
    // The pager pressed is gone while the page loads; the keyboard's place is the list's heading.
    await expect(page.getByRole('heading', { name: 'The Dialogue', exact: true })).toBeFocused();
    await expect(page.locator('[data-summary]')).toContainText(', page ');
    // The next Tab goes on from there, into the tabs, not back to the top of the page.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tab', { name: 'Thread View' })).toBeFocused();
  },
);

test('paging through 1,000 posts: newest page first, oldest first within a page', async ({ page, request }) => {
  test.setTimeout(60_000);
  const tag = unique('paged');
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    content: `${tag} #${String(i + 1).padStart(4, '0')}`,
    author_name: i % 3 ? `Reader ${i + 1}` : null,
  }));
  await insertRows(request, 'posts', rows);
  const total = await countRows(request, 'posts');
  expect(total).toBeGreaterThanOrEqual(1000);
  const pages = Math.ceil(total / 10);
  const f = (n: number) => n.toLocaleString('en-GB');
  const numbers = async () => (await posts(page).locator('[data-content]').allInnerTexts()).map((t) => t.split('#')[1]);
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(4, '0'));

  // The initial HTML stays small: posts arrive by request, a page at a time.
  const html = await (await request.get('/forum')).text();
  expect(html).not.toContain(tag);
  expect(html.length).toBeLessThan(150_000);

  const fetched: string[] = [];
  page.on('request', (r) => r.url().includes(`${REST}/posts`) && r.method() === 'GET' && fetched.push(r.url()));
  await open(page);
  expect(await numbers()).toEqual(range(991, 1000));
  await expect(page.locator('[data-summary]')).toHaveText(
    `Messages ${f(total - 9)}–${f(total)} of ${f(total)}, the most recent`,
  );
  // One page was asked for, with a count; then, once the page is idle, the page before it.
  expect(fetched[0]).toContain('limit=10');
  await expect.poll(() => fetched.length).toBe(2);
  expect(fetched[1]).toMatch(/created_at=lte\./);

  const pager = page.getByRole('navigation', { name: 'Forum pages' });
  await expect(pager.getByRole('button', { name: `Page ${pages}`, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(pager.getByRole('button', { name: 'Later' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Earlier' }).click();
  await expect.poll(numbers).toEqual(range(981, 990));
  await expect(pager.getByRole('button', { name: `Page ${pages - 1}`, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Further back and forth a page at a time: each step continues from the edge post of the page
  // shown (a created_at bound, no offset), and shows the posts the offset would, though all
  // 1,000 share one instant and only their ids order them.
  const steps = fetched.length;
  for (const [button, from, to] of [
    ['Earlier', 971, 980],
    ['Earlier', 961, 970],
    ['Later', 971, 980],
    ['Later', 981, 990],
  ] as const) {
    await pager.getByRole('button', { name: button }).click();
    await expect.poll(numbers).toEqual(range(from, to));
  }
  await expect(page.locator('[data-summary]')).toHaveText(
    `Messages ${f(total - 19)}–${f(total - 10)} of ${f(total)}, page ${f(pages - 1)} of ${f(pages)}`,
  );
  // Each step reads its page or finds it read ahead, and each read is a step.
  const stepReads = fetched.slice(steps);
  expect(stepReads.length).toBeGreaterThanOrEqual(2);
  for (const url of stepReads) expect(url).toMatch(/created_at=(lte|gte)\./);
  for (const url of stepReads) expect(url).not.toContain('offset=');
  await pager.getByRole('button', { name: 'Later' }).click();
  await expect.poll(numbers).toEqual(range(991, 1000));

  // The very first page holds the earliest posts ever written (the starter rows come first).
  await pager.getByRole('button', { name: 'Page 1', exact: true }).click();
  const firstCount = total - (pages - 1) * 10;
  await expect(page.locator('[data-summary]')).toHaveText(
    `Messages 1–${firstCount} of ${f(total)}, page 1 of ${f(pages)}`,
  );
  await expect(posts(page)).toHaveCount(firstCount);
  await expect(pager.getByRole('button', { name: 'Earlier' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Later' }).click();
  await expect(page.locator('[data-summary]')).toHaveText(
    `Messages ${firstCount + 1}–${firstCount + 10} of ${f(total)}, page 2 of ${f(pages)}`,
  );

  // After posting, the visitor is back on the newest page with their post last.
  const mine = unique('after paging');
  await messageField(page).fill(mine);
  await postButton(page).click();
  await expect(posts(page).last().locator('[data-content]')).toHaveText(mine);
  await expect(pager.getByRole('button', { name: 'Later' })).toBeDisabled();
});

// A page's first use of Intl (toLocaleString, DateTimeFormat …) loads the browser's locale data:
// 20-30 ms of main thread here, about 100 ms on the slow phone Lighthouse simulates, all of it
// inside the render that shows the forum's or the registry's first page. Those islands format
// numbers and dates without Intl, so opening them costs no such task.
// It adds a post, so it lives here, in the file whose tests take turns with the posts table.
test('the forum and the registry show their lists without calling Intl', ANY_SERVER, async ({ page, request }) => {
  const tag = unique('intl');
  await insertRows(request, 'posts', [{ content: `${tag} post`, author_name: 'Yiannis' }]);
  await insertRows(request, 'mota_ideas', [
    { issue: `${tag} issue`, mitigation: 'A mitigation', proposed_by: 'Eleni', notes: null },
  ]);
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { intlCalls: string[] }).intlCalls = calls;
    const watch = (owner: object, name: string, label: string) => {
      const original = Reflect.get(owner, name) as (...args: unknown[]) => unknown;
      const record = {
        apply: (...a: Parameters<typeof Reflect.apply>) => (calls.push(label), Reflect.apply(...a)),
        construct: (...a: Parameters<typeof Reflect.construct>) => (calls.push(label), Reflect.construct(...a)),
      };
      Reflect.set(owner, name, new Proxy(original, record));
    };
    for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator'])
      watch(Intl, name, `Intl.${name}`);
    watch(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
    for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'])
      watch(Date.prototype, name, `Date#${name}`);
  });
  for (const route of ['/forum', '/mota']) {
    await page.goto(route);
    await expect(page.locator('[data-summary]')).toBeVisible();
    // Other tests add rows meanwhile, so the row above may be on a later page: any row's date will do.
    await expect(page.locator('main time').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls), route).toEqual([]);
  }
});
