import { FIRST_LIGHT_PATH } from '../lib/konami';
import { QUIZ_PATH, explorerPath } from '../lib/quiz';
import { EARLY_ACCESS_REDIRECT_PATH } from '../lib/signups';
import { SITE_CHROME } from './site-chrome';

// The next page, fetched or drawn before the reader asks for it, with Speculation Rules: the
// rules every page carries, the guess at the page behind the link in view, and the page a press
// opens other than through a link.

/** The mark the in-view guess puts on the links whose pages are prerendered. */
export const PRERENDER_MARK = 'data-prerender';

/**
 * The Speculation Rules every page carries (BaseLayout). Every link's page is fetched once the
 * reader points at the link or starts to press it, and the tap's navigation is served from that
 * fetch. The page behind the link nearest the middle of a rested view, which carries
 * PRERENDER_MARK (prerenderLinksInView), is prerendered: a tap on it shows a page already drawn,
 * where a page fetched at the touch was still to be parsed and painted after the tap. Pages are
 * not prerendered at the touch itself: on a slow phone that fetched the page a second time beside
 * the prefetch, and it appeared later than from the prefetch alone.
 */
export const DOCUMENT_RULES = JSON.stringify({
  prefetch: [{ source: 'document', where: { selector_matches: 'a' }, eagerness: 'moderate' }],
  prerender: [{ source: 'document', where: { selector_matches: `a[${PRERENDER_MARK}]` }, eagerness: 'immediate' }],
});

/**
 * The pages a press leads to other than through a link: the quiz (Take Quiz Again), First Light
 * (the Konami sequence), the welcome letter (the early-access form's redirect) and a portal (the
 * quiz's redirect). Each is the one page its press leads to, known well before the press lands
 * (the portal is idle, the sequence is under way, the redirect waits behind its toast), so the
 * page prerenders it (prerenderPage). The press then shows a page already drawn, where a
 * prefetched one still had to be parsed and painted. A prerendered page does a visit's work, and
 * its idle work, only once shown (when-shown.ts, when-idle.ts) and takes the theme chosen
 * meanwhile (head-script.mjs).
 */
export type PageOpenedByPress =
  typeof QUIZ_PATH | typeof FIRST_LIGHT_PATH | typeof EARLY_ACCESS_REDIRECT_PATH | ReturnType<typeof explorerPath>;

/** Rules that prerender `path` at once. */
const pageRules = (path: PageOpenedByPress): string =>
  JSON.stringify({ prerender: [{ source: 'list', urls: [path], eagerness: 'immediate' }] });

/**
 * The Content-Security-Policy's allowance for every inline rule set the site runs: the document
 * rules and those for each page a press opens, listed alike on every page (BaseLayout), so any
 * page may add any of them. By their hashes: Chromium ignores 'inline-speculation-rules' in a
 * policy that lists hashes, as this one must for the site's other inline scripts.
 */
export async function speculationRulesHashes(explorerIds: string[]): Promise<`sha256-${string}`[]> {
  const opened: PageOpenedByPress[] = [
    QUIZ_PATH,
    FIRST_LIGHT_PATH,
    EARLY_ACCESS_REDIRECT_PATH,
    ...explorerIds.map(explorerPath),
  ];
  return Promise.all(
    [DOCUMENT_RULES, ...opened.map(pageRules)].map(async (rules) => {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(rules)));
      return `sha256-${btoa(String.fromCharCode(...digest))}` as const;
    }),
  );
}

const prerendering = new Set<PageOpenedByPress>();
/** The reader is on the way to a page a press prerenders: the view they are leaving is no guide. */
let onTheWay = false;

/**
 * Prerenders `path` now, by adding list rules for it: for a press that leads to that page other
 * than through a link, as the document rules only prefetch links' pages. `onTheWay`: the reader
 * is already going there (a redirect follows, a sequence is under way), so the page in view is no
 * longer the next one, and the in-view guess draws no page beside it.
 */
export function prerenderPage(path: PageOpenedByPress, { onTheWay: going = false } = {}): void {
  if (going) onTheWay = true;
  if (prerendering.has(path)) return;
  prerendering.add(path);
  const rules = document.createElement('script');
  rules.type = 'speculationrules';
  rules.textContent = pageRules(path);
  document.head.append(rules);
}

/** Where a link sits in the viewport, in CSS pixels from its top (getBoundingClientRect). */
export interface LinkBox {
  href: string;
  top: number;
  bottom: number;
  /** In the site's header or its What's New banner, around every page, not in the page's text. */
  chrome?: boolean;
}

/** The part of the viewport the page's text shows in: below the sticky header, in CSS pixels. */
export interface ReadingArea {
  top: number;
  bottom: number;
}

