import { test, expect } from '@playwright/test';
import { watchConsole } from './helpers';

test('home page renders the shell with no console errors', async ({ page }) => {
  const check = watchConsole(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('header a').first()).toHaveAttribute('href', '/');
  check();
});

test('unknown paths answer 404 with a page that leads back', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This path leads nowhere');
  for (const href of ['/', '/book', '/about', '/essays', '/community']) {
    await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  }
});
