import { describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../../server/headers-file.mjs';

const file = `# comment
/*
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin

/_astro/*
  Cache-Control: public, max-age=31536000, immutable

/book
  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'
`;

describe('_headers file', () => {
  const rules = parseHeadersFile(file);
  it('applies the site-wide block to every path', () => {
    expect(headersFor(rules, '/anything').get('X-Content-Type-Options')).toBe('nosniff');
  });
  it('adds the blocks whose pattern matches, in order', () => {
    const book = headersFor(rules, '/book');
    expect(book.get('Content-Security-Policy')).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(book.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(headersFor(rules, '/books').has('Content-Security-Policy')).toBe(false);
    expect(headersFor(rules, '/_astro/a.js').get('Cache-Control')).toMatch(/immutable/);
  });
  it('treats regex characters in patterns literally', () => {
    const [rule] = parseHeadersFile('/a.b\n  X: 1\n');
    expect(rule.regex.test('/a.b')).toBe(true);
    expect(rule.regex.test('/axb')).toBe(false);
  });
});