/**
 * The pages behind the links a reader resting on this view will most likely tap: at most `count`
 * distinct addresses, those whose nearest link in the text is nearest the middle of the reading
 * area, where the eye rests (and where the browser puts a link it scrolls to). A link out of the
 * area (under the header or the floating buttons) is never chosen. Where the text in view has
 * no link, the pages already `drawn` stay (a stretch of prose between two links, which the
 * reader may scroll back to): drawing another page costs the phone's processor. Where none is
 * drawn either (a quiz, a form), the site's own links in view are the reader's ways on: the
 * first of them (the site's name, home) first.
 */
export function likeliestNextPages(links: LinkBox[], area: ReadingArea, count: number, drawn: string[] = []): string[] {
  const middle = (area.top + area.bottom) / 2;
  const distance = new Map<string, number>();
  for (const { href, top, bottom, chrome } of links) {
    if (chrome || bottom <= area.top || top >= area.bottom) continue;
    const d = Math.abs((top + bottom) / 2 - middle);
    if (d < (distance.get(href) ?? Infinity)) distance.set(href, d);
  }
  if (!distance.size) {
    if (drawn.length) return drawn.slice(0, count);
    const site = links.filter(({ chrome, top, bottom }) => chrome && bottom > 0 && top < area.bottom);
    return [...new Set(site.map(({ href }) => href))].slice(0, count);
  }
  return [...distance]
    .sort((a, b) => a[1] - b[1])
    .slice(0, count)
    .map(([href]) => href);
}

/**
 * Whether a link leads to another page of this site the browser may prerender: same origin, a
 * page (no file such as a feed or a download), not this page itself, opened in this tab.
 */
export function isPrerenderable(link: { href: string; target: string; hasDownload: boolean }, here: URL): boolean {
  if (link.target && link.target !== '_self') return false;
  if (link.hasDownload) return false;
  let url: URL;
  try {
    url = new URL(link.href, here);
  } catch {
    return false;
  }
  if (url.origin !== here.origin) return false;
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return false;
  return url.pathname !== here.pathname;
}

/**
 * One page prerendered at a time, as Chromium itself guesses one next page on a phone. Drawing a
 * page takes the phone's processor beside the reader's presses, so every page drawn ahead makes
 * the presses on the page the reader is on answer later; two at once, later still.
 */
const PAGES_AT_ONCE = 1;
/** The view counts as rested once scrolling has stopped this long (not between two flicks). */
const REST_MS = 200;

/**
 * Prerenders the page behind the link nearest the middle of the view whenever the reader's view
 * rests (after load, and after each scroll), so the link tapped next shows a page already drawn.
 * The document rules prerender every link carrying PRERENDER_MARK; this moves the mark. A link
 * that loses it has its prerender dropped by the browser, which also skips all of this when the
 * reader has asked it to save data or preloading is off.
 */
export function prerenderLinksInView(): void {
  const here = new URL(location.href);
  const inView = new Set<HTMLAnchorElement>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const link = entry.target as HTMLAnchorElement;
      if (entry.isIntersecting) inView.add(link);
      else inView.delete(link);
    }
  });
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (isPrerenderable({ href: link.href, target: link.target, hasDownload: link.hasAttribute('download') }, here))
      observer.observe(link);
  }

  const choose = () => {
    // No page is drawn for a view the reader is leaving. One already marked stays: dropped while
    // it loaded, as the new prerender began, it could leave the last Konami key with no page at all.
    if (onTheWay) return;
    // In the page's order: where the text in view has no link, the site's first link is chosen.
    const links = [...inView]
      .filter((link) => link.checkVisibility())
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const boxes = links.map((link) => ({
      link,
      href: link.href,
      chrome: link.closest(SITE_CHROME) !== null,
      ...link.getBoundingClientRect().toJSON(),
    }));
    // The sticky header covers the top of the view and the floating buttons its foot; the page
    // keeps their heights as scroll padding, which is also where the browser centres a link.
    const padding = getComputedStyle(document.documentElement);
    const area = {
      top: parseFloat(padding.scrollPaddingTop) || 0,
      bottom: innerHeight - (parseFloat(padding.scrollPaddingBottom) || 0),
    };
    const marked = [...document.querySelectorAll<HTMLAnchorElement>(`a[${PRERENDER_MARK}]`)];
    const drawn = [...new Set(marked.map((link) => link.href))];
    const chosen = new Set(likeliestNextPages(boxes, area, PAGES_AT_ONCE, drawn));
    for (const link of marked) if (!chosen.has(link.href)) link.removeAttribute(PRERENDER_MARK);
    for (const { link, href } of boxes) if (chosen.has(href)) link.setAttribute(PRERENDER_MARK, '');
  };

  let rest: ReturnType<typeof setTimeout> | undefined;
  const afterRest = () => {
    clearTimeout(rest);
    rest = setTimeout(choose, REST_MS);
  };
  addEventListener('scroll', () => clearTimeout(rest), { passive: true });
  addEventListener('scrollend', afterRest);
  // The observer reports the first view on its first callback; choose once it has.
  requestAnimationFrame(() => requestAnimationFrame(afterRest));
}
