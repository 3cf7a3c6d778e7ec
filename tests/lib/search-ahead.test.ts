import { describe, expect, it } from 'vitest';
import { chunksFor, searchAheadFile, type SearchAhead } from '../../src/lib/search-ahead';

const ahead: SearchAhead = {
  chunks: [
    ['000', 'in', 'en_a'],
    ['inc', 'the', 'en_b'],
    ['theb', 'zz', 'en_c'],
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

describe('searchAheadFile', () => {
  it('is named for the index language, as Pagefind names its WebAssembly', () => {
    expect(searchAheadFile('en')).toBe('search-ahead.en.json');
  });
});
