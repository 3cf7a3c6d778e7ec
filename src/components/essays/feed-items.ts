import { getContainerRenderer as mdxRenderer } from '@astrojs/mdx/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { render } from 'astro:content';
import { essayPath, newestFirst } from '../../lib/essays';
import { absoluteUrls, type FeedEssay } from '../../lib/feed';
import { cardPath } from '../../lib/og';
import { siteConfig } from '../../lib/site-config';
import { loadCategoryGroups, loadTopics } from './collection';
import { entryComponents } from './mdx';

/**
 * Every published essay for the feeds, newest first, with its full text rendered exactly as its
 * page renders it (the .mdx components included) and every URL absolute.
 */
export function feedEssays(): Promise<FeedEssay[]> {
  // Both feeds carry the same items: render the essays once per build.
  if (import.meta.env.DEV) return renderFeedEssays();
  return (rendered ??= renderFeedEssays());
}
let rendered: Promise<FeedEssay[]> | undefined;

async function renderFeedEssays(): Promise<FeedEssay[]> {
  const [groups, topics] = await Promise.all([loadCategoryGroups(), loadTopics()]);
  // .mdx essays render through MDX's own renderer.
  const container = await AstroContainer.create({ renderers: await loadRenderers([mdxRenderer()]) });
  const essays = newestFirst(groups.flatMap((group) => group.essays.map((essay) => ({ ...essay, group }))));
  return Promise.all(
    essays.map(async (essay) => {
      const url = `${siteConfig.siteUrl}${essayPath(essay)}`;
      const { Content } = await render(essay);
      const html = await container.renderToString(Content, {
        props: { components: entryComponents(essay.filePath) },
        request: new Request(url),
      });
      return {
        url,
        title: essay.data.title,
        summary: essay.data.excerpt,
        html: absoluteUrls(html, url),
        published: essay.data.pubDate,
        modified: essay.data.updatedDate,
        tags: [
          essay.group.category.title,
          ...topics.filter((t) => essay.data.topics?.includes(t.slug)).map((t) => t.title),
        ],
        image: `${siteConfig.siteUrl}${cardPath(essayPath(essay))}`,
      };
    }),
  );
}

export const FEED_TITLE = 'Essays by Elias Varros';
export const FEED_DESCRIPTION =
  'Essays and reflections from the author of Genesis: memory, myth, and the minds we are making.';
