/**
 * What both feeds share: the essays' HTML with every link and image made absolute (a feed
 * reader shows it away from the site), and the JSON Feed 1.1 document.
 */

/** Rewrites root-relative and fragment `href`, `src` and `srcset` URLs against `pageUrl`. */
export function absoluteUrls(html: string, pageUrl: string): string {
  const resolve = (url: string) =>
    /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') ? url : new URL(url, pageUrl).href;
  return html
    .replace(/\s(href|src)="([^"]*)"/g, (_, attr, url) => ` ${attr}="${resolve(url)}"`)
    .replace(/\ssrcset="([^"]*)"/g, (_, set: string) => {
      const entries = set.split(',').map((entry) => {
        const [url, ...descriptor] = entry.trim().split(/\s+/);
        return [resolve(url), ...descriptor].join(' ');
      });
      return ` srcset="${entries.join(', ')}"`;
    });
}

export interface FeedEssay {
  url: string;
  title: string;
  summary: string;
  html: string;
  published: Date;
  modified?: Date;
  tags: string[];
  image?: string;
}

export interface FeedMeta {
  title: string;
  description: string;
  homePageUrl: string;
  feedUrl: string;
  icon?: string;
  author: { name: string; url: string };
}

/** A JSON Feed 1.1 document (https://jsonfeed.org/version/1.1), newest item first. */
export function jsonFeed(meta: FeedMeta, essays: readonly FeedEssay[]) {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: meta.title,
    home_page_url: meta.homePageUrl,
    feed_url: meta.feedUrl,
    description: meta.description,
    ...(meta.icon && { icon: meta.icon }),
    language: 'en-GB',
    authors: [meta.author],
    items: essays.map((essay) => ({
      id: essay.url,
      url: essay.url,
      title: essay.title,
      summary: essay.summary,
      content_html: essay.html,
      date_published: essay.published.toISOString(),
      ...(essay.modified && { date_modified: essay.modified.toISOString() }),
      ...(essay.image && { image: essay.image }),
      tags: essay.tags,
    })),
  };
}
