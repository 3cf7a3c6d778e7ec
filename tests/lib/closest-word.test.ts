import { describe, expect, it } from 'vitest';
import { closestWord, typoDistance } from '../../src/lib/closest-word';

describe('typoDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(typoDistance('category', 'category')).toBe(0);
    expect(typoDistance('decription', 'description')).toBe(1);
    expect(typoDistance('excerpts', 'excerpt')).toBe(1);
    expect(typoDistance('tile', 'title')).toBe(1);
    expect(typoDistance('kitten', 'sitting')).toBe(3);
    expect(typoDistance('', 'icon')).toBe(4);
  });

  it('counts two swapped neighbouring letters as one edit', () => {
    expect(typoDistance('categroy', 'category')).toBe(1);
    expect(typoDistance('pubDaet', 'pubDate')).toBe(1);
    expect(typoDistance('titel', 'title')).toBe(1);
  });

  it('ignores letter case', () => {
    expect(typoDistance('pubdate', 'pubDate')).toBe(0);
  });
});

describe('closestWord', () => {
  const essayFields = ['title', 'excerpt', 'category', 'pubDate', 'updatedDate', 'draft', 'topics'];

  it('names the field a typo was meant to be', () => {
    expect(closestWord('categroy', essayFields)).toBe('category');
    expect(closestWord('exerpt', essayFields)).toBe('excerpt');
    expect(closestWord('pubdate', essayFields)).toBe('pubDate');
    expect(closestWord('updateDate', essayFields)).toBe('updatedDate');
    expect(closestWord('topic', essayFields)).toBe('topics');
  });

  it('names nothing when no field is near enough to be meant', () => {
    expect(closestWord('tags', essayFields)).toBeUndefined();
    expect(closestWord('author', essayFields)).toBeUndefined();
    expect(closestWord('surprise', ['siteName', 'siteUrl', 'contactEmail'])).toBeUndefined();
  });
});
