import { describe, expect, it } from 'vitest';
import { ogCardSvg, ogSectionFor, ogSections } from '../../src/lib/og';

describe('social cards', () => {
  it('gives each page the card of its section', () => {
    expect(ogSectionFor('/').slug).toBe('home');
    expect(ogSectionFor('/coverstory').slug).toBe('book');
    expect(ogSectionFor('/legacy-letter').slug).toBe('author');
    expect(ogSectionFor('/essays/philosophy/golden-age').slug).toBe('writings');
    expect(ogSectionFor('/mota').slug).toBe('community');
    expect(ogSectionFor('/explorer/wayfinder').slug).toBe('quiz');
    expect(ogSectionFor('/privacy-policy').slug).toBe('site');
    expect(ogSectionFor('/bookish').slug).toBe('site');
  });
  it('draws valid SVG with the title escaped', () => {
    const svg = ogCardSvg({ slug: 'x', title: 'Tom & <Jerry>', subtitle: '"quoted"' });
    expect(svg).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(svg).toContain('&quot;quoted&quot;');
    expect(new Set(ogSections.map((s) => s.slug)).size).toBe(ogSections.length);
  });
});
