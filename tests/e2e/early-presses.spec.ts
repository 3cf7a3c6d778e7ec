import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { holdRequests } from './community-helpers';
import { codeAt } from './helpers';

// The controls outside the islands show as soon as the head script has run, and answer once the
// page's module scripts have: a press in between is held and made then (src/browser/head-script.mjs).

/** Opens `path` with the page's own module scripts held back; returns once `control` shows. */
async function openWithScriptsHeld(page: Page, path: string, control: string): Promise<() => void> {
  const release = await holdRequests(page, codeAt(/_astro_type_script_/));
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator(control).first()).toBeVisible();
  return release;
}

test.describe("no press outside the islands is lost while the page's scripts are on their way", () => {
  test('the theme switch', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const release = await openWithScriptsHeld(page, '/', '[data-theme-toggle]');
    await page.locator('[data-theme-toggle]').click();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('[data-theme-toggle]')).toHaveAttribute('aria-pressed', 'true');
  });

  test("the What's New banner's Dismiss", async ({ page }) => {
    const release = await openWithScriptsHeld(page, '/about', '[data-dismiss-banner]');
    await page.locator('[data-dismiss-banner]').click();
    release();
    await expect(page.locator('[data-whats-new]')).toBeHidden();
  });

  test("an essay's Share copies the link and says so", async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    const release = await openWithScriptsHeld(page, '/essays/philosophy/golden-age', '[data-share]');
    await page.locator('[data-share]').first().click();
    release();
    await expect(page.locator('[data-sonner-toast]:not([data-removed=true])')).toContainText(
      'Link successfully copied.',
    );
  });

  test("the cover story's Pause the echoes", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const release = await openWithScriptsHeld(page, '/coverstory', '[data-echo-toggle]');
    await page.locator('[data-echo-toggle]').click();
    release();
    await expect(page.locator('[data-echo-toggle]')).toHaveText('Play the echoes');
  });

  test("the guide's Print this guide", async ({ page }) => {
    await page.addInitScript(() => {
      window.print = () => document.documentElement.setAttribute('data-printed', '');
    });
    const release = await openWithScriptsHeld(page, '/thematic-depth-guide', '[data-print]');
    await page.locator('[data-print]').click();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-printed', '');
  });

  test('a button the browser opens a dialog with is left to it: Search opens once and stays open', async ({ page }) => {
    const release = await openWithScriptsHeld(page, '/about', '[data-search-open]');
    await page.locator('[data-search-open]').click();
    await expect(page.locator('dialog#site-search')).toBeVisible();
    release();
    await page.waitForLoadState('load');
    await expect(page.locator('dialog#site-search')).toBeVisible();
  });
});
