import { describe, expect, it } from 'vitest';
import {
  chunksFor,
  searchAheadFile,
  wholeIndex,
  WHOLE_INDEX_BYTES,
  type SearchAhead,
} from '../../src/lib/search-ahead';

const ahead: SearchAhead = {
  chunks: [
    ['000', 'in', 'en_a', 30_000],
    ['inc', 'the', 'en_b', 31_000],
    ['theb', 'zz', 'en_c', 14_000],
  ],
  pages: {},
};

describe('chunksFor', () => {
  it('chooses the chunk whose range holds the word, from its first key', () => {
    expect(chunksFor(ahead, 'c')).toEqual(['en_a']);
    expect(chunksFor(ahead, 'carob')).toEqual(['en_a']);
    expect(chunksFor(ahead, 'shepherd')).toEqual(['en_b']);
  });

  it('takes the ends of a range as inside it, and the gap between two ranges as in neither', () => {
    expect(chunksFor(ahead, 'in')).toEqual(['en_a']);
    expect(chunksFor(ahead, 'the')).toEqual(['en_b']);
    expect(chunksFor(ahead, 'inb')).toEqual([]);
  });

  it('compares in lower case, as Pagefind searches', () => {
    expect(chunksFor(ahead, 'Carob')).toEqual(['en_a']);
    expect(chunksFor(ahead, 'THEORY')).toEqual(['en_c']);
  });

  it('gives each chunk once for a query of several words, and none for none', () => {
    expect(chunksFor(ahead, 'carob  tree shepherd cat')).toEqual(['en_a', 'en_c', 'en_b']);
    expect(chunksFor(ahead, '   ')).toEqual([]);
  });
});

describe('wholeIndex', () => {
  it('gives every chunk while the index is small enough to fetch whole', () => {
    expect(wholeIndex(ahead)).toEqual(['en_a', 'en_b', 'en_c']);
    expect(wholeIndex(ahead, 75_000)).toEqual(['en_a', 'en_b', 'en_c']);
  });

  it('gives none once the chunks together are over the limit: a large site fetches each word’s part', () => {
    expect(wholeIndex(ahead, 74_999)).toEqual([]);
    const large: SearchAhead = {
      chunks: Array.from({ length: 12 }, (_, i): SearchAhead['chunks'][number] => [
        `${i}a`,
        `${i}z`,
        `en_${i}`,
        15_000,
      ]),
      pages: {},
    };
    expect(wholeIndex(large)).toEqual([]);
    expect(12 * 15_000).toBeGreaterThan(WHOLE_INDEX_BYTES);
  });
});

describe('searchAheadFile', () => {
  it('is named for the index language, as Pagefind names its WebAssembly', () => {
    expect(searchAheadFile('en')).toBe('search-ahead.en.json');
  });
});
