/**
 * What a search needs to know before Pagefind's WebAssembly has arrived, written beside Pagefind's
 * index at build time (src/integrations/search-ahead.mjs), one file per index language:
 * - `chunks`: the words each of the index's chunks holds, first to last, in Pagefind's order, and
 *   the chunk file's size (`[from, to, chunk, bytes]`): the chunk a typed word needs is fetched
 *   beside the WebAssembly, where Pagefind itself can only choose it once the WebAssembly runs;
 * - `pages`: each indexed page's address and title by Pagefind's id for it: a search's results
 *   are listed as soon as Pagefind has found them, where their titles otherwise came with each
 *   excerpt, a round trip later.
 */
export interface SearchAhead {
  chunks: [from: string, to: string, chunk: string, bytes: number][];
  pages: Record<string, SearchPage>;
}

/** A page a search can list before its excerpt arrives. */
export interface SearchPage {
  url: string;
  title: string;
}

/** The file's name in Pagefind's folder, for the index of `language` (as its WebAssembly's). */
export const searchAheadFile = (language: string) => `search-ahead.${language}.json`;

/**
 * The index chunks Pagefind will fetch for `query`: for each word, the chunk whose range holds
 * it, as Pagefind chooses them (lower case, compared as strings). Pagefind widens the choice
 * only when no word falls within any chunk's range; no chunk is guessed then.
 */
export function chunksFor({ chunks }: SearchAhead, query: string): string[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const chosen = words.flatMap((word) => chunks.find(([from, to]) => word >= from && word <= to)?.[2] ?? []);
  return [...new Set(chosen)];
}

/**
 * The most of the index fetched whole once a search has shown its first results. An index this
 * small comes in well under a second on a phone, and every later key then searches without a
 * download: each new word's chunk was otherwise fetched only from its first letter, and a word
 * typed on at a reader's pace waited for it.
 */
export const WHOLE_INDEX_BYTES = 160 * 1024;

/** Every chunk of the index when all of them together are within `limit` bytes; none otherwise. */
export function wholeIndex({ chunks }: SearchAhead, limit = WHOLE_INDEX_BYTES): string[] {
  const bytes = chunks.reduce((sum, [, , , size]) => sum + size, 0);
  return bytes <= limit ? chunks.map(([, , chunk]) => chunk) : [];
}
