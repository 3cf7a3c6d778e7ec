import { test, expect } from './fixtures';

test('site search loads nothing until opened, then finds reading pages by keyboard @phone', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(requested.filter((u) => u.includes('/pagefind/'))).toEqual([]);

  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('searchbox');
  await expect(input).toBeFocused();
  await input.fill('shepherd');
  const first = dialog.locator('[data-search-results] a').first();
  await expect(first).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('shepherd');
  expect(requested.some((u) => u.includes('/pagefind/'))).toBe(true);

  await input.fill('xylophone');
  await expect(dialog.getByRole('status')).toContainText('Nothing on the site matches');
  await expect(dialog.locator('[data-search-results] li')).toHaveCount(0);
});

test('"/" opens search from anywhere but a form field; the not-found page is not indexed', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox').fill('mistyped');
  await expect(dialog.getByRole('status')).toContainText('Nothing on the site matches');
  // The first Escape clears the search field (native behaviour), the next closes the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('searchbox')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Enter in the search box keeps the dialog open with its results and the address unchanged @phone', async ({
  page,
}) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  const input = dialog.getByRole('searchbox');
  await input.fill('carob');
  await expect(dialog.locator('[data-search-results] a').first()).toBeVisible();
  await input.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-search-results] a').first()).toBeVisible();
  await expect(input).toHaveValue('carob');
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/about');
});
