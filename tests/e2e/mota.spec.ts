import { test, expect } from './fixtures';
import { seriousAxeViolations } from './axe';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { countShifts, frames, shifts, watchConsole } from './helpers';
import { isolate } from '../../src/lib/community/format';
import { SEARCH_MAX_LENGTH } from '../../src/lib/community/search';
import {
  REST,
  apiRequests,
  countRequests,
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
  toastCovers,
  unique,
  withoutWebFonts,
  ANY_SERVER,
} from './community-helpers';

// The M.O.T.A. Open Registry against the embedded backend (DATA_DIR=memory,
// COMMUNITY_RATE_LIMIT=0). The tests share the ideas table, so they run one after another.
test.describe.configure({ mode: 'default' });

const IDEAS = `**${REST}/mota_ideas**`;
const COLUMNS = ['Issue/Problem', 'Mitigation/Proposed Solution', 'Proposed By', 'Notes/Comments'];
const EMPTY = 'No ideas match your filter, or the registry is awaiting its first spark!';
const rows = (page: Page) => page.locator('#mota-results [data-idea]');
const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter the registry' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Submit New Idea' });
const field = (page: Page, label: string) => dialog(page).getByLabel(label);
const submitButton = (page: Page) => dialog(page).getByRole('button', { name: 'Submit Idea' });

async function open(page: Page) {
  await page.goto('/mota');
  await expect(page.locator('#mota-results [data-state="list"], #mota-results [data-state="empty"]')).toBeVisible();
}

/** The live region that says what the filter or a step to another page found. */
const resultsStatus = (page: Page) => page.locator('#mota-results > [role="status"]');

async function filterBy(page: Page, text: string) {
  const response = page.waitForResponse(
    (r) => r.url().includes(`${REST}/mota_ideas`) && r.request().method() === 'GET',
  );
  await filterBox(page).fill(text);
  await response;
  await expect(page.locator('#mota-results [data-state="loading"]')).toHaveCount(0);
}

/** Adds `count` ideas whose issues are `${tag} 1` (oldest) to `${tag} ${count}`; `fields` fill the rest. */
async function insertTaggedIdeas(request: APIRequestContext, tag: string, count: number, fields = {}) {
  await insertRows(
    request,
    'mota_ideas',
    Array.from({ length: count }, (_, i) => ({ issue: `${tag} ${i + 1}`, mitigation: 'Read on', ...fields })),
  );
}

/** A long idea: its card is drawn much taller than any size a card could be given before it is. */
const LONG_IDEA = {
  mitigation: 'Walk the long way round the hill and count the lanterns as you go. '.repeat(4),
  notes: 'Notes that run on for a while, as notes do. '.repeat(3),
};

/** The registry's step to an older page: a read bounded by the edge idea's time, no offset. */
const OLDER_STEP = /\/mota_ideas\w*\?.*created_at=lte\./;
/**
 * Whether an address is the step to an older page of the registry filtered to `tag`. Filtered,
 * the list is the test's own: ideas other tests add meanwhile would move the whole registry's
 * pages under it (a step then reads by offset, as it should, and the row after the first page is
 * another).
 */
const ownOlderStep = (tag: string) => (url: URL | string) => OLDER_STEP.test(String(url)) && String(url).includes(tag);
const olderButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Registry pages' }).getByRole('button', { name: 'Older' });

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Submit New Idea' }).click();
  await expect(dialog(page)).toBeVisible();
}

test('the page: title, copy, toolbar, and the table newest first @phone', async ({ page }) => {
  const checkConsole = watchConsole(page);
  await open(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('M.O.T.A. Open Registry');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByText('Mitigations for Our Technological Age').first()).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: 'submission guidelines' }).first()).toHaveAttribute(
    'href',
    '/submission-guidelines',
  );
  for (const name of ['Submit New Idea', 'Random Idea', 'Export CSV', 'The Founding Vision']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('columnheader')).toHaveText(COLUMNS);
  const times = await rows(page)
    .locator('time')
    .evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime')!)));
  expect(times.length).toBeGreaterThan(0);
  expect(times).toEqual([...times].sort((a, b) => b - a));
  await expectNoHorizontalScroll(page);
  checkConsole();
});

test('loading, then the table', async ({ page }) => {
  const release = await holdRequests(page, IDEAS);
  await page.goto('/mota');
  await expect(page.locator('#mota-results [data-state="loading"]')).toBeVisible();
  await expect(page.locator('#mota-results [role="status"][data-state="loading"]')).toHaveText(/Opening the registry/);
  release();
  await expect(rows(page).first()).toBeVisible();
});

test('an empty registry says it is awaiting its first spark', ANY_SERVER, async ({ page }) => {
  await page.route(IDEAS, (route) => (route.request().method() === 'GET' ? emptyList(route) : route.fallback()));
  await page.goto('/mota');
  await expect(page.locator('#mota-results [data-state="empty"]')).toHaveText(EMPTY);
  await expect(page.getByRole('table')).toHaveCount(0);
});

for (const failure of ['blocked', 'a server error'] as const) {
  test(`a failed fetch (${failure}) shows the Error fetching ideas toast`, ANY_SERVER, async ({ page }) => {
    await page.clock.install();
    await page.route(IDEAS, (route) => (failure === 'blocked' ? route.abort() : serverError(route)));
    await page.goto('/mota');
    await runClockUntil(page, () => expect(toast(page)).toHaveCount(1, { timeout: 200 }));
    await expectToast(
      page,
      'Error fetching ideas',
      'Could not retrieve the registry. Please try again later.',
      'destructive',
    );
    await expect(page.locator('#mota-results [data-state="error"]')).toBeVisible();
    await page.unroute(IDEAS);
    await page.locator('#mota-results').getByRole('button', { name: 'Try again' }).click();
    // The button pressed is gone: the keyboard's place is the results' top, not the page's start.
    await expect(page.locator('#mota-results')).toBeFocused();
    await expect(page.locator('#mota-results [data-state="list"], #mota-results [data-state="empty"]')).toBeVisible();
  });
}

