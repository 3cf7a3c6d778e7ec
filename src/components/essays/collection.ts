import { getCollection, type CollectionEntry } from 'astro:content';
import {
  checkTitles,
  checkTopics,
  groupByCategory,
  groupByTopic,
  publishClock,
  visibleEssays,
  type CategoryGroup,
  type EssayTopic,
} from '../../lib/essays';

/**
 * The one place pages read essays from. Drafts and scheduled essays are included only under
 * `npm run dev`, so they can be previewed at their real address and never reach a build, the
 * feeds, the sitemap, search or the social cards.
 */
export const includeDrafts = import.meta.env.MODE === 'development';

export type Essay = CollectionEntry<'essays'>;

export async function loadTopics(): Promise<EssayTopic[]> {
  return (await getCollection('topics')).map((entry) => entry.data);
}

export async function loadEssays(): Promise<Essay[]> {
  const all = await getCollection('essays');
  // Checked over every file, drafts included, so a mistake is caught before the essay goes out.
  checkTopics(await loadTopics(), all);
  checkTitles(all);
  return visibleEssays(all, includeDrafts, publishClock());
}

export async function loadCategoryGroups(): Promise<CategoryGroup<Essay>[]> {
  const categories = (await getCollection('essayCategories')).map((entry) => entry.data);
  return groupByCategory(categories, await loadEssays());
}

export async function loadTopicGroups() {
  return groupByTopic(await loadTopics(), await loadEssays());
}
