import { FEED_DESCRIPTION, FEED_TITLE, feedEssays } from '../components/essays/feed-items';
import { jsonFeed } from '../lib/feed';
import { siteConfig } from '../lib/site-config';

/** /feed.json: the essays as a JSON Feed 1.1, the same items and full text as /rss.xml. */
export async function GET() {
  const feed = jsonFeed(
    {
      title: FEED_TITLE,
      description: FEED_DESCRIPTION,
      homePageUrl: `${siteConfig.siteUrl}/essays`,
      feedUrl: `${siteConfig.siteUrl}/feed.json`,
      author: { name: 'Elias Varros', url: `${siteConfig.siteUrl}/about` },
    },
    await feedEssays(),
  );
  return new Response(`${JSON.stringify(feed, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/feed+json; charset=utf-8' },
  });
}