test('the filter: case-insensitive substring of issue, solution or proposer, run in the database', async ({
  page,
  request,
}) => {
  const tag = unique('Olive');
  await insertRows(request, 'mota_ideas', [
    { issue: `Issue with ${tag} inside`, mitigation: 'Plain mitigation', proposed_by: 'Someone', notes: null },
    { issue: 'Plain issue', mitigation: `Mitigation naming ${tag.toUpperCase()}`, proposed_by: 'Someone', notes: null },
    { issue: 'Another plain issue', mitigation: 'Plain again', proposed_by: `Proposer ${tag}`, notes: null },
    {
      issue: 'Not this one',
      mitigation: 'Nor this',
      proposed_by: 'Someone',
      notes: `Notes mention ${tag} but notes are not searched`,
    },
  ]);
  await open(page);
  const queries: string[] = [];
  page.on(
    'request',
    (r) => r.method() === 'GET' && r.url().includes(`${REST}/mota_ideas`) && queries.push(decodeURIComponent(r.url())),
  );
  await filterBy(page, tag.toLowerCase());
  await expect(rows(page)).toHaveCount(3);
  await expect(page.locator('[data-summary]')).toContainText(`3 ideas matching “${tag.toLowerCase()}”`);
  // Said to a screen reader too, from a status region that was there before the filter ran.
  await expect(resultsStatus(page)).toHaveText(`3 ideas matching “${tag.toLowerCase()}”, newest first`);
  expect(queries.at(-1)).toContain('ilike');
  await filterBy(page, `  ${tag.toUpperCase()}  `);
  await expect(rows(page)).toHaveCount(3);
  // Characters that mean something to LIKE or to PostgREST are taken literally.
  for (const odd of ['%', '_(,)"\\', `${tag}%`]) {
    await filterBy(page, odd);
    await expect(page.locator('#mota-results [data-state="empty"]')).toHaveText(EMPTY);
    await expect(resultsStatus(page)).toHaveText(`No ideas matching “${odd}”`);
  }
  // The box holds as much as a search sends, so the text it quotes is the text looked for.
  await filterBox(page).clear();
  await filterBox(page).pressSequentially(`${tag} inside and then a good deal more`);
  await expect(filterBox(page)).toHaveValue(`${tag} inside and then a good deal more`.slice(0, SEARCH_MAX_LENGTH));
  await filterBy(page, '');
  await expect(rows(page).first()).toBeVisible();
});

test('one or two characters find the ideas holding them, through the pairs index', async ({ page, request }) => {
  // Letters no other test writes: the search is exact, so only these ideas can match.
  await insertRows(request, 'mota_ideas', [
    { issue: 'Click ǂǃ sounds', mitigation: 'Record them', proposed_by: 'Someone', notes: null },
    { issue: 'Plain issue', mitigation: 'Teach the ǃ click', proposed_by: 'Someone', notes: null },
  ]);
  await open(page);
  const queries: string[] = [];
  page.on(
    'request',
    (r) => r.url().includes(`${REST}/mota_ideas_short_matches`) && queries.push(decodeURIComponent(r.url())),
  );
  await filterBy(page, 'ǂǃ');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Click ǂǃ sounds');
  await filterBy(page, 'ǃ');
  await expect(rows(page)).toHaveCount(2);
  expect(queries.at(-1)).toContain('pairs=cs.{"ǃ"}');
  expect(queries.at(-1)).not.toContain('ilike');
});

test('the filter says it is looking with the first keystroke, and asks at once', ANY_SERVER, async ({ page }) => {
  await page.clock.install();
  await open(page);
  // From here on no time passes on the page's clock: nothing may wait for typing to stop.
  await page.clock.pauseAt(Date.now() + 5000);
  const requests = apiRequests(page);
  const release = await holdRequests(page, IDEAS);
  await filterBox(page).pressSequentially('lan');
  await expect(page.locator('#mota-results [role="status"][data-state="loading"]')).toHaveText(/Opening the registry/);
  // "l" and "la" through the pairs index, "lan" through the trigram index.
  await expect.poll(() => requests.filter((r) => r.startsWith('GET mota_ideas_short_matches')).length).toBe(2);
  await expect.poll(() => requests.filter((r) => r.startsWith('GET mota_ideas_matches')).length).toBe(1);
  release();
  await expect(page.locator('#mota-results [data-state="list"], #mota-results [data-state="empty"]')).toBeVisible();
});

test('Submit New Idea: required fields, Missing Fields, then success closes, reloads and thanks', async ({ page }) => {
  const checkConsole = watchConsole(page);
  await open(page);
  await openDialog(page);
  await expect(field(page, 'Issue/Problem')).toBeFocused();
  await expect(field(page, 'Issue/Problem')).toHaveAttribute('required', '');
  await expect(field(page, 'Mitigation/Proposed Solution')).toHaveAttribute('required', '');
  await expect(field(page, 'Proposed By')).not.toHaveAttribute('required', '');
  await expect(field(page, 'Notes/Comments')).not.toHaveAttribute('required', '');

  const sent = countRequests(page, 'mota_ideas', 'POST');
  await submitButton(page).click();
  await expectToast(page, 'Missing Fields', 'Please provide at least an Issue and a Solution.', 'destructive');
  await expect(dialog(page).getByRole('alert')).toHaveText('Please provide at least an Issue and a Solution.');
  // The two fields left blank are marked for assistive technology, each while it stays blank.
  await expect(field(page, 'Issue/Problem')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Mitigation/Proposed Solution')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Proposed By')).not.toHaveAttribute('aria-invalid');
  await field(page, 'Issue/Problem').fill('An issue with no solution');
  await expect(field(page, 'Issue/Problem')).not.toHaveAttribute('aria-invalid');
  await expect(field(page, 'Mitigation/Proposed Solution')).toHaveAttribute('aria-invalid', 'true');
  await field(page, 'Mitigation/Proposed Solution').fill('   ');
  await submitButton(page).click();
  await expect(lastToast(page)).toContainText('Missing Fields');
  await expect(field(page, 'Issue/Problem')).not.toHaveAttribute('aria-invalid');
  await expect(field(page, 'Mitigation/Proposed Solution')).toHaveAttribute('aria-invalid', 'true');
  expect(sent.count).toBe(0);
  await expect(dialog(page)).toBeVisible();

  const issue = unique('Phones at the dinner table');
  await field(page, 'Issue/Problem').fill(`  ${issue} `);
  await field(page, 'Mitigation/Proposed Solution').fill('A basket by the door, the way we once left our shoes.');
  const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(`${REST}/mota_ideas`));
  await submitButton(page).click();
  expect((await request).postDataJSON()).toEqual({
    issue,
    mitigation: 'A basket by the door, the way we once left our shoes.',
    proposed_by: 'Anonymous',
    notes: null,
  });
  await expectToast(page, 'Idea Submitted!', 'Your spark has been added to the bonfire.', 'normal');
  await expect(dialog(page)).toBeHidden();
  await expect(rows(page).first().locator('td').first()).toHaveText(issue);
  await expect(rows(page).first().locator('[data-proposer]')).toHaveText('Anonymous');
  // The form starts empty next time.
  await openDialog(page);
  await expect(field(page, 'Issue/Problem')).toHaveValue('');
  await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  await expect(dialog(page).locator('[aria-invalid]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  checkConsole();
});

test(
  'Submit New Idea focuses its first field on a desktop, and on a phone the dialog, with no field on the way @phone',
  ANY_SERVER,
  async ({ page, isMobile }) => {
    await open(page);
    type Watched = { focused: string[] };
    await page.evaluate(() => {
      const watched = Object.assign(window, { focused: [] as string[] });
      addEventListener('focusin', (event) => {
        const target = event.target as HTMLElement;
        watched.focused.push(target.getAttribute('name') ?? target.getAttribute('role') ?? target.tagName);
      });
    });
    await openDialog(page);
    // On a phone Headless UI focuses the dialog itself, keeping the keyboard down; a field focused
    // first would raise the keyboard and drop it again.
    await expect(isMobile ? dialog(page) : field(page, 'Issue/Problem')).toBeFocused();
    const focused = await page.evaluate(() => (window as unknown as Watched).focused);
    expect(focused.filter((name) => name !== 'BUTTON')).toEqual([isMobile ? 'dialog' : 'issue']);
  },
);

