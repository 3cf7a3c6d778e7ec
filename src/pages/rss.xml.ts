import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { loadCategoryGroups } from '../components/essays/collection';
import { essayPath, newestFirst } from '../lib/essays';
import { siteConfig } from '../lib/site-config';

/** /rss.xml: every published essay, newest first, with its full text. */
export async function GET(_context: APIContext) {
  const groups = await loadCategoryGroups();
  const essays = newestFirst(groups.flatMap((group) => group.essays.map((essay) => ({ ...essay, group }))));
  return rss({
    title: 'Essays by Elias Varros',
    description: 'Essays and reflections from the author of Genesis: memory, myth, and the minds we are making.',
    site: siteConfig.siteUrl,
    trailingSlash: false,
    items: essays.map((essay) => ({
      title: essay.data.title,
      link: essayPath(essay),
      pubDate: essay.data.pubDate,
      description: essay.data.excerpt,
      categories: [essay.group.category.title],
      author: `${siteConfig.contactEmail} (Elias Varros)`,
      content: essay.rendered?.html,
    })),
    customData: '<language>en-gb</language>',
  });
}
