import { publicPath } from './urls';

/** A link on a built page to a page, file or place on a page that the site does not have. */
export interface DeadLink {
  /** The page the link is on, as visitors see it ('/essays/myth/the-lamp'). */
  page: string;
  /** The link as written. */
  href: string;
}

/** Tags whose attributes name another address of the site. */
const TAG = /<(?:a|area|link|img|source|script|iframe|video|audio)\b[^>]*>/gi;
const ADDRESS = /\s(href|src|srcset)="([^"]*)"/gi;
/** An address with a scheme (https:, mailto:, data:) or another host (//): not this site's to check. */
const OTHER_SITE = /^([a-z][a-z\d+.-]*:|\/\/)/i;
const ID = /<[a-z][^>]*?\s(?:id|name)="([^"]*)"/gi;

const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The addresses a tag's attribute holds: one, or each candidate of a srcset. */
function addresses(attribute: string, value: string): string[] {
  const text = decodeEntities(value).trim();
  return attribute.toLowerCase() === 'srcset' ? text.split(',').map((part) => part.trim().split(/\s+/)[0]) : [text];
}

/** Every id (and anchor name) on a page: the places a `#fragment` can go to. */
export function placesOn(html: string): Set<string> {
  return new Set([...html.matchAll(ID)].map(([, id]) => decodeEntities(id)));
}

/**
 * The links on the built pages that lead nowhere: to a path on this site that is neither a page
 * nor a file, or to a `#fragment` that the page it names has no id for; a relative link is read
 * as a browser reads it on that page. Other sites' addresses, mail links and the like are not
 * this site's to check. `pages` maps each page's public path to
 * its HTML; `files` holds the public path of every other file the site serves ('/rss.xml').
 */
export function deadLinks(pages: ReadonlyMap<string, string>, files: ReadonlySet<string>): DeadLink[] {
  const places = new Map<string, Set<string>>();
  const placesOf = (path: string) => {
    if (!places.has(path)) places.set(path, placesOn(pages.get(path)!));
    return places.get(path)!;
  };
  const dead: DeadLink[] = [];
  for (const [page, html] of pages) {
    for (const [tag] of html.matchAll(TAG)) {
      for (const [, attribute, value] of tag.matchAll(ADDRESS)) {
        for (const href of addresses(attribute, value)) {
          if (OTHER_SITE.test(href)) continue;
          const url = new URL(href, `https://site.invalid${page}`);
          const path = publicPath(decodeURI(url.pathname));
          const fragment = decodeURIComponent(url.hash.slice(1));
          const found = pages.has(path)
            ? fragment === '' || placesOf(path).has(fragment)
            : files.has(path) && fragment === '';
          if (!found) dead.push({ page, href });
        }
      }
    }
  }
  return dead;
}