test(
  'the Missing Fields toast leaves the dialog’s form and Submit Idea free to use at once @phone',
  ANY_SERVER,
  async ({ page }) => {
    await open(page);
    await openDialog(page);
    await submitButton(page).click();
    await expect(lastToast(page)).toContainText('Missing Fields');
    expect(await toastCovers(page, submitButton(page))).toBe(false);
    expect(await toastCovers(page, dialog(page).getByRole('alert'))).toBe(false);
    // Filled in while the toast is still up, the idea goes in with the next press on Submit Idea.
    await field(page, 'Issue/Problem').fill(unique('A toast over the button'));
    await field(page, 'Mitigation/Proposed Solution').fill('Show the toast where the dialog has nothing to press.');
    await expect(lastToast(page)).toContainText('Missing Fields');
    await submitButton(page).click({ timeout: 2_000 });
    await expectToast(page, 'Idea Submitted!', 'Your spark has been added to the bonfire.', 'normal');
    // A success closes the dialog: its toast is where every other toast is, at the bottom.
    const box = await lastToast(page).boundingBox();
    expect(box!.y).toBeGreaterThan(page.viewportSize()!.height / 2);
  },
);

test(
  'a refusal in Submit New Idea leaves the keyboard where it can be seen: on the blank field, or on Submit Idea with the reason in view @phone',
  ANY_SERVER,
  async ({ page, isMobile }) => {
    await open(page);
    await openDialog(page);
    const message = 'Please provide at least an Issue and a Solution.';
    await submitButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(lastToast(page)).toContainText('Missing Fields');
    // On the first field left blank, which says why.
    await expect(field(page, 'Issue/Problem')).toBeFocused();
    await expect(field(page, 'Issue/Problem')).toHaveAccessibleDescription(new RegExp(message));
    await expect(field(page, 'Proposed By')).not.toHaveAccessibleDescription(new RegExp(message));
    await page.keyboard.type('An issue, and no solution yet');
    await expect(field(page, 'Issue/Problem')).not.toHaveAccessibleDescription(new RegExp(message));
    await submitButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(field(page, 'Mitigation/Proposed Solution')).toBeFocused();

    // A refusal that is not a blank field keeps the keyboard on Submit Idea, in view, the reason too:
    // pressed at the foot of a dialog as tall as the screen, not scrolled, the reason appearing above.
    await page.setViewportSize({ width: page.viewportSize()!.width, height: isMobile ? 844 : 800 });
    await page.reload();
    await openDialog(page);
    await field(page, 'Issue/Problem').fill('Links everywhere');
    await field(page, 'Mitigation/Proposed Solution').fill(
      'See https://a.example https://b.example https://c.example https://d.example',
    );
    await submitButton(page).focus();
    await page.keyboard.press('Enter');
    const alert = dialog(page).getByRole('alert');
    await expect(alert).toContainText('Please keep to 3 links or fewer.');
    await expect(submitButton(page)).toBeFocused();
    const panel = dialog(page).locator('form').locator('..');
    const seen = async (target: typeof alert) => {
      const [box, area] = [await target.boundingBox(), await panel.boundingBox()];
      return box!.y >= area!.y && box!.y + box!.height <= area!.y + area!.height + 0.5;
    };
    await expect.poll(() => seen(submitButton(page))).toBe(true);
    await expect.poll(() => seen(alert)).toBe(true);
  },
);

