import type { FIRST_LIGHT_PATH } from './konami';
import type { QUIZ_PATH, explorerPath } from './quiz';
import type { EARLY_ACCESS_REDIRECT_PATH } from './signups';

/** The mark src/browser/prerender-in-view.ts puts on the links whose pages are prerendered. */
export const PRERENDER_MARK = 'data-prerender';

/**
 * The mark on the rules that prerender a page the reader is already on the way to (a redirect
 * follows, the Konami sequence is under way; src/browser/prerender-page.ts). While they are on the
 * page, prerender-in-view.ts prerenders no new page for the view.
 */
export const ON_THE_WAY_MARK = 'data-on-the-way';

/**
 * The Speculation Rules every page carries (BaseLayout). Every link's page is fetched once the
 * reader points at the link or starts to press it, and the tap's navigation is served from that
 * fetch. The page behind the link nearest the middle of a rested view, which carries
 * PRERENDER_MARK (prerender-in-view.ts), is prerendered: a tap on it shows a page already drawn,
 * where a page fetched at the touch was still to be parsed and painted after the tap. Pages are
 * not prerendered at the touch itself: on a slow phone that fetched the page a second time beside
 * the prefetch, and it appeared later than from the prefetch alone.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ source: 'document', where: { selector_matches: 'a' }, eagerness: 'moderate' }],
  prerender: [{ source: 'document', where: { selector_matches: `a[${PRERENDER_MARK}]` }, eagerness: 'immediate' }],
});

/**
 * The pages a press leads to other than through a link: the quiz (Take Quiz Again), First Light
 * (the Konami sequence), the welcome letter (the early-access form's redirect) and a portal (the
 * quiz's redirect). Each is the one page its press leads to, known well before the press lands
 * (the portal is idle, the sequence is under way, the redirect waits behind its toast), so the
 * page adds rules that prerender it (src/browser/prerender-page.ts), which its policy must allow
 * (allowSpeculationRules). The press then shows a page already drawn, where a prefetched one
 * still had to be parsed and painted. A prerendered page does a visit's work, and its idle work,
 * only once shown (when-shown.ts, when-idle.ts) and takes the theme chosen meanwhile (head-script.mjs).
 */
export type PageOpenedByPress =
  typeof QUIZ_PATH | typeof FIRST_LIGHT_PATH | typeof EARLY_ACCESS_REDIRECT_PATH | ReturnType<typeof explorerPath>;

/** Rules that prerender `path` at once. */
export const prerenderPageRules = (path: PageOpenedByPress): string =>
  JSON.stringify({ prerender: [{ source: 'list', urls: [path], eagerness: 'immediate' }] });

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
