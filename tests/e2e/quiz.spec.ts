import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { deliveryType, watchConsole, watchFetchedAhead } from './helpers';

interface Question {
  id: string;
  text: string;
  options: { text: string; score: number }[];
}
interface ExplorerType {
  id: string;
  name: string;
  description?: string;
  curatedLinks: { title: string; path: string }[];
}
const load = <T>(file: string) => yaml.load(readFileSync(`content/data/${file}`, 'utf8')) as T;
const questions = load<Question[]>('quiz.yaml');
const types = load<ExplorerType[]>('explorer-types.yaml');

/** The option index in each question that carries the wanted score (type index). */
const choicesFor = (scores: number[]) =>
  scores.map((score, q) => {
    const choice = questions[q].options.findIndex((o) => o.score === score);
    if (choice < 0) throw new Error(`question ${q + 1} has no option scoring ${score}`);
    return choice;
  });

const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
const questionHeading = (page: Page) => page.locator('main h2[tabindex="-1"]');

test('a full quiz run by mouse lands on the Archivist portal @phone', async ({ page }) => {
  const check = watchConsole(page);
  await page.goto('/curious-mind-quiz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Curious Mind Quiz');
  await page.getByRole('button', { name: 'Begin the Quiz' }).click();

  // archivist (1) twice, catalyst (6) and patternfinder (3) once: the Archivist wins outright.
  const answers = choicesFor([1, 6, 1, 3]);
  for (const [q, choice] of answers.entries()) {
    await expect(page.getByText(`Question ${q + 1} of 4`, { exact: true })).toBeVisible();
    await expect(questionHeading(page)).toContainText(questions[q].text);
    await expect(questionHeading(page)).toBeFocused();
    await page.getByRole('button', { name: questions[q].options[choice].text, exact: true }).click();
  }
  await expect(questionHeading(page)).toHaveText(/Reading your answers/);
  await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText(
    'You are The Archivist! Redirecting to your portal...',
  );
  await page.waitForURL('**/explorer/archivist');
  expect(await stored(page, 'explorerTypeId')).toBe('archivist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are The Archivist');
  // The toast was carried over, so it is still seen on the portal.
  await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText(
    'You are The Archivist! Redirecting to your portal...',
  );
  // The portal's own script records the visit.
  await expect.poll(() => stored(page, 'lastExplorerTypeId')).toBe('archivist');
  check();
});

