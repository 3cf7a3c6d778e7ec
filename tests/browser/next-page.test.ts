import { describe, expect, it } from 'vitest';
import { isPrerenderable, likeliestNextPages } from '../../src/browser/next-page';

const VIEW = { top: 0, bottom: 800 };
const at = (href: string, top: number, height = 20) => ({ href, top, bottom: top + height });

describe('likeliestNextPages', () => {
  it('chooses the pages whose links sit nearest the middle of the view, nearest first', () => {
    const links = [at('/a', 20), at('/b', 390), at('/c', 600), at('/d', 300)];
    expect(likeliestNextPages(links, VIEW, 2)).toEqual(['/b', '/d']);
  });
  it('never chooses a link out of view, above or below', () => {
    const links = [at('/above', -40), at('/below', 800), at('/edge', 795)];
    expect(likeliestNextPages(links, VIEW, 2)).toEqual(['/edge']);
  });
  it('counts a page once, placed by its link nearest the middle', () => {
    const links = [at('/a', 10), at('/b', 250), at('/a', 395), at('/c', 700)];
    expect(likeliestNextPages(links, VIEW, 2)).toEqual(['/a', '/b']);
  });
  it('measures from the middle of the reading area, and leaves a link under the header alone', () => {
    const area = { top: 80, bottom: 800 };
    const links = [at('/under-header', 40), at('/a', 360), at('/b', 430)];
    expect(likeliestNextPages(links, area, 1)).toEqual(['/b']);
    expect(likeliestNextPages(links, area, 3)).toEqual(['/b', '/a']);
  });
  it("leaves the site's own links for a view whose text has none, and then takes the first", () => {
    const area = { top: 80, bottom: 800 };
    const site = (href: string, top: number) => ({ ...at(href, top), chrome: true });
    const links = [site('/', 30), site('/forum', 100), site('/essays', 380), site('/forum', 100)];
    expect(likeliestNextPages([...links, at('/a', 700)], area, 1)).toEqual(['/a']);
    expect(likeliestNextPages(links, area, 1)).toEqual(['/']);
    expect(likeliestNextPages(links, area, 2)).toEqual(['/', '/forum']);
    expect(likeliestNextPages([site('/scrolled-away', -60), at('/below', 820)], area, 1)).toEqual([]);
  });
  it('keeps the pages already drawn while the text in view has no link', () => {
    const area = { top: 80, bottom: 800 };
    const links = [{ ...at('/', 30), chrome: true }, at('/gone', -200)];
    expect(likeliestNextPages(links, area, 1, ['/gone'])).toEqual(['/gone']);
    expect(likeliestNextPages([...links, at('/a', 400)], area, 1, ['/gone'])).toEqual(['/a']);
    expect(likeliestNextPages(links, area, 1, ['/gone', '/older'])).toEqual(['/gone']);
  });
  it('chooses nothing in an empty view', () => {
    expect(likeliestNextPages([], VIEW, 2)).toEqual([]);
  });
});

describe('isPrerenderable', () => {
  const here = new URL('https://example.org/book');
  const link = (href: string, extra: Partial<{ target: string; hasDownload: boolean }> = {}) =>
    isPrerenderable({ href, target: '', hasDownload: false, ...extra }, here);

  it('takes another page of this site', () => {
    expect(link('/book-summary')).toBe(true);
    expect(link('https://example.org/essays')).toBe(true);
    expect(link('/#book-preview-section')).toBe(true);
  });
  it('leaves this page, other sites, files, downloads and new tabs alone', () => {
    expect(link('/book#chapters')).toBe(false);
    expect(link('https://elsewhere.example/')).toBe(false);
    expect(link('mailto:author@example.org')).toBe(false);
    expect(link('/rss.xml')).toBe(false);
    expect(link('/press-kit/cover.png')).toBe(false);
    expect(link('/press-kit', { hasDownload: true })).toBe(false);
    expect(link('/essays', { target: '_blank' })).toBe(false);
    expect(link('/essays', { target: '_self' })).toBe(true);
  });
});
