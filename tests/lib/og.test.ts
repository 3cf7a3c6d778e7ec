import { describe, expect, it } from 'vitest';
import {
  cardAlt,
  cardPath,
  essayCardSubtitle,
  ogCardSvg,
  subtitleFromAlt,
  twitterHandle,
  wrapText,
} from '../../src/lib/og';

describe('social cards', () => {
  it('gives every page a card at an address of its own', () => {
    expect(cardPath('/')).toBe('/og/index.png');
    expect(cardPath('/essays')).toBe('/og/essays.png');
    expect(cardPath('/essays/philosophy/golden-age')).toBe('/og/essays/philosophy/golden-age.png');
    expect(cardPath('/explorer/wayfinder')).toBe('/og/explorer/wayfinder.png');
  });
  it('carries the subtitle in the alternative text and reads it back, whatever the title holds', () => {
    for (const title of ['The Golden Age', 'Tom — and — Jerry', '']) {
      expect(subtitleFromAlt(title, cardAlt(title, 'Myth & Archetype · 1 May 2025'))).toBe(
        'Myth & Archetype · 1 May 2025',
      );
      expect(subtitleFromAlt(title, cardAlt(title, ''))).toBe('');
    }
    expect(essayCardSubtitle('Philosophical Inquiries', new Date('2025-02-03'))).toBe(
      'Philosophical Inquiries · 3 February 2025',
    );
  });
  it('names the X account of a profile address as its @handle, and refuses an address without one', () => {
    expect(twitterHandle('https://twitter.com/eliasvarros')).toBe('@eliasvarros');
    expect(twitterHandle('https://x.com/eliasvarros/')).toBe('@eliasvarros');
    expect(() => twitterHandle('https://twitter.com/')).toThrow(/socialLinks\.twitter/);
  });
  it('wraps long text at spaces and ends what does not fit with an ellipsis', () => {
    expect(wrapText('one two three four', 9, 3)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('one two three four five six', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('Supercalifragilistic', 5, 2)).toEqual(['Supercalifragilistic']);
  });
  it('draws valid SVG with the title and subtitle escaped, one line per text element', () => {
    const svg = ogCardSvg({ title: 'Tom & <Jerry>', subtitle: '"quoted"' });
    expect(svg).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(svg).toContain('&quot;quoted&quot;');
    expect(svg).toMatch(/^<svg [^>]*width="1200" height="630"/);
    const long = ogCardSvg({
      title: 'A title long enough that it has to be set on more than one line of the card',
      subtitle: '',
    });
    expect(long.match(/font-size="58"/g)?.length).toBeGreaterThan(1);
  });
  it('draws different cards for different pages', () => {
    expect(ogCardSvg({ title: 'A', subtitle: 'x' })).not.toBe(ogCardSvg({ title: 'B', subtitle: 'x' }));
    expect(ogCardSvg({ title: 'A', subtitle: 'x' })).not.toBe(ogCardSvg({ title: 'A', subtitle: 'y' }));
  });
});
