import type { FIRST_LIGHT_PATH } from './konami';
import type { QUIZ_PATH, explorerPath } from './quiz';
import type { EARLY_ACCESS_REDIRECT_PATH } from './signups';

/**
 * The Speculation Rules every page carries (BaseLayout): the browser fetches the page behind a
 * link once the reader points at it or starts to press it, and the tap's navigation is served
 * from that fetch. Pages merely in view are not fetched: on a slow link they shared the bandwidth
 * with the reader's own next tap. And prefetch only, no prerender: on a slow phone, a prerender
 * started at the touch fetched the page a second time and loaded its scripts and images beside
 * it, and the next page appeared later than it does from the prefetch alone. A press that leads
 * to one page known in advance prerenders it instead (prerenderPageRules).
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ source: 'document', where: { selector_matches: 'a' }, eagerness: 'moderate' }],
});

/**
 * The pages a press leads to other than through a link: the quiz (Take Quiz Again), First Light
 * (the Konami sequence), the welcome letter (the early-access form's redirect) and a portal (the
 * quiz's redirect). Each is the one page its press leads to, known well before the press lands
 * (the portal is idle, the sequence is under way, the redirect waits behind its toast), so the
 * page adds rules that prerender it (src/browser/prerender-page.ts), which its policy must allow
 * (allowSpeculationRules). The press then shows a page already drawn, where a prefetched one
 * still had to be parsed and painted. A prerendered page does a visit's work only once shown
 * (when-shown.ts) and takes the theme chosen meanwhile (head-script.mjs).
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
