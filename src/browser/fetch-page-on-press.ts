import { fetchPageRules, type PageFetchedOnPress } from '../lib/speculation-rules';

/**
 * Fetches the page `control` leads to from the moment it is pressed, as the page's own rules do
 * for a link, so the navigation the press starts is served from that fetch: a touch comes a
 * moment before its click. For a control that is not a link; the rules are in the policy.
 */
export function fetchPageOnPress(control: Element, path: PageFetchedOnPress): void {
  control.addEventListener(
    'pointerdown',
    () => {
      const rules = document.createElement('script');
      rules.type = 'speculationrules';
      rules.textContent = fetchPageRules(path);
      document.head.append(rules);
    },
    { once: true },
  );
}
