import { prerenderPageRules, type PageOpenedByPress } from '../lib/speculation-rules';

const prerendering = new Set<PageOpenedByPress>();

/**
 * Prerenders `path` now, by adding Speculation Rules for it (listed in the policy): for a press
 * that leads to that page other than through a link, as the page's own rules only prefetch links'
 * pages. The press then shows the page already drawn.
 */
export function prerenderPage(path: PageOpenedByPress): void {
  if (prerendering.has(path)) return;
  prerendering.add(path);
  const rules = document.createElement('script');
  rules.type = 'speculationrules';
  rules.textContent = prerenderPageRules(path);
  document.head.append(rules);
}
