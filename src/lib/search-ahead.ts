/**
 * What a search needs to know before Pagefind's WebAssembly has arrived, written beside Pagefind's
 * index at build time (src/integrations/search-ahead.mjs), one file per index language:
 * - `chunks`: the words each of the index's chunks holds, first to last, in Pagefind's order
 *   (`[from, to, chunk]`): the chunk a typed word needs is fetched beside the WebAssembly,
 *   where Pagefind itself can only choose it once the WebAssembly runs;
 * - `pages`: each indexed page's address and title by Pagefind's id for it: a search's results
 *   are listed as soon as Pagefind has found them, where their titles otherwise came with each
 *   excerpt, a round trip later.
 */
export interface SearchAhead {
  chunks: [from: string, to: string, chunk: string][];
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