test('a failed submission keeps the dialog open with everything typed', ANY_SERVER, async ({ page }) => {
  await open(page);
  await page.route(IDEAS, (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  await openDialog(page);
  const values = {
    'Issue/Problem': 'Maps that forget the footpaths',
    'Mitigation/Proposed Solution': 'Let villages publish their own paths,\nwith the old names.',
    'Proposed By': 'Yiannis',
    'Notes/Comments': 'The goats know them all.',
  };
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
  await submitButton(page).click();
  await expectToast(
    page,
    'Submission Failed',
    'Could not add your idea to the registry. Please try again.',
    'destructive',
  );
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'Could not add your idea to the registry. Please try again.',
  );
  for (const [label, value] of Object.entries(values)) await expect(field(page, label)).toHaveValue(value);
  await expect(submitButton(page)).toBeEnabled();
  // Closing and reopening keeps the draft too.
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await openDialog(page);
  await expect(field(page, 'Proposed By')).toHaveValue('Yiannis');
  // A server error reads the same; with the backend back, the same draft goes through.
  await page.unroute(IDEAS);
  await page.route(IDEAS, (route) => (route.request().method() === 'POST' ? serverError(route) : route.fallback()));
  await submitButton(page).click();
  await expect(lastToast(page)).toContainText('Submission Failed');
  // The first failure's toast may still be up: the button back from "Submitting…" says this one ended.
  await expect(submitButton(page)).toBeEnabled();
  await page.unroute(IDEAS);
  await submitButton(page).click();
  await expectToast(page, 'Idea Submitted!', 'Your spark has been added to the bonfire.');
  await expect(rows(page).first().locator('[data-proposer]')).toHaveText('Yiannis');
});

test('the honeypot and the double click: robots send nothing, people send once', async ({ page }) => {
  await open(page);
  const sent = countRequests(page, 'mota_ideas', 'POST');
  await openDialog(page);
  await expect(dialog(page).locator('[data-honeypot]')).toHaveAttribute('aria-hidden', 'true');
  await dialog(page).locator('[data-honeypot] input').fill('http://spam.example', { force: true });
  await field(page, 'Issue/Problem').fill('Robot issue');
  await field(page, 'Mitigation/Proposed Solution').fill('Robot mitigation');
  await submitButton(page).click();
  await expectToast(page, 'Idea Submitted!', 'Your spark has been added to the bonfire.');
  await expect(dialog(page)).toBeHidden();
  expect(sent.count).toBe(0);

  const release = await holdRequests(page, IDEAS, 'POST');
  await openDialog(page);
  const issue = unique('Once');
  await field(page, 'Issue/Problem').fill(issue);
  await field(page, 'Mitigation/Proposed Solution').fill('Only one of these should arrive.');
  await submitButton(page).dblclick();
  await expect(dialog(page).getByRole('button', { name: 'Submitting…' })).toBeDisabled();
  // It keeps the focus while the idea is on its way: the dialog's focus trap has nowhere to lose it to.
  await expect(dialog(page).getByRole('button', { name: 'Submitting…' })).toBeFocused();
  release();
  await expect(dialog(page)).toBeHidden();
  await expect(rows(page).first().locator('td').first()).toHaveText(issue);
  expect(sent.count).toBe(1);
  await filterBy(page, issue);
  await expect(rows(page)).toHaveCount(1);
});

test('visitor text is shown as text, with long words wrapped @phone', ANY_SERVER, async ({ page, request }) => {
  const tag = unique('xss');
  const payload = '<img src=x onerror=window.__xss=1>';
  await insertRows(request, 'mota_ideas', [
    {
      issue: `${payload} ${tag}`,
      mitigation: `${'Sentinel'.repeat(40)}\nsecond line`,
      proposed_by: '<b>Mallory</b>',
      notes: payload,
    },
  ]);
  await open(page);
  await filterBy(page, tag);
  const row = rows(page).first();
  await expect(row.locator('td').first()).toHaveText(`${payload} ${tag}`);
  await expect(row.locator('[data-proposer]')).toHaveText('<b>Mallory</b>');
  await expect(row.locator('img, b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  const mitigation = row.locator('td').nth(1);
  // A card is laid out once it is near the view (on a phone, cards further down skip layout).
  await mitigation.scrollIntoViewIfNeeded();
  await expect
    .poll(() => mitigation.evaluate((el) => (el as HTMLElement).innerText.split('\n').at(-1)))
    .toBe('second line');
  expect(await mitigation.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoHorizontalScroll(page);
});

test(
  "five accents on a letter are refused in the dialog, in the site's voice, with the draft kept",
  ANY_SERVER,
  async ({ page }) => {
    await open(page);
    const sent = countRequests(page, 'mota_ideas', 'POST');
    await openDialog(page);
    const tower = `Zalgo a${'\u0301\u0302\u0303\u0304\u0305'}`;
    await field(page, 'Issue/Problem').fill('Letters that climb off the page');
    await field(page, 'Mitigation/Proposed Solution').fill('Four accents a letter');
    await field(page, 'Proposed By').fill(tower);
    await submitButton(page).click();
    const words =
      'Your name piles more than 4 accents onto a single letter, and they would spill across the page. Please keep to 4 or fewer and try again.';
    await expectToast(page, 'Submission Failed', words, 'destructive');
    await expect(dialog(page).getByRole('alert')).toHaveText(words);
    await expect(field(page, 'Proposed By')).toHaveValue(tower);
    await expect(field(page, 'Issue/Problem')).toHaveValue('Letters that climb off the page');
    expect(sent.count).toBe(0);
  },
);

test('on a phone each card shows its column names, which a screen reader hears once, from the table’s header @phone', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'the cards are the phone’s layout');
  await open(page);
  const cell = rows(page).first().locator('td').first();
  // Shown above the text.
  const shown = await cell.evaluate((el) => getComputedStyle(el, '::before').display);
  expect(shown).toBe('block');
  await expect(cell).toHaveAttribute('data-label', 'Issue/Problem');
  // The cell's own text alone: the column's name is the header's to say.
  await expect(cell).toHaveAccessibleName((await cell.textContent())!.trim());
});

test(
  'on a phone, idea cards far out of view are not laid out once drawn, until they come near; a table row always is @phone',
  ANY_SERVER,
  async ({ page, request }) => {
    // Opening a modal dialog restyles the whole page behind it; the cards out of view stay out of it.
    // Wider screens show a table, whose rows are laid out wherever they are.
    const phone = (page.viewportSize()?.width ?? 0) < 768;
    const tag = unique('cards');
    await insertRows(
      request,
      'mota_ideas',
      Array.from({ length: 12 }, (_, i) => ({ issue: `${tag} ${i}`, mitigation: 'Keep the card small.' })),
    );
    await open(page);
    await filterBy(page, tag);
    await expect(rows(page)).toHaveCount(12);
    const rendered = (index: number) =>
      rows(page)
        .nth(index)
        .evaluate((row) => row.querySelector('td')!.checkVisibility({ contentVisibilityAuto: true }));
    await rows(page).first().scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(0)).toBe(true);
    await expect.poll(() => rendered(11)).toBe(!phone);
    await rows(page).nth(11).scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(11)).toBe(true);
    await expect(rows(page).nth(11)).toContainText(`${tag} 0`);
  },
);

test(
  'scrolling through the cards, or jumping to one, moves nothing on screen @phone',
  ANY_SERVER,
  async ({ page, request }) => {
    // A shift is what the reader's browser reports of the page (its layout-shift entries), seen or
    // not: cards drawn, then skipped out of view, were reported as shifting from nowhere each time
    // one came back into view.
    await countShifts(page);
    const tag = unique('steady');
    await insertTaggedIdeas(request, tag, 20, LONG_IDEA);
    await open(page);
    await filterBy(page, tag);
    await expect(rows(page)).toHaveCount(20);
    await frames(page, 3);
    const before = await shifts(page);
    for (const step of [...Array<number>(12).fill(400), ...Array<number>(12).fill(-400)]) {
      await page.evaluate((step) => window.scrollBy(0, step), step);
      await frames(page, 2);
    }
    for (const index of [12, 3, 18, 0, 9]) {
      await rows(page)
        .nth(index)
        .evaluate((row) => row.scrollIntoView({ block: 'center' }));
      await frames(page, 2);
    }
    expect(await shifts(page)).toBe(before);
  },
);

test(
  'a tap right after jumping to the pager lands on it: cards keep the size they were drawn at @phone',
  ANY_SERVER,
  async ({ page, request }) => {
    const tag = unique('jump');
    await insertTaggedIdeas(request, tag, 60, LONG_IDEA);
    await open(page);
    await filterBy(page, tag);
    await expect(rows(page).first()).toContainText(`${tag} 60`);
    // What a reader's thumb could do at the earliest: a frame after the table first shows.
    await frames(page, 2);
    const older = olderButton(page);
    // Jumped to (the End key, a dragged scroll bar), then tapped where it shows, without the retries
    // Playwright's own tap would make if the button had moved.
    await older.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    const box = (await older.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.locator('[data-summary]')).toContainText('Ideas 21–40 of 60');
  },
);

