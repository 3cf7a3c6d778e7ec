import { test, expect } from './fixtures';
import { expectToast, startOwnServer } from './community-helpers';

// The database's rate limit, as the visitor meets it. The suite's server runs with the limit
// off (COMMUNITY_RATE_LIMIT=0), so this file starts its own `npm start` server with a
// throwaway database and a limit of 2 inserts per table per 10 minutes.
test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 4399) - 1;
let origin = '';
let stop = async () => {};

test.beforeAll(async () => {
  test.setTimeout(60_000);
  ({ origin, stop } = await startOwnServer(port, { DATA_DIR: 'memory', COMMUNITY_RATE_LIMIT: '2' }));
});

test.afterAll(() => stop());

test('past the rate limit, posts and ideas are refused with a clear toast, and nothing typed is lost', async ({
  page,
}) => {
  await page.goto(`${origin}/forum`);
  const message = page.getByLabel('Your message');
  for (const n of [1, 2]) {
    await message.fill(`Rate limit test post ${n}`);
    await page.getByRole('button', { name: 'Post to the Forum' }).click();
    await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.');
    // Emptied once this post has landed: the previous post's toast may still be on screen.
    await expect(message).toHaveValue('');
  }
  await message.fill('One post too many');
  await page.getByRole('button', { name: 'Post to the Forum' }).click();
  await expectToast(
    page,
    'Error submitting post',
    'You have added many words to the grove in the last few minutes. Sit a while in the shade and try again shortly.',
    'destructive',
  );
  await expect(message).toHaveValue('One post too many');

  // The registry has its own allowance.
  await page.goto(`${origin}/mota`);
  const dialog = page.getByRole('dialog', { name: 'Submit New Idea' });
  for (const n of [1, 2, 3]) {
    await page.getByRole('button', { name: 'Submit New Idea' }).click();
    await dialog.getByLabel('Issue/Problem').fill(`Rate limit issue ${n}`);
    await dialog.getByLabel('Mitigation/Proposed Solution').fill(`Rate limit mitigation ${n}`);
    await dialog.getByRole('button', { name: 'Submit Idea' }).click();
    if (n < 3) {
      await expectToast(page, 'Idea Submitted!', 'Your spark has been added to the bonfire.');
      await expect(dialog).toBeHidden();
    }
  }
  const refusal =
    'You have added many sparks to the bonfire in the last few minutes. Sit a while in the shade and try again shortly.';
  await expectToast(page, 'Submission Failed', refusal, 'destructive');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(refusal);
  await expect(dialog.getByLabel('Issue/Problem')).toHaveValue('Rate limit issue 3');
});
