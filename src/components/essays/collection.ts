import { getCollection, type CollectionEntry } from 'astro:content';
import { groupByCategory, visibleEssays, type CategoryGroup } from '../../lib/essays';

/**
 * The one place pages read essays from. Drafts are included only under `npm run dev`, so a
 * draft can be previewed at its real address and never reaches a build, the feed or the sitemap.
 */
export const includeDrafts = import.meta.env.MODE === 'development';

export type Essay = CollectionEntry<'essays'>;

export async function loadEssays(): Promise<Essay[]> {
  return visibleEssays(await getCollection('essays'), includeDrafts);
}

export async function loadCategoryGroups(): Promise<CategoryGroup<Essay>[]> {
  const categories = (await getCollection('essayCategories')).map((entry) => entry.data);
  return groupByCategory(categories, await loadEssays());
}
