// The key routes named on the bench's command line (bench/parts.mjs), for another site's pages.
import { describe, expect, it } from 'vitest';
import { routesFrom } from '../../bench/parts.mjs';

describe('routesFrom', () => {
  it('reads named routes and bare paths, each a reading page with no link to tap', () => {
    expect(routesFrom('home=/, post=/posts/one/,/about/')).toEqual([
      { name: 'home', route: '/', reading: true },
      { name: 'post', route: '/posts/one/', reading: true },
      { name: '/about/', route: '/about/', reading: true },
    ]);
  });
  it('ignores empty items', () => {
    expect(routesFrom('home=/,,')).toEqual([{ name: 'home', route: '/', reading: true }]);
  });
});
