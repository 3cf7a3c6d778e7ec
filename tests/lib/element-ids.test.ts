import { describe, it, expect } from 'vitest';
import { nextElementId } from '../../src/lib/element-ids';

describe('element ids', () => {
  it('are unique within a page and start again on the next page', () => {
    const page = {};
    expect([nextElementId(page, 'cover'), nextElementId(page, 'cover'), nextElementId(page, 'tree')]).toEqual([
      'cover',
      'cover-2',
      'tree',
    ]);
    expect(nextElementId({}, 'cover')).toBe('cover');
  });
});
