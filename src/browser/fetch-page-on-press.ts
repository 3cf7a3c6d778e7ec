import { fetchPageRules, type PageFetchedOnPress } from '../lib/speculation-rules';

const fetching = new Set<PageFetchedOnPress>();

/**
 * Fetches `path` now, by adding Speculation Rules for it (listed in the policy), and the
 * navigation to it is served from that fetch: for a press that leads to a page other than through
 * a link, as the page's own rules fetch only links' pages.
 */
export function fetchPageAhead(path: PageFetchedOnPress): void {
  if (fetching.has(path)) return;
  fetching.add(path);
  const rules = document.createElement('script');
  rules.type = 'speculationrules';
  rules.textContent = fetchPageRules(path);
  document.head.append(rules);
}
