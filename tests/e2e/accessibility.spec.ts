import { test, expect } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
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
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        failures.push(
          `${path}: ${v.id} (${v.impact}) ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
}
