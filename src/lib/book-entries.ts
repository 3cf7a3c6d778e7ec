import { getCollection, type CollectionKey, type CollectionEntry } from 'astro:content';
import { expectCount } from './book-content';

/**
 * The pages' way to read their content: the one entry a single-file collection holds (by id),
 * or a whole list with the number of entries the page is designed for. A missing file fails
 * the build with its path instead of rendering an empty page.
 */
export async function entry<C extends CollectionKey>(collection: C, id: string, file: string): Promise<CollectionEntry<C>> {
  const found = (await getCollection(collection)).find((e) => e.id === id);
  if (!found) throw new Error(`${file} is missing (collection ${collection}, entry "${id}")`);
  return found;
}

export async function list<C extends CollectionKey>(collection: C, file: string, count?: number): Promise<CollectionEntry<C>['data'][]> {
  const data = (await getCollection(collection)).map((e) => e.data) as CollectionEntry<C>['data'][];
  if (count !== undefined) expectCount(data, count, file);
  if (data.length === 0) throw new Error(`${file} has no entries`);
  return data;
}
