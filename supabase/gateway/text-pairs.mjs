// @ts-check
// What the registry's two search indexes can look up, shared by the request limits (which refuse
// a pattern no index narrows) and the site's search (which picks the index that serves it).

/**
 * Three letters or digits in a row, in any script: the trigram index (mota_ideas_search_idx),
 * which makes its trigrams of letters and digits, has something to look up.
 */
export const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u;

/**
 * What the pairs index (mota_ideas_pairs_idx, public.text_pairs, which holds every character and
 * every pair of adjacent characters) is asked for a piece of text, by code point: its pairs, or
 * the character itself when it is one. An idea holding every pair holds their characters.
 * @param {string} text
 * @returns {string[]}
 */
export function textPairs(text) {
  const chars = [...text];
  return chars.length === 1 ? chars : chars.slice(0, -1).map((ch, i) => ch + chars[i + 1]);
}
