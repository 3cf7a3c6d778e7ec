import { FIRST_LIGHT_PATH } from './konami';
import { QUIZ_PATH } from './quiz';
import { EARLY_ACCESS_REDIRECT_PATH } from './signups';

/**
 * The Speculation Rules every page carries (BaseLayout): the browser fetches the page behind a
 * link once the reader points at it or starts to press it, and the tap's navigation is served
 * from that fetch. Pages merely in view are not fetched: on a slow link they shared the bandwidth
 * with the reader's own next tap. And prefetch only, no prerender: on a slow phone, a prerender
 * started at the touch fetched the page a second time and loaded its scripts and images beside
 * it, and the next page appeared later than it does from the prefetch alone.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ source: 'document', where: { selector_matches: 'a' }, eagerness: 'moderate' }],
});

/**
 * The pages a press leads to other than through a link (the explorer portal's Take Quiz Again,
 * the Konami sequence's last key, the early-access form's redirect): the page's rules fetch only
 * links, so such a press adds rules of its own (src/browser/fetch-page-on-press.ts). The policy
 * lists each page's rules by hash.
 */
export const PAGES_FETCHED_ON_PRESS = [QUIZ_PATH, FIRST_LIGHT_PATH, EARLY_ACCESS_REDIRECT_PATH] as const;
export type PageFetchedOnPress = (typeof PAGES_FETCHED_ON_PRESS)[number];

/** Rules that fetch `path` at once. */
export const fetchPageRules = (path: PageFetchedOnPress): string =>
  JSON.stringify({ prefetch: [{ source: 'list', urls: [path], eagerness: 'immediate' }] });
