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
 * area, or under the header, is never chosen. Where the text in view has no link, the pages
 * already `drawn` stay (a stretch of prose between two links, which the reader may scroll back
 * to): drawing another page costs the phone's processor. Where none is drawn either (a quiz, a
 * form), the site's own links in view are the reader's ways on: the first of them (the site's
 * name, home) first.
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
