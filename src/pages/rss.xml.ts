import rss from '@astrojs/rss';
import { FEED_DESCRIPTION, FEED_TITLE, feedEssays } from '../components/essays/feed-items';
import { siteConfig } from '../lib/site-config';

/** /rss.xml: every published essay, newest first, with its full HTML (content:encoded). */
export async function GET() {
  const essays = await feedEssays();
  return rss({
    title: FEED_TITLE,
    description: FEED_DESCRIPTION,
    site: siteConfig.siteUrl,
    trailingSlash: false,
    items: essays.map((essay) => ({
      title: essay.title,
      link: essay.url,
      pubDate: essay.published,
      description: essay.summary,
      categories: essay.tags,
      author: `${siteConfig.contactEmail} (Elias Varros)`,
      content: essay.html,
    })),
    customData: '<language>en-gb</language>',
  });
}
