import { test, expect } from './fixtures';
import { seriousAxeViolations } from './axe';
import { pagePaths } from './helpers';

// Walks every page of the site, in both themes, so each page added later is checked
// with no new code.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`every page has no serious or critical axe violations (${colorScheme} theme)`, async ({ page }) => {
    test.setTimeout(480_000);
    await page.emulateMedia({ colorScheme });
    const paths = await pagePaths(page);
    expect(paths.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const path of [...paths, '/404-check-page-that-does-not-exist']) {
      await page.goto(path);
      failures.push(...(await seriousAxeViolations(page)).map((violation) => `${path}: ${violation}`));
    }
    expect(failures).toEqual([]);
  });
}
