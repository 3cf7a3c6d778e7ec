/** Where a link sits in the viewport, in CSS pixels from its top (getBoundingClientRect). */
export interface LinkBox {
  href: string;
  top: number;
  bottom: number;
}

/** The part of the viewport the page's text shows in: below the sticky header, in CSS pixels. */
export interface ReadingArea {
  top: number;
  bottom: number;
}

/**
 * The pages behind the links a reader resting on this view will most likely tap: at most `count`
 * distinct addresses, those whose nearest link is nearest the middle of the reading area, where
 * the eye rests (and where the browser puts a link it scrolls to). A link out of the area, or
 * under the header, is never chosen.
 */
export function likeliestNextPages(links: LinkBox[], area: ReadingArea, count: number): string[] {
  const middle = (area.top + area.bottom) / 2;
  const distance = new Map<string, number>();
  for (const { href, top, bottom } of links) {
    if (bottom <= area.top || top >= area.bottom) continue;
    const d = Math.abs((top + bottom) / 2 - middle);
    if (d < (distance.get(href) ?? Infinity)) distance.set(href, d);
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