test(
  'a step to a page read ahead with less motion asked for: a jump to the list’s top, cards at their own size @phone',
  ANY_SERVER,
  async ({ page, request }) => {
    // With less motion asked for, the step jumps to the list's top, drawing no card on the way:
    // the last card, far out of view, is skipped at once and must stand at the size it was drawn at.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const tag = unique('step-ahead');
    await insertTaggedIdeas(request, tag, 110, LONG_IDEA);
    await open(page);
    await filterBy(page, tag);
    await expect(rows(page).first()).toContainText(`${tag} 110`);
    // The next page read ahead and taken in by the page.
    await page.waitForLoadState('networkidle');
    // How the step scrolls: a glide across twenty ideas may end within the frames waited below.
    await page.evaluate(() => {
      const scrolls: (ScrollIntoViewOptions | boolean | undefined)[] = [];
      const scrollIntoView = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (options) {
        scrolls.push(options);
        return scrollIntoView.call(this, options);
      };
      (window as unknown as { scrolls: typeof scrolls }).scrolls = scrolls;
    });
    await olderButton(page).click();
    await expect(page.locator('[data-summary]')).toContainText('Ideas 21–40 of 110');
    expect(await page.evaluate(() => (window as unknown as { scrolls: unknown[] }).scrolls)).toEqual([
      { block: 'start', behavior: 'instant' },
    ]);
    await frames(page, 3);
    // The list's top where a scroll to it rests (below the header, by the page's scroll padding and
    // the list's margin), not stopped short, and there at once.
    const [listTop, restsAt] = await page
      .locator('#mota-results')
      .evaluate((list) => [
        list.getBoundingClientRect().top,
        parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) +
          parseFloat(getComputedStyle(list).scrollMarginTop),
      ]);
    expect(listTop, 'the list’s top where a scroll to it rests').toBeCloseTo(restsAt, 0);
    const last = rows(page).last();
    const heightOf = () => last.evaluate((row) => row.getBoundingClientRect().height);
    const skipped = await heightOf();
    await last.scrollIntoViewIfNeeded();
    await frames(page, 2);
    expect(skipped).toBe(await heightOf());
  },
);

test(
  'a tower of accents or a name of enclosing marks stays inside its row @phone',
  ANY_SERVER,
  async ({ page, request }) => {
    await withoutWebFonts(page);
    // Four accents on every letter are allowed: stored, and shown within the page's width.
    const tag = unique('accents');
    await insertRows(request, 'mota_ideas', [
      {
        issue: `${tag} ${'a\u0301\u0302\u0303\u0304'.repeat(40)}`,
        mitigation: 'm',
        proposed_by: 'Zo\u0308\u0301\u0300\u0304e',
      },
    ]);
    await open(page);
    await filterBy(page, tag);
    await expect(rows(page)).toHaveCount(1);
    await expectNoHorizontalScroll(page);

    // What the database now refuses, as a row stored before the rule (or a backend without it)
    // would still serve it.
    const idea = (text: string, name: string) => ({
      id: 1,
      issue: text,
      mitigation: text,
      proposed_by: name,
      notes: text,
      created_at: '2025-06-03T14:22:05.123456+00:00',
    });
    // A plain idea above (newer), then the one under test.
    const show = async (text: string, name: string) => {
      await page.unroute(IDEAS);
      await page.route(IDEAS, (route) =>
        route.request().method() === 'GET'
          ? listOf([{ ...idea('Plain words', 'Eleni'), id: 2 }, idea(text, name)])(route)
          : route.fallback(),
      );
      await open(page);
      await expect(rows(page)).toHaveCount(2);
    };
    await show('a', 'n');
    const plainHeader = await pixelsOf(page, siteHeader(page));
    const plainRow = await pixelsOf(page, rows(page).first());
    await show(`a${'\u0301'.repeat(1999)}`, '\u0489'.repeat(59));
    await expectNoHorizontalScroll(page);
    expect((await pixelsOf(page, siteHeader(page))).equals(plainHeader), 'the header looks the same').toBe(true);
    expect((await pixelsOf(page, rows(page).first())).equals(plainRow), 'the idea above looks the same').toBe(true);
  },
);

test('Random Idea: a 7-second toast with the issue, solution and proposer', async ({ page, request }) => {
  const issue = unique('Random pick');
  await insertRows(request, 'mota_ideas', [{ issue, mitigation: 'Roll the dice slowly', proposed_by: 'Eleni' }]);
  // Math.random() = 0 picks the first idea in registry order: the newest, just added.
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  await page.clock.install();
  await open(page);
  await page.getByRole('button', { name: 'Random Idea' }).click();
  await expectToast(
    page,
    `Random Idea: ${isolate(issue)}`,
    `Solution: ${isolate('Roll the dice slowly')} (Proposed by: ${isolate('Eleni')})`,
    'normal',
  );
  // Hovering a toast pauses it; the button may sit under where the toast appears.
  await page.mouse.move(10, 10);
  await page.clock.runFor(6500);
  await expect(toast(page)).toHaveCount(1);
  await page.clock.runFor(1000);
  await expect(toast(page)).toHaveCount(0);
});

