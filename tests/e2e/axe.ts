import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The page as it is now, scanned by axe: each serious or critical violation as
 * "rule (impact) first targets". Every scan in the browser suite goes through here.
 *
 * Axe runs in the page itself (legacy mode): its default merges the results of each frame in a
 * blank page it opens for every scan, which doubled the suite's axe time, and the site's pages
 * hold no frames to merge; a page that gains one fails here rather than going half-scanned. Only
 * violations are collected in full: the passes, thousands of nodes a page, were serialised and
 * thrown away.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  expect(
    page
      .mainFrame()
      .childFrames()
      .map((frame) => frame.url()),
    'frames, which a scan in the page alone would leave out',
  ).toEqual([]);
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
