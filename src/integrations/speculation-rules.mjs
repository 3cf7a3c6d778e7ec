import { createHash } from 'node:crypto';

// The Speculation Rules every page carries (BaseLayout): the browser fetches the page behind a
// link once the reader points at it or starts to press it, and the tap's navigation is served
// from that fetch. Pages merely in view are not fetched: on a slow link they shared the bandwidth
// with the reader's own next tap. And prefetch only, no prerender: on a slow phone, a prerender
// started at the touch fetched the page a second time and loaded its scripts and images beside
// it, and the next page appeared later than it does from the prefetch alone.
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ source: 'document', where: { selector_matches: 'a' }, eagerness: 'moderate' }],
});

/**
 * For the Content-Security-Policy, which runs inline rules only when their hash is listed.
 * @type {`sha256-${string}`}
 */
export const SPECULATION_RULES_HASH = `sha256-${createHash('sha256').update(SPECULATION_RULES).digest('base64')}`;
