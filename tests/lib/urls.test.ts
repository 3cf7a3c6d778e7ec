import { describe, expect, it } from 'vitest';
import { publicPath } from '../../src/lib/urls';

describe('publicPath', () => {
  it('turns built file names into the paths visitors use', () => {
    expect(publicPath('/index.html')).toBe('/');
    expect(publicPath('/book.html')).toBe('/book');
    expect(publicPath('/essays/philosophy/golden-age.html')).toBe('/essays/philosophy/golden-age');
    expect(publicPath('/essays/index.html')).toBe('/essays');
  });
  it('leaves clean paths alone and drops a trailing slash', () => {
    expect(publicPath('/')).toBe('/');
    expect(publicPath('/book/')).toBe('/book');
    expect(publicPath('/forum')).toBe('/forum');
  });
});
