import { describe, it, expect } from 'vitest';
import { factSheetPdf, pressContactHref, downloads, PRESS_REPLY_HOURS } from '../../src/lib/press-kit';
import { pdfString, textWidth, wrapLines } from '../../src/lib/pdf';
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

describe('the one-page PDF writer', () => {
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

  it('writes a well-formed one-page PDF whose cross-reference table points at its objects', () => {
    const pdf = text(factSheetPdf(sheet));
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + 10)).toMatch(new RegExp(`^${i + 1} 0 obj`)));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)![1]);
    const start = pdf.indexOf('stream\n') + 7;
    expect(pdf.slice(start + length, start + length + 10)).toBe('\nendstream');
  });

  it('encodes text in WinAnsi and escapes PDF delimiters', () => {
    expect(pdfString('a (b) \\ c')).toBe('(a \\(b\\) \\\\ c)');
    expect(pdfString('“é”—…')).toBe(`(${String.fromCharCode(0x93, 0xe9, 0x94, 0x97, 0x85)})`);
    expect(pdfString('Ω')).toBe('(?)');
  });

  it('measures with the font metrics and wraps within the width', () => {
    expect(textWidth('Hello', 'regular', 10)).toBeCloseTo(22.78, 1);
    expect(textWidth('Hello', 'bold', 10)).toBeGreaterThan(textWidth('Hello', 'regular', 10));
    const lines = wrapLines('the quick brown fox jumps over the lazy dog '.repeat(5), 'regular', 10, 120);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(textWidth(line, 'regular', 10)).toBeLessThanOrEqual(120);
  });

  it('refuses content that does not fit on one page', () => {
    const long = { ...sheet, sections: [{ heading: 'Too much', text: 'word '.repeat(6000) }] };
    expect(() => factSheetPdf(long)).toThrow(/does not fit on one page/);
  });
});

describe('plain text for the biographies', () => {
  it('strips emphasis, links and joins wrapped lines', () => {
    expect(markdownToPlainText('*Genesis*, his **debut** [novel](/book),\nwritten_slowly_.')).toBe('Genesis, his debut novel, written_slowly_.');
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
    expect(book).toMatchObject({ '@type': 'Book', name: 'Genesis', url: 'https://example.org/book', author: { '@type': 'Person', name: 'Elias Varros' } });
    const person = personJsonLd({ siteUrl: 'https://example.org', sameAs: ['https://x.example'] }, 'Author.');
    expect(person).toMatchObject({ '@type': 'Person', name: 'Elias Varros', workExample: { '@type': 'Book', name: 'Genesis' } });
  });
});
