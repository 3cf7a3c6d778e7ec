import { test, expect } from './fixtures';

const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('follows the system setting until the visitor chooses', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const dark = await background(page);
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await background(page);
  expect(dark).not.toBe(light);
  await expect(page.locator('[data-theme-toggle]')).toHaveAttribute('aria-pressed', 'false');
});

test('the toggle switches theme and the choice survives reloads, applied before first paint', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const light = await background(page);
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const dark = await background(page);
  expect(dark).not.toBe(light);

  // The theme must already be applied when the document is parsed, before any module script.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { themeAtParse: string | undefined }).themeAtParse = document.documentElement.dataset.theme;
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtParse?: string }).themeAtParse)).toBe('dark');
  expect(await background(page)).toBe(dark);
  await page.getByRole('button', { name: 'Dark theme' }).click();
  expect(await background(page)).toBe(light);
});