test(
  'a long Random Idea on a short screen stays within it, its text scrolling inside the toast',
  ANY_SERVER,
  async ({ page, request }) => {
    const issue = unique('A long idea');
    const mitigation = 'Walk the long way round, and count the terraces as you go. '.repeat(30).trim();
    await insertRows(request, 'mota_ideas', [{ issue, mitigation, proposed_by: 'Eleni' }]);
    await page.addInitScript(() => {
      Math.random = () => 0;
    });
    // 1280 px at 400 % zoom.
    await page.setViewportSize({ width: 320, height: 256 });
    await open(page);
    await page.getByRole('button', { name: 'Random Idea' }).click();
    await expect(lastToast(page)).toContainText(issue);
    const box = (await lastToast(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(256);
    await expect(lastToast(page).getByRole('button', { name: 'Dismiss notification' })).toBeInViewport({ ratio: 1 });
    // The rest of the idea is a scroll away, inside the toast.
    const text = lastToast(page).locator('[data-content]');
    expect(await text.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await text.evaluate((el) => el.scrollTo({ top: el.scrollHeight, behavior: 'instant' }));
    const [end, shown] = [await text.locator('[data-description]').boundingBox(), await text.boundingBox()];
    expect(end!.y + end!.height).toBeLessThanOrEqual(shown!.y + shown!.height + 2);
  },
);

test(
  'Random Idea pressed low on the screen, again and again: its toast never lies over it @phone',
  ANY_SERVER,
  async ({ page, isMobile }) => {
    // At this size the page opens with the toolbar at the foot of the screen.
    if (!isMobile) await page.setViewportSize({ width: 1280, height: 900 });
    await open(page);
    const button = page.getByRole('button', { name: 'Random Idea' });
    // Instantly: the page scrolls smoothly, and a press mid-glide would be made from elsewhere.
    await button.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
    for (const press of [1, 2]) {
      // A toast over the button would take the press (and, hovered, would stay).
      await button.click({ timeout: 2_000 });
      await expect(lastToast(page)).toContainText('Random Idea:');
      expect(await toastCovers(page, button), `press ${press}`).toBe(false);
      // Nor over the sticky header's Search, theme switch or Menu, nor the What's New banner's
      // Dismiss, which it would take for its 7 s.
      for (const bar of ['body > header', '[data-whats-new]']) {
        expect(await toastCovers(page, page.locator(bar)), `press ${press}, ${bar}`).toBe(false);
      }
    }
    // A press high on the screen leaves its toast where every other toast is, at the bottom.
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0); // gone, not only leaving
    await button.evaluate((el) => {
      el.scrollIntoView({ block: 'center', behavior: 'instant' });
      window.scrollBy({ top: 150, behavior: 'instant' });
    });
    await button.click();
    await expect(lastToast(page)).toContainText('Random Idea:');
    expect((await lastToast(page).boundingBox())!.y).toBeGreaterThan(page.viewportSize()!.height / 2);
  },
);

test(
  'F8 reaches a toast at the top of the screen, after one at its foot has come and gone @phone',
  ANY_SERVER,
  async ({ page, isMobile }) => {
    if (!isMobile) await page.setViewportSize({ width: 1280, height: 900 });
    await open(page);
    const button = page.getByRole('button', { name: 'Random Idea' });
    // Pressed high on the screen: its toast at the foot, in a list of its own.
    await button.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(lastToast(page)).toContainText('Random Idea:');
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    // Pressed low: its toast at the top.
    await button.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
    await page.keyboard.press('Enter');
    await expect(lastToast(page)).toContainText('Random Idea:');
    expect((await lastToast(page).boundingBox())!.y).toBeLessThan(page.viewportSize()!.height / 2);
    await page.keyboard.press('F8');
    await expect(lastToast(page)).toBeFocused();
    // Its close button is the next stop, and closes it.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Dismiss notification' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  },
);

// Random Idea's own read: one idea at a place in the registry (the table reads a page of 20).
const ONE_IDEA = /\/mota_ideas_search\?.*\blimit=1(&|$)/;
const oneIdeaReads = (page: Page) => {
  const reads = { count: 0 };
  page.on('request', (r) => void (ONE_IDEA.test(r.url()) && reads.count++));
  return reads;
};

test('Random Idea: drawn ahead, so the press answers without waiting, and the next is drawn', async ({ page }) => {
  const reads = oneIdeaReads(page);
  const drawn = page.waitForResponse((r) => ONE_IDEA.test(r.url()));
  await open(page);
  await drawn;
  expect(reads.count).toBe(1);
  // Held from now on: the press below cannot be waiting for the registry.
  const release = await holdRequests(page, ONE_IDEA);
  await page.getByRole('button', { name: 'Random Idea' }).focus();
  await page.keyboard.press('Enter');
  await expect(lastToast(page)).toContainText('Random Idea:');
  // The keyboard's place stays on the button, for the next idea.
  await expect(page.getByRole('button', { name: 'Random Idea' })).toBeFocused();
  // The next idea is on its way while the reader reads this one.
  await expect.poll(() => reads.count).toBe(2);
  release();
});

test(
  'Random Idea pressed while its idea is on its way: busy at once, and no second read',
  ANY_SERVER,
  async ({ page }) => {
    const release = await holdRequests(page, ONE_IDEA);
    const reads = oneIdeaReads(page);
    await open(page);
    const button = page.getByRole('button', { name: 'Random Idea' });
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeFocused();
    // Pressed again while busy: nothing more is read.
    await page.keyboard.press('Enter');
    expect(reads.count).toBe(1);
    release();
    await expect(lastToast(page)).toContainText('Random Idea:');
    await expect(button).toBeEnabled();
  },
);

test(
  'where a press does not focus its button (Safari), the pointer resting on it keeps the toast off it',
  ANY_SERVER,
  async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const release = await holdRequests(page, ONE_IDEA);
    await open(page);
    const button = page.getByRole('button', { name: 'Random Idea' });
    await button.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
    await button.click();
    await button.evaluate((el) => el.blur());
    release();
    await expect(lastToast(page)).toContainText('Random Idea:');
    expect(await toastCovers(page, button)).toBe(false);
  },
);

test('a page read ahead leaves the total Random Idea draws from as the reader sees it', async ({ page, request }) => {
  await insertTaggedIdeas(request, unique('grown'), 60);
  // An idea is added between the first page and the read ahead of the next: that read counts one more.
  let totalsRead = 0;
  await page.route(/\/community_totals\?/, async (route) => {
    if (++totalsRead === 1) return route.fallback();
    const response = await route.fetch();
    const totals = (await response.json()) as { mota_ideas: number };
    await route.fulfill({ response, json: { ...totals, mota_ideas: totals.mota_ideas + 1 } });
  });
  const release = await holdRequests(page, ONE_IDEA);
  const reads = oneIdeaReads(page);
  const readAhead = page.waitForResponse((r) => OLDER_STEP.test(r.url()));
  await open(page);
  await readAhead;
  await page.waitForTimeout(300);
  // The idea drawn for the page on screen stays the one a press takes: no second draw.
  expect(reads.count).toBe(1);
  release();
  await page.getByRole('button', { name: 'Random Idea' }).click();
  await expect(lastToast(page)).toContainText('Random Idea:');
});

test('Random Idea with an empty or unreachable registry', ANY_SERVER, async ({ page }) => {
  await page.route(IDEAS, (route) =>
    route.request().method() === 'HEAD' || route.request().method() === 'GET' ? emptyList(route) : route.fallback(),
  );
  await open(page);
  await page.getByRole('button', { name: 'Random Idea' }).click();
  await expectToast(page, 'No ideas yet', 'The registry is awaiting its first spark!', 'normal');
  await page.unroute(IDEAS);
  await page.route(ONE_IDEA, serverError);
  const refused = page.waitForResponse((r) => ONE_IDEA.test(r.url()));
  await open(page);
  await refused;
  // An idea drawn ahead that could not be read says nothing until the reader asks for one: no
  // toast on screen, once the toast area runs and so shows any toast raised before it started.
  await expect(page.locator('astro-island[component-url*="/Toaster."]')).not.toHaveAttribute('ssr');
  await page.waitForTimeout(300);
  // (Counted once: toHaveCount would wait for a toast to leave.)
  expect(await toast(page).count()).toBe(0);
  await page.getByRole('button', { name: 'Random Idea' }).click();
  await expectToast(page, 'Error fetching ideas', 'Could not retrieve the registry. Please try again later.');
  // Once the registry answers again, so does the button.
  await page.unroute(ONE_IDEA);
  await page.getByRole('button', { name: 'Random Idea' }).click();
  await expect(lastToast(page)).toContainText('Random Idea:');
});

test('Export CSV: only the filtered rows, quoted, formula-safe, UTF-8 with a BOM', async ({ page, request }) => {
  const tag = unique('csvtag');
  // Inserted oldest first; the export lists newest first, as the table does.
  await insertRows(request, 'mota_ideas', [
    {
      issue: `=HYPERLINK("http://evil.example") ${tag}`,
      mitigation: '+1 for caution',
      proposed_by: '@someone',
      notes: '-minus',
    },
  ]);
  await insertRows(request, 'mota_ideas', [
    { issue: `Commas, "quotes" and ${tag}`, mitigation: 'Line one\nLine two', proposed_by: 'Ζωή 🌿', notes: null },
  ]);
  await insertRows(request, 'mota_ideas', [
    { issue: 'Unrelated idea', mitigation: 'Not exported', proposed_by: 'Nobody' },
  ]);
  await open(page);
  await filterBy(page, tag.toUpperCase());
  await expect(rows(page)).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('mota_ideas.csv');
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // The day in the browser's time zone (this process's), as the table shows it: YYYY-MM-DD.
  const today = new Date().toLocaleDateString('en-CA');
  expect(bytes.toString('utf8')).toBe(
    '\uFEFF' +
      'Issue/Problem,Mitigation/Proposed Solution,Proposed By,Notes/Comments,Date Submitted\r\n' +
      `"Commas, ""quotes"" and ${tag}","Line one\nLine two",Ζωή 🌿,,${today}\r\n` +
      `"'=HYPERLINK(""http://evil.example"") ${tag}",'+1 for caution,'@someone,'-minus,${today}\r\n`,
  );
  await expectToast(page, 'Data exported to CSV!', null, 'normal');

  // Nothing matches: no file, and the visitor is told.
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await filterBy(page, unique('nothing-matches'));
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expectToast(page, 'No data to export', null, 'destructive');
  expect(downloaded).toBe(false);
});

test(
  'Export CSV asks for the ideas as the pointer goes down, and only that press uses what it read',
  ANY_SERVER,
  async ({ page, request }) => {
    const tag = unique('early');
    await insertTaggedIdeas(request, tag, 2);
    await open(page);
    await filterBy(page, tag);
    const exportButton = page.getByRole('button', { name: 'Export CSV' });
    // The export's reads, told from the table's by their batch size (EXPORT_BATCH_SIZE).
    const reads = { count: 0 };
    page.on('request', (r) => {
      if (r.url().includes('/mota_ideas_matches?') && r.url().includes('limit=500')) reads.count += 1;
    });
    const csvOf = async (press: () => Promise<void>) => {
      const download = page.waitForEvent('download');
      await press();
      return (await readFile(await (await download).path())).toString('utf8');
    };
    // Away from the window's bottom right, where the first export's toast comes up over whatever
    // the second press would land on.
    await exportButton.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    const box = (await exportButton.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

    // The read starts with the press, before the click; the click then reads nothing more.
    await page.mouse.down();
    await expect.poll(() => reads.count).toBe(1);
    const pressed = await csvOf(() => page.mouse.up());
    expect(pressed).toContain(`${tag} 2`);
    expect(reads.count).toBe(1);
    await expectToast(page, 'Data exported to CSV!', null, 'normal');
    await expect(exportButton).toBeEnabled();

    // A press that slides off the button reads, but nothing uses that read: an idea added since
    // is in the file the keyboard asks for next.
    await page.mouse.down();
    await expect.poll(() => reads.count).toBe(2);
    await page.mouse.move(box.x + box.width / 2, box.y - 200);
    await page.mouse.up();
    await insertTaggedIdeas(request, `${tag} late`, 1);
    await exportButton.focus();
    const typed = await csvOf(() => page.keyboard.press('Enter'));
    expect(reads.count).toBe(3);
    expect(typed).toContain(`${tag} late 1`);
    await expect(exportButton).toBeFocused();
  },
);

/** The idea the second page starts with: the one after the first page's last. */
async function ideaAfterFirstPage(page: Page, tag: string): Promise<string> {
  const last = await rows(page).last().textContent();
  const number = Number(last?.match(new RegExp(`${tag} (\\d+)`))?.[1]);
  expect(number, `the first page ends with one of the ideas under test: ${last}`).toBeGreaterThan(1);
  return `${tag} ${number - 1}`;
}

test('the page after the first is read ahead: Older shows it without waiting for the registry', async ({
  page,
  request,
}) => {
  const tag = unique('ahead');
  await insertTaggedIdeas(request, tag, 60);
  const ownStep = ownOlderStep(tag);
  const readAhead = page.waitForResponse((r) => ownStep(r.url()));
  await open(page);
  await filterBy(page, tag);
  await readAhead;
  const next = await ideaAfterFirstPage(page, tag);
  // Held from now on: the step below cannot be waiting for the registry.
  const release = await holdRequests(page, IDEAS);
  await olderButton(page).click();
  await expect(page.locator('[data-summary]')).toContainText('Ideas 21–');
  await expect(rows(page).first()).toContainText(next);
  release();
});

test('stepping Older after ideas were added meanwhile shows each idea once, none skipped', async ({
  page,
  request,
}) => {
  const tag = unique('steady');
  await insertTaggedIdeas(request, tag, 45);
  await open(page);
  await filterBy(page, tag);
  const shown: number[] = [];
  const take = async () => {
    for (const text of await rows(page).allInnerTexts())
      shown.push(Number(text.match(new RegExp(`${tag} (\\d+)`))![1]));
  };
  await take();
  // Three more while the reader is on page 1: by offset, page 2 would begin with three of page 1's.
  await insertRows(
    request,
    'mota_ideas',
    [46, 47, 48].map((n) => ({ issue: `${tag} ${n}`, mitigation: 'Read on' })),
  );
  await olderButton(page).click();
  await expect(page.locator('[data-summary]')).toContainText('Ideas 21–');
  await take();
  await olderButton(page).click();
  await expect(page.locator('[data-summary]')).toContainText('Ideas 41–');
  await take();
  expect(shown).toEqual(Array.from({ length: 45 }, (_, i) => 45 - i));
});

test('after an idea is submitted, the page after the first is read alongside it: Older pressed at once finds it there', async ({
  page,
  request,
}) => {
  // Unfiltered: an idea has its place on page 1 only where no filter is set.
  await insertTaggedIdeas(request, unique('beside'), 60);
  const pageAfterRead = () => page.waitForResponse((r) => OLDER_STEP.test(r.url()));
  const readAhead = pageAfterRead();
  await open(page);
  await readAhead;
  // The oldest idea of the first page: the idea below moves it to the next.
  const movedOn = await rows(page).last().locator('td').first().innerText();
  // Page 1 read again is held: the page after it must be asked for without waiting for it.
  const pageOne = (url: URL) => url.pathname.startsWith(`${REST}/mota_ideas`) && url.searchParams.get('offset') === '0';
  const releasePageOne = await holdRequests(page, pageOne);
  await openDialog(page);
  await field(page, 'Issue/Problem').fill(unique('Submitted, then straight to the next page'));
  await field(page, 'Mitigation/Proposed Solution').fill('Older, pressed at once.');
  const pageAfter = pageAfterRead();
  await submitButton(page).click();
  await expectToast(page, 'Idea Submitted!', 'Your spark has been added to the bonfire.', 'normal');
  await pageAfter;
  // Held from now on: the step below cannot be waiting for the registry.
  const release = await holdRequests(page, IDEAS);
  await olderButton(page).click();
  await expect(page.locator('[data-summary]')).toContainText('Ideas 21–');
  await expect(page.locator('#mota-results')).toContainText(movedOn);
  release();
  releasePageOne();
});

test('a page read ahead that failed is read again when the reader steps to it', async ({ page, request }) => {
  const tag = unique('ahead-failed');
  await insertTaggedIdeas(request, tag, 60);
  const ownStep = ownOlderStep(tag);
  await page.route(ownStep, serverError);
  const refused = page.waitForResponse((r) => ownStep(r.url()));
  await open(page);
  await filterBy(page, tag);
  await refused;
  await page.unroute(ownStep);
  const next = await ideaAfterFirstPage(page, tag);
  await olderButton(page).click();
  await expect(page.locator('[data-summary]')).toContainText('Ideas 21–');
  await expect(rows(page).first()).toContainText(next);
  expect(await toast(page).count()).toBe(0);
});

test('a step that lands while its page read ahead is failing reads the page again and shows it', async ({
  page,
  request,
}) => {
  const tag = unique('ahead-failing');
  await insertTaggedIdeas(request, tag, 60);
  // The read ahead is held, then refused, only once the reader has stepped to its page.
  let refuse!: () => void;
  const refusing = new Promise<void>((resolve) => (refuse = resolve));
  let readAheadHeld = false;
  await page.route(ownOlderStep(tag), async (route) => {
    if (readAheadHeld) return route.fallback();
    readAheadHeld = true;
    await refusing;
    await serverError(route);
  });
  await open(page);
  await filterBy(page, tag);
  await expect.poll(() => readAheadHeld).toBe(true);
  await olderButton(page).click();
  refuse();
  await expect(page.locator('[data-summary]')).toContainText('Ideas 21–');
  await expect(rows(page).first()).toContainText(tag);
  await expect(page.getByText('The registry could not be reached just now.')).toHaveCount(0);
  expect(await toast(page).count()).toBe(0);
});

test('paging past the spec: 1,100 matching ideas, 20 a page, exported whole', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = unique('bulk');
  const ideas = Array.from({ length: 1100 }, (_, i) => ({
    issue: `${tag} issue ${String(i + 1).padStart(4, '0')}`,
    mitigation: `Mitigation ${i + 1}`,
  }));
  await insertRows(request, 'mota_ideas', ideas);
  const html = await (await request.get('/mota')).text();
  expect(html).not.toContain(tag);
  expect(html.length).toBeLessThan(150_000);

  await open(page);
  await filterBy(page, tag);
  const numbers = async () =>
    (await rows(page).locator('td:first-child').allInnerTexts()).map((t) => t.split(' ').at(-1));
  await expect(rows(page)).toHaveCount(20);
  await expect(page.locator('[data-summary]')).toHaveText(`Ideas 1–20 of 1,100 matching “${tag}”, newest first`);
  expect((await numbers())[0]).toBe('1100');
  const pager = page.getByRole('navigation', { name: 'Registry pages' });
  await expect(pager.getByRole('button', { name: 'Newer' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Older' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-summary]')).toHaveText(`Ideas 21–40 of 1,100 matching “${tag}”, newest first`);
  expect((await numbers())[0]).toBe('1080');
  // The pager pressed was gone while the page loaded: the keyboard's place is the results' top.
  await expect(page.locator('#mota-results')).toBeFocused();
  // Older twice more and Newer once, each a step from the edge idea of the page shown (a search
  // reads mota_ideas_matches: a created_at bound beside the search, no offset), each page the
  // one the offset reads: all 1,100 ideas share one instant, so ids alone order them.
  const reads: string[] = [];
  const onRequest = (r: Request) =>
    r.url().includes(`${REST}/mota_ideas_matches`) && r.method() === 'GET' && reads.push(decodeURIComponent(r.url()));
  page.on('request', onRequest);
  const pad = (n: number) => String(n).padStart(4, '0');
  for (const [button, from] of [
    ['Older', 41],
    ['Older', 61],
    ['Newer', 41],
  ] as const) {
    await pager.getByRole('button', { name: button }).click();
    await expect(page.locator('[data-summary]')).toHaveText(
      `Ideas ${from}–${from + 19} of 1,100 matching “${tag}”, newest first`,
    );
    await expect.poll(numbers).toEqual(Array.from({ length: 20 }, (_, i) => pad(1100 - (from - 1) - i)));
  }
  page.off('request', onRequest);
  // Each step reads its page or finds it read ahead, and each read is a step.
  const steps = reads.filter((url) => url.includes('select=id,'));
  expect(steps.length).toBeGreaterThanOrEqual(1);
  for (const url of steps) expect(url).toMatch(/created_at=(lte|gte)\./);
  for (const url of steps) expect(url).toContain('ilike');
  for (const url of steps) expect(url).not.toContain('offset=');
  await pager.getByRole('button', { name: 'Page 55', exact: true }).click();
  await expect(page.locator('[data-summary]')).toHaveText(`Ideas 1,081–1,100 of 1,100 matching “${tag}”, newest first`);
  expect((await numbers()).at(-1)).toBe('0001');
  await expect(pager.getByRole('button', { name: 'Older' })).toBeDisabled();

  // A new filter starts again at page 1.
  await filterBy(page, `${tag} issue 000`);
  await expect(rows(page)).toHaveCount(9);

  // The export fetches every match, in batches.
  await filterBy(page, tag);
  const batches = countRequests(page, 'mota_ideas_matches', 'GET');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = (await readFile(await (await download).path())).toString('utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(1101);
  expect(lines[1]).toContain(`${tag} issue 1100`);
  expect(lines[1100]).toContain(`${tag} issue 0001`);
  expect(batches.count).toBeGreaterThanOrEqual(3);
});

test('The Founding Vision dialog', ANY_SERVER, async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'The Founding Vision' }).click();
  const vision = page.getByRole('dialog', { name: 'The Founding Vision' });
  await expect(vision).toBeVisible();
  await expect(vision).toContainText('Mitigations for Our Technological Age');
  await expect(vision).toContainText('Learn. Adapt. Evolve.');
  await page.keyboard.press('Escape');
  await expect(vision).toBeHidden();
  await expect(page.getByRole('button', { name: 'The Founding Vision' })).toBeFocused();
});

test('the dialogs fit a phone screen @phone', ANY_SERVER, async ({ page }) => {
  await open(page);
  await openDialog(page);
  const box = (await dialog(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  await submitButton(page).scrollIntoViewIfNeeded();
  await expect(submitButton(page)).toBeInViewport();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'The Founding Vision' }).click();
  const vision = (await page.getByRole('dialog', { name: 'The Founding Vision' }).boundingBox())!;
  expect(vision.x + vision.width).toBeLessThanOrEqual(viewport.width);
});

test('no serious accessibility problems, with each dialog open, in both themes', ANY_SERVER, async ({ page }) => {
  test.setTimeout(90_000); // six full axe scans
  const serious = () => seriousAxeViolations(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await open(page);
    expect(await serious()).toEqual([]);
    await openDialog(page);
    await submitButton(page).click(); // the inline error too
    await expect(dialog(page).getByRole('alert')).toBeVisible();
    // The toast shows above the dialog's backdrop: measure it once it has faded in (0.4 s).
    await expect(page.locator('[data-sonner-toast]').last()).toHaveCSS('opacity', '1');
    expect(await serious()).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'The Founding Vision' }).click();
    await expect(page.getByRole('dialog', { name: 'The Founding Vision' })).toBeVisible();
    expect(await serious()).toEqual([]);
  }
});