test('a full quiz run by keyboard alone: a four-way tie goes to the lowest index (Wondermaker)', async ({ page }) => {
  await page.goto('/curious-mind-quiz');
  await page.getByRole('button', { name: 'Begin the Quiz' }).focus();
  await page.keyboard.press('Enter');

  // signal-seeker 7, wondermaker 2, wayfinder 5, bridgebuilder 4: one point each.
  const answers = choicesFor([7, 2, 5, 4]);
  for (const [q, choice] of answers.entries()) {
    await expect(questionHeading(page)).toBeFocused();
    await expect(questionHeading(page)).toContainText(`Question ${q + 1} of 4`);
    for (let i = 0; i <= choice; i += 1) await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: questions[q].options[choice].text, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await page.waitForURL('**/explorer/wondermaker');
  expect(await stored(page, 'explorerTypeId')).toBe('wondermaker');
  await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText(
    'You are The Wondermaker! Redirecting to your portal...',
  );
});

test('Previous question goes back and the earlier answer can be changed', async ({ page }) => {
  await page.goto('/curious-mind-quiz');
  await page.getByRole('button', { name: 'Begin the Quiz' }).click();
  await page.getByRole('button', { name: questions[0].options[0].text, exact: true }).click();
  await expect(page.getByText('Question 2 of 4', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Previous question' }).click();
  await expect(page.getByText('Question 1 of 4', { exact: true })).toBeVisible();
  await expect(questionHeading(page)).toBeFocused();
  await expect(page.getByRole('button', { name: questions[0].options[0].text, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('each new question is shown from its top, below the header, after a tap on a low answer @phone', async ({
  page,
}) => {
  await page.goto('/curious-mind-quiz');
  await page.getByRole('button', { name: 'Begin the Quiz' }).click();
  const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
  for (let number = 1; number < questions.length; number++) {
    await expect(page.locator('[data-quiz-progress]')).toHaveText(`Question ${number} of ${questions.length}`);
    await page.getByRole('list', { name: 'Your answer' }).getByRole('button').last().click();
    await expect(page.locator('[data-quiz-progress]')).toHaveText(`Question ${number + 1} of ${questions.length}`);
    await expect(questionHeading(page)).toBeFocused();
    for (const part of [
      page.locator('[data-quiz-progress]'),
      page.getByRole('button', { name: 'Previous question' }),
    ]) {
      await expect(part).toBeInViewport();
      expect((await part.boundingBox())!.y, `${await part.innerText()}: below the header`).toBeGreaterThanOrEqual(
        headerBottom,
      );
    }
  }
});

test('starting the quiz clears a saved type', async ({ page }) => {
  await page.goto('/curious-mind-quiz');
  await expect(page.getByRole('button', { name: 'Begin the Quiz' })).toBeVisible();
  await page.evaluate(() => window.localStorage.setItem('explorerTypeId', 'catalyst'));
  await page.getByRole('button', { name: 'Begin the Quiz' }).click();
  await expect(page.getByText('Question 1 of 4', { exact: true })).toBeVisible();
  expect(await stored(page, 'explorerTypeId')).toBeNull();
});

test('a saved valid type goes straight to its portal', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('explorerTypeId', 'catalyst'));
  await page.goto('/curious-mind-quiz');
  await page.waitForURL('**/explorer/catalyst');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are The Catalyst');
});

test('an invalid saved type is removed and the quiz is offered', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('explorerTypeId', 'nope'));
  await page.goto('/curious-mind-quiz');
  await expect.poll(() => stored(page, 'explorerTypeId')).toBeNull();
  await expect(page.getByRole('button', { name: 'Begin the Quiz' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/curious-mind-quiz');
});

test('the last answer has its portal prerendered during the pause, and the redirect opens it', async ({ page }) => {
  const fetched = await watchFetchedAhead(page);
  await page.goto('/curious-mind-quiz');
  await page.getByRole('button', { name: 'Begin the Quiz' }).click();
  // The Wayfinder (5) twice, the Patternfinder (3) and the Bridgebuilder (4) once.
  for (const [q, choice] of choicesFor([3, 5, 5, 4]).entries())
    await page.getByRole('button', { name: questions[q].options[choice].text, exact: true }).click();
  await expect(questionHeading(page)).toHaveText(/Reading your answers/);
  await expect.poll(() => fetched.prerendered).toContain('/explorer/wayfinder');
  await expect.poll(() => fetched.pages).toContain('/explorer/wayfinder');
  // The quiz's own rules, valid under the page's policy, beside the page's.
  await expect.poll(() => fetched.ruleSets).toEqual(['valid', 'valid']);
  await page.waitForURL('**/explorer/wayfinder');
  expect(await deliveryType(page)).toBe('navigational-prefetch');
});

test('Take Quiz Again forgets both saved types and opens the quiz', async ({ page }) => {
  await page.goto('/explorer/wayfinder');
  await page.evaluate(() => window.localStorage.setItem('explorerTypeId', 'wayfinder'));
  expect(await stored(page, 'lastExplorerTypeId')).toBe('wayfinder');
  await page.getByRole('button', { name: 'Take Quiz Again' }).click();
  await page.waitForURL('**/curious-mind-quiz');
  await expect(page.getByRole('button', { name: 'Begin the Quiz' })).toBeVisible();
  expect(await stored(page, 'explorerTypeId')).toBeNull();
  expect(await stored(page, 'lastExplorerTypeId')).toBeNull();
});

test('Take Quiz Again pressed before the portal script runs still forgets both types and opens the quiz', async ({
  page,
}) => {
  // The portal's own script held back: the button is the plain form.
  await page.route('**/_astro/_explorerTypeName_.astro_astro_type_script*', (route) => route.abort());
  await page.goto('/explorer/wayfinder');
  await page.evaluate(() => {
    window.localStorage.setItem('explorerTypeId', 'wayfinder');
    window.localStorage.setItem('lastExplorerTypeId', 'wayfinder');
  });
  await page.getByRole('button', { name: 'Take Quiz Again' }).click();
  await expect(page.getByRole('button', { name: 'Begin the Quiz' })).toBeVisible();
  // The quiz page's script forgets the types and drops the query.
  await expect(page).toHaveURL(/\/curious-mind-quiz$/);
  expect(await stored(page, 'explorerTypeId')).toBeNull();
  expect(await stored(page, 'lastExplorerTypeId')).toBeNull();
});

test('all eight portals render, with Explore links to routes of the site', async ({ page }) => {
  const check = watchConsole(page);
  expect(types).toHaveLength(8);
  for (const type of types) {
    const response = await page.goto(`/explorer/${type.id}`);
    expect(response?.status(), type.id).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You are The ${type.name}`);
    const firstParagraph = (type.description ?? '').trim().split(/\n\s*\n/)[0];
    await expect(page.getByText(firstParagraph)).toBeVisible();
    await expect(page.getByText('No matter your path: Learn. Adapt. Evolve.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Take Quiz Again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    // The curated links: one Explore button each, pointing at the content's path, which is a
    // page of the site.
    const explore = page.locator('main a[data-curated-link]');
    await expect(explore).toHaveCount(type.curatedLinks.length);
    for (const [i, link] of type.curatedLinks.entries()) {
      await expect(explore.nth(i)).toHaveAccessibleName(`Explore: ${link.title}`);
      await expect(explore.nth(i)).toContainText('Explore');
      await expect(explore.nth(i)).toHaveAttribute('href', link.path);
      expect((await page.request.get(link.path)).status(), link.path).toBe(200);
      await expect(page.getByRole('heading', { level: 3, name: link.title })).toBeVisible();
    }

    // The type's colours made it into the stylesheet (a class Tailwind missed would be transparent).
    const banner = page.locator('main section').first();
    expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await stored(page, 'lastExplorerTypeId')).toBe(type.id);
  }
  check();
});

test('Explore links that exist on this build answer 200', async ({ page }) => {
  await page.goto('/explorer/wayfinder');
  const response = await page.request.get('/');
  expect(response.status()).toBe(200);
  await page.getByRole('link', { name: 'Explore: Start at the Trailhead' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});

test('an unknown explorer type ends at the quiz', async ({ page }) => {
  await page.goto('/explorer/nope');
  await page.waitForURL('**/curious-mind-quiz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Curious Mind Quiz');
});

test('an unknown explorer type is sent on before the not-found page is drawn, waiting for no script file', async ({
  page,
}) => {
  // On a slow phone a script file comes a round trip or more after the page: the not-found page
  // would be on screen meanwhile. Every script file is held back here.
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.addInitScript(() => {
    if (!location.pathname.startsWith('/explorer/')) return;
    document.addEventListener('DOMContentLoaded', () =>
      sessionStorage.setItem('notFoundVisibility', getComputedStyle(document.documentElement).visibility),
    );
  });
  await page.goto('/explorer/nope', { waitUntil: 'commit' });
  await page.waitForURL('**/curious-mind-quiz');
  // Hidden while it was being read, if it was read at all before the quiz came.
  expect(await page.evaluate(() => sessionStorage.getItem('notFoundVisibility'))).not.toBe('visible');
});
