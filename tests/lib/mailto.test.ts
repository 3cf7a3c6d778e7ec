import { describe, expect, it } from 'vitest';
import { mailtoHref } from '../../src/lib/mailto';

describe('mailtoHref (RFC 6068)', () => {
  it('encodes spaces as %20 and line breaks as CRLF', () => {
    expect(mailtoHref({ to: 'a@b.co', subject: 'Hello there', body: 'Line one\nLine two\r\nLine three\rend' })).toBe(
      'mailto:a@b.co?subject=Hello%20there&body=Line%20one%0D%0ALine%20two%0D%0ALine%20three%0D%0Aend',
    );
  });
  it('escapes the characters that would end or split the query', () => {
    const href = mailtoHref({ to: 'a@b.co', subject: 'Q&A? #1 100%', body: 'a=b+c' });
    expect(href).toBe('mailto:a@b.co?subject=Q%26A%3F%20%231%20100%25&body=a%3Db%2Bc');
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Q&A? #1 100%');
  });
  it('encodes non-ASCII text as UTF-8', () => {
    expect(mailtoHref({ to: 'a@b.co', subject: 'Ελιάς — café 🌳' })).toBe(
      'mailto:a@b.co?subject=%CE%95%CE%BB%CE%B9%CE%AC%CF%82%20%E2%80%94%20caf%C3%A9%20%F0%9F%8C%B3',
    );
  });
  it('leaves out what is not given', () => {
    expect(mailtoHref({ to: 'a@b.co' })).toBe('mailto:a@b.co');
    expect(mailtoHref({ to: 'a@b.co', body: 'x' })).toBe('mailto:a@b.co?body=x');
  });
});
