import { mailtoHref } from './mailto';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { pressFiles } from './structured-data';

/** How soon the press team promises to answer; the page, the mail and the fact sheet all say it. */
export const PRESS_REPLY_HOURS = 48;

/** The 'Contact Press Team' mail link, prefilled with what an editor needs to send. */
export function pressContactHref(to: string): string {
  return mailtoHref({
    to,
    subject: 'Press enquiry: Genesis by Elias Varros',
    body: [
      'Hello,',
      '',
      'I am writing about Genesis by Elias Varros.',
      '',
      'Name and outlet:',
      'What I would like (interview, review copy, images, event):',
      'Deadline:',
      '',
      `Thank you. The press team will reply within ${PRESS_REPLY_HOURS} hours.`,
    ].join('\n'),
  });
}

export interface Download {
  href: string;
  title: string;
  description: string;
  format: string;
  /** The Content-Type the site serves it with (checked by the browser tests). */
  type: string;
}

export const downloads: Download[] = [
  {
    href: pressFiles.cover,
    title: 'Cover image, high resolution',
    description: 'The front cover at print size, 2400 × 3600 pixels.',
    format: 'PNG',
    type: 'image/png',
  },
  {
    href: pressFiles.portrait,
    title: 'Author photo',
    description: 'An illustrated portrait of Elias Varros, 1600 × 2000 pixels.',
    format: 'PNG',
    type: 'image/png',
  },
  {
    href: pressFiles.factSheet,
    title: 'Fact sheet',
    description: 'The book at a glance, on one A4 page.',
    format: 'PDF',
    type: 'application/pdf',
  },
  {
    href: pressFiles.bioShort,
    title: 'Short biography',
    description: 'About sixty words, for programmes and introductions.',
    format: 'TXT',
    type: 'text/plain',
  },
  {
    href: pressFiles.bioLong,
    title: 'Long biography',
    description: 'About three hundred words, for features and catalogues.',
    format: 'TXT',
    type: 'text/plain',
  },
];

export interface FactSheet {
  title: string;
  subtitle: string;
  facts: { label: string; value: string }[];
  sections: { heading: string; text: string }[];
  contact: string;
}

type Rgb = readonly [number, number, number];
const night: Rgb = [21, 23, 27];
const dawn: Rgb = [242, 197, 124];
const paper: Rgb = [248, 245, 238];
const ink: Rgb = [31, 28, 23];
const muted: Rgb = [87, 81, 74];
const accent: Rgb = [138, 58, 20];
const line: Rgb = [217, 207, 187];
const color = ([r, g, b]: Rgb) => rgb(r / 255, g / 255, b / 255);

/** A4 in points. */
const A4 = { width: 595.28, height: 841.89 };

/**
 * The date stamped into the file's metadata. A fixed one, so that building the same content
 * twice gives the same bytes (the press kit names no other date).
 */
const PRINTED = new Date('2026-01-01T00:00:00Z');

/**
 * The standard PDF fonts hold only WinAnsi characters and pdf-lib throws on any other: such a
 * character is drawn as "?" rather than failing the build over one exotic letter.
 */
export function encodable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC').replace(/[\t\n]/g, ' ')]
    .map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?'))
    .join('');
}

/** Splits text into lines no wider than `width` points (an over-long word gets a line of its own). */
export function wrapLines(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Lays out the one-page fact sheet in Helvetica (every PDF reader has it; nothing is
 * embedded). Throws if the content no longer fits on the page.
 */
export async function factSheetPdf(sheet: FactSheet): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  type Style = { font?: keyof typeof fonts; size?: number; color?: Rgb };
  const page = doc.addPage([A4.width, A4.height]);
  const text = (x: number, y: number, value: string, { font = 'regular', size = 10, color: c = ink }: Style = {}) =>
    page.drawText(encodable(value, fonts[font]), { x, y, size, font: fonts[font], color: color(c) });
  /** Draws wrapped text from baseline `y` down; returns the baseline after the last line. */
  const paragraph = (x: number, y: number, value: string, width: number, style: Style & { leading: number }) => {
    const font = fonts[style.font ?? 'regular'];
    for (const l of wrapLines(encodable(value, font), font, style.size ?? 10, width)) {
      text(x, y, l, style);
      y -= style.leading;
    }
    return y;
  };
  const rule = (y: number) =>
    page.drawLine({ start: { x: left, y }, end: { x: left + width, y }, thickness: 0.5, color: color(line) });

  const left = 56;
  const width = A4.width - left * 2;
  const bottom = 64;

  page.drawRectangle({ x: 0, y: A4.height - 150, width: A4.width, height: 150, color: color(night) });
  text(left, A4.height - 62, 'FACT SHEET', { font: 'bold', size: 9, color: dawn });
  text(left, A4.height - 100, sheet.title, { font: 'bold', size: 34, color: paper });
  text(left, A4.height - 124, sheet.subtitle, { font: 'italic', size: 12, color: dawn });

  let y = A4.height - 186;
  const labelWidth = 120;
  for (const fact of sheet.facts) {
    text(left, y, fact.label, { font: 'bold', size: 9.5, color: muted });
    y = paragraph(left + labelWidth, y, fact.value, width - labelWidth, { size: 10, leading: 13.5 }) - 5;
    rule(y + 9);
  }

  for (const section of sheet.sections) {
    y -= 16;
    text(left, y, section.heading.toUpperCase(), { font: 'bold', size: 10, color: accent });
    y -= 17;
    for (const [i, para] of section.text.split(/\n\s*\n/).entries()) {
      if (i > 0) y -= 5;
      y = paragraph(left, y, para.replace(/\s+/g, ' ').trim(), width, { size: 10, leading: 14 });
    }
  }
  if (y < bottom)
    throw new Error(`The fact sheet does not fit on one page (it runs ${Math.round(bottom - y)} pt too long)`);

  rule(50);
  text(left, 36, sheet.contact, { size: 8.5, color: muted });

  doc.setTitle(`${sheet.title}: fact sheet`);
  doc.setAuthor('Elias Varros');
  doc.setSubject(sheet.subtitle);
  doc.setProducer('genesis site build');
  doc.setCreationDate(PRINTED);
  doc.setModificationDate(PRINTED);
  // Plain objects, no object streams: older readers and press-office tools open it too.
  return doc.save({ useObjectStreams: false });
}
