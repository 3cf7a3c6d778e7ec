import { isPrerenderable, likeliestNextPages } from '../lib/links-in-view';
import { ON_THE_WAY_MARK, PRERENDER_MARK } from '../lib/speculation-rules';

/**
 * One page prerendered at a time, as Chromium itself guesses one next page on a phone. Drawing a
 * page takes the phone's processor beside the reader's presses, so every page drawn ahead makes
 * the presses on the page the reader is on answer later; two at once, later still.
 */
const PAGES_AT_ONCE = 1;
/** The view counts as rested once scrolling has stopped this long (not between two flicks). */
const REST_MS = 200;
/** The site's header and What's New banner, around every page's text (BaseLayout). */
const SITE_CHROME = 'body > header, [data-whats-new]';

/**
 * Prerenders the page behind the link nearest the middle of the view whenever the reader's view
 * rests (after load, and after each scroll), so the link tapped next shows a page already drawn.
 * The page's rules prerender every link carrying PRERENDER_MARK; this moves the mark. A link that
 * loses it has its prerender dropped by the browser, which also skips all of this when the reader
 * has asked it to save data or preloading is off.
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
    // The reader is on the way to a page a press prerenders: no page is drawn for the view they
    // are leaving. One already marked stays: dropped while it loaded, as the new prerender began,
    // it could leave the last Konami key with no page at all.
    if (document.querySelector(`script[${ON_THE_WAY_MARK}]`)) return;
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
    // The sticky header covers the top of the view; the page keeps its height as scroll padding.
    const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const marked = [...document.querySelectorAll<HTMLAnchorElement>(`a[${PRERENDER_MARK}]`)];
    const drawn = [...new Set(marked.map((link) => link.href))];
    const chosen = new Set(likeliestNextPages(boxes, { top: header, bottom: innerHeight }, PAGES_AT_ONCE, drawn));
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
