import { describe, expect, it } from 'vitest';
import { deadLinks } from '../../src/lib/site-links';

const site = (pages: Record<string, string>, files: string[] = []) =>
  deadLinks(new Map(Object.entries(pages)), new Set(files));

describe('deadLinks', () => {
  const essay = '<h1 id="top">The Golden Age</h1><h2 id="the-terraces">The terraces</h2>';

  it('finds a link to a path the site has neither as a page nor as a file', () => {
    expect(
      site(
        {
          '/essays/philosophy/golden-age': essay,
          '/essays/myth/lamp': '<p><a href="/essays/golden-age">the golden age</a> <a href="/rss.xml">feed</a></p>',
        },
        ['/rss.xml'],
      ),
    ).toEqual([{ page: '/essays/myth/lamp', href: '/essays/golden-age' }]);
  });

  it('finds a #fragment its page has no place for, on another page or its own', () => {
    const page =
      '<a href="/essays/philosophy/golden-age#the-terraces">ok</a><a href="/essays/philosophy/golden-age#nope">x</a><a href="#fn-1">1</a><li id="fn-2">';
    expect(site({ '/essays/philosophy/golden-age': essay, '/a': page })).toEqual([
      { page: '/a', href: '/essays/philosophy/golden-age#nope' },
      { page: '/a', href: '#fn-1' },
    ]);
  });

  it('reads a page served as a folder index, a trailing slash and escaped text as the server does', () => {
    expect(
      site({
        '/': '<a href="/#book-preview-section">x</a><section id="book-preview-section"></section>',
        '/essays': '<a href="/essays/">x</a><a href="/?a=1&amp;b=2">y</a><a href="/fieldnotes#note%2D2">z</a>',
        '/fieldnotes': '<details id="note-2"></details>',
      }),
    ).toEqual([]);
  });

  it('reads relative links as a browser does on that page', () => {
    expect(
      site({
        '/essays/philosophy/golden-age': essay,
        '/essays/philosophy/only-voice': '<a href="golden-age">next</a><a href="../myth">myth</a>',
      }),
    ).toEqual([{ page: '/essays/philosophy/only-voice', href: '../myth' }]);
  });

  it('checks images, scripts and each candidate of a srcset, and skips other sites and mail links', () => {
    expect(
      site(
        {
          '/a':
            '<img src="/_astro/a.webp" srcset="/_astro/a.webp 1x, /_astro/a@2x.webp 2x"><script src="/_astro/x.js"></script>' +
            '<a href="https://example.com/nope">x</a><a href="//cdn.example/x">y</a><a href="mailto:a@b.c">m</a>',
        },
        ['/_astro/a.webp', '/_astro/x.js'],
      ),
    ).toEqual([{ page: '/a', href: '/_astro/a@2x.webp' }]);
  });

  it('does not read a link written as text, such as markup quoted in an essay', () => {
    expect(site({ '/a': '<code>&lt;a href="/nowhere"&gt;</code>' })).toEqual([]);
  });
});
