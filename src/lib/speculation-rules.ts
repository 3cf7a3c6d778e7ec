import type { FIRST_LIGHT_PATH } from './konami';
import type { QUIZ_PATH, explorerPath } from './quiz';
import type { EARLY_ACCESS_REDIRECT_PATH } from './signups';

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
 * The pages a press leads to other than through a link: the quiz (Take Quiz Again), First Light
 * (the Konami sequence), the welcome letter (the early-access form's redirect) and a portal (the
 * quiz's redirect). The page's rules fetch only links, so the page adds rules of its own for such
 * a page (src/browser/fetch-page-on-press.ts: once the portal is idle, or as the press gets under
 * way), which it must allow (allowSpeculationRules).
 */
export type PageFetchedOnPress =
  typeof QUIZ_PATH | typeof FIRST_LIGHT_PATH | typeof EARLY_ACCESS_REDIRECT_PATH | ReturnType<typeof explorerPath>;

/** Rules that fetch `path` at once. */
export const fetchPageRules = (path: PageFetchedOnPress): string =>
  JSON.stringify({ prefetch: [{ source: 'list', urls: [path], eagerness: 'immediate' }] });

/**
 * Lets a page run these inline rules: the Content-Security-Policy runs them only when their hash
 * is listed. A page lists only the rules it may add (`Astro.csp`, on the server).
 */
export async function allowSpeculationRules(
  csp: { insertScriptHash(hash: `sha256-${string}`): void } | undefined,
  rules: string[],
): Promise<void> {
  for (const text of rules) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    csp?.insertScriptHash(`sha256-${btoa(String.fromCharCode(...digest))}`);
  }
}
