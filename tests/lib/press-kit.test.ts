import { describe, it, expect } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  encodable,
  factSheetPdf,
  pressContactHref,
  downloads,
  wrapLines,
  PRESS_REPLY_HOURS,
} from '../../src/lib/press-kit';
import { markdownToPlainText, paragraphs, wrapText } from '../../src/lib/plain-text';
import { bookJsonLd, personJsonLd } from '../../src/lib/structured-data';

const sheet = {
  title: 'GENESIS',
  subtitle: 'A novel by Elias Varros',
  facts: [
    { label: 'Title', value: 'Genesis' },
    { label: 'Author', value: 'Elias Varros' },
  ],
  sections: [{ heading: 'The story', text: 'A shepherd (67) and a machine — “Aion” — under a carob tree.' }],
  contact: 'Press: studio@example.com',
};

describe('the press contact link', () => {
  it('promises a reply within 48 hours', () => {
    expect(PRESS_REPLY_HOURS).toBe(48);
    const href = pressContactHref('press@example.com');
    expect(href.startsWith('mailto:press@example.com?subject=')).toBe(true);
    expect(decodeURIComponent(href.split('body=')[1])).toContain('reply within 48 hours');
  });
  it('lists five downloads under /press/', () => {
    expect(downloads).toHaveLength(5);
    for (const d of downloads) expect(d.href).toMatch(/^\/press\/[a-z0-9-]+\.(png|pdf|txt)$/);
  });
});

describe('the fact sheet PDF', () => {
  it('is one A4 page carrying the title and author in its metadata', async () => {
    const doc = await PDFDocument.load(await factSheetPdf(sheet));
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe('GENESIS: fact sheet');
    expect(doc.getAuthor()).toBe('Elias Varros');
  });

  it('is the same bytes every time it is built from the same content', async () => {
    expect(Buffer.from(await factSheetPdf(sheet)).equals(Buffer.from(await factSheetPdf(sheet)))).toBe(true);
  });

  it('draws what Helvetica cannot hold as "?" instead of failing the build', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(encodable('“é”—… Ω', font)).toBe('“é”—… ?');
    await expect(factSheetPdf({ ...sheet, subtitle: 'Γένεση, a novel' })).resolves.toBeInstanceOf(Uint8Array);
  });

  it('wraps within the width', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapLines('the quick brown fox jumps over the lazy dog '.repeat(5), font, 10, 120);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(120);
  });

  it('refuses content that does not fit on one page', async () => {
    const long = { ...sheet, sections: [{ heading: 'Too much', text: 'word '.repeat(6000) }] };
    await expect(factSheetPdf(long)).rejects.toThrow(/does not fit on one page/);
  });
});

describe('plain text for the biographies', () => {
  it('strips emphasis, links and joins wrapped lines', () => {
    expect(markdownToPlainText('*Genesis*, his **debut** [novel](/book),\nwritten_slowly_.')).toBe(
      'Genesis, his debut novel, written_slowly_.',
    );
    expect(paragraphs('one\ntwo\n\nthree')).toEqual(['one two', 'three']);
  });
  it('wraps at the width and keeps paragraphs apart', () => {
    const wrapped = wrapText(`${'word '.repeat(40)}\n\nnext`, 30);
    for (const line of wrapped.split('\n')) expect(line.length).toBeLessThanOrEqual(30);
    expect(wrapped).toContain('\n\nnext');
  });
});

describe('structured data', () => {
  it('describes the book and its author, each naming the other', () => {
    const book = bookJsonLd({ siteUrl: 'https://example.org' }, 'A novel.', '/coverstory');
    expect(book).toMatchObject({
      '@type': 'Book',
      name: 'Genesis',
      url: 'https://example.org/book',
      author: { '@type': 'Person', name: 'Elias Varros' },
    });
    const person = personJsonLd({ siteUrl: 'https://example.org', sameAs: ['https://x.example'] }, 'Author.');
    expect(person).toMatchObject({
      '@type': 'Person',
      name: 'Elias Varros',
      workExample: { '@type': 'Book', name: 'Genesis' },
    });
  });
});
