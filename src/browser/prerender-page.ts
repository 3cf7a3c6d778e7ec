import { ON_THE_WAY_MARK, prerenderPageRules, type PageOpenedByPress } from '../lib/speculation-rules';

const prerendering = new Set<PageOpenedByPress>();

/**
 * Prerenders `path` now, by adding Speculation Rules for it (listed in the policy): for a press
 * that leads to that page other than through a link, as the page's own rules only prefetch links'
 * pages. The press then shows the page already drawn. `onTheWay`: the reader is already going
 * there (a redirect follows, a sequence is under way), so the page in view is no longer the next
 * one, and the in-view guess stops drawing pages beside it (ON_THE_WAY_MARK).
 */
export function prerenderPage(path: PageOpenedByPress, { onTheWay = false } = {}): void {
  if (prerendering.has(path)) return;
  prerendering.add(path);
  const rules = document.createElement('script');
  rules.type = 'speculationrules';
  rules.textContent = prerenderPageRules(path);
  if (onTheWay) rules.setAttribute(ON_THE_WAY_MARK, '');
  document.head.append(rules);
}
