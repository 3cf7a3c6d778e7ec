import { test, expect } from './fixtures';
import { seriousAxeViolations } from './axe';
import { pagePaths } from './helpers';

// Walks every page of the site, in both themes, so each page added later is checked with no new
// code. Each page is loaded once and scanned in the light theme, then in the dark: until the
// visitor chooses, the theme follows the system setting through CSS alone, so the page changes
// nothing else. The pages are shared between two tests, every other one, so that two workers
// share the walk.
const PARTS = 2;
for (let part = 0; part < PARTS; part += 1) {
  test(`every page has no serious or critical axe violations, in both themes (part ${part + 1} of ${PARTS})`, async ({
    page,
  }) => {
    test.setTimeout(480_000);
    const paths = await pagePaths(page);
    expect(paths.length).toBeGreaterThan(0);
    const mine = [...paths, '/404-check-page-that-does-not-exist'].filter((_, index) => index % PARTS === part);
    const failures: string[] = [];
    for (const path of mine) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(path);
      const backgrounds = new Set<string>();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        // Colours that ease from one theme to the other are read once they have arrived.
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation instanceof CSSTransition)
              .map((transition) => transition.finished.catch(() => {})),
          ),
        );
        backgrounds.add(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
        failures.push(
          ...(await seriousAxeViolations(page)).map((violation) => `${path} (${colorScheme}): ${violation}`),
        );
      }
      if (backgrounds.size !== 2) failures.push(`${path}: the same background in both themes`);
    }
    expect(failures).toEqual([]);
  });
}
