import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';
import type { z } from 'astro/zod';
import type { authorPageSchema, bookPageSchema, homeSectionSchema } from './content-schemas';

/**
 * How pages read one entry of a collection (lists are plain `getCollection`). A missing file
 * fails the build naming it, instead of rendering an empty page.
 */
export async function entry<C extends CollectionKey>(collection: C, id: string): Promise<CollectionEntry<C>> {
  const found = (await getCollection(collection)).find((e) => e.id === id);
  if (!found) throw new Error(`content: the collection ${collection} has no entry "${id}"`);
  return found;
}

interface PageData {
  book: z.infer<typeof bookPageSchema>;
  author: z.infer<typeof authorPageSchema>;
  home: z.infer<typeof homeSectionSchema>;
}
type Paged = keyof PageData;
export type PageOf<C extends Paged, K> = Omit<CollectionEntry<C>, 'data'> & { data: Extract<PageData[C], { kind: K }> };

/**
 * One page of content/book/, content/author/ or content/home/, whose `kind` must be the layout
 * the calling page is built for: synopsis.md rewritten as a valid `kind: prose` page passes its
 * collection's schema, yet lacks the fields /book-summary reads. The result is typed for that kind.
 */
export async function contentPage<C extends Paged, K extends PageData[C]['kind']>(
  collection: C,
  id: string,
  kind: K,
): Promise<PageOf<C, K>> {
  const found = await entry(collection, id);
  if ((found.data as PageData[C]).kind !== kind)
    throw new Error(`content/${collection}/${id}.md: kind must be ${kind}, the layout its page is built for`);
  return found as unknown as PageOf<C, K>;
}
