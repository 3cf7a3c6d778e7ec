import { mailtoHref } from './mailto';
import { PdfPage, buildPdf, type Rgb } from './pdf';
import { pressFiles } from './structured-data';

/** Spec §9: the press team promises a reply within 48 hours. */
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
  { href: pressFiles.cover, title: 'Cover image, high resolution', description: 'The front cover at print size, 2400 × 3600 pixels.', format: 'PNG', type: 'image/png' },
  { href: pressFiles.portrait, title: 'Author photo', description: 'An illustrated portrait of Elias Varros, 1600 × 2000 pixels.', format: 'PNG', type: 'image/png' },
  { href: pressFiles.factSheet, title: 'Fact sheet', description: 'The book at a glance, on one A4 page.', format: 'PDF', type: 'application/pdf' },
  { href: pressFiles.bioShort, title: 'Short biography', description: 'About sixty words, for programmes and introductions.', format: 'TXT', type: 'text/plain' },
  { href: pressFiles.bioLong, title: 'Long biography', description: 'About three hundred words, for features and catalogues.', format: 'TXT', type: 'text/plain' },
];

export interface FactSheet {
  title: string;
  subtitle: string;
  facts: { label: string; value: string }[];
  sections: { heading: string; text: string }[];
  contact: string;
}

const night: Rgb = [21, 23, 27];
const dawn: Rgb = [242, 197, 124];
const paper: Rgb = [248, 245, 238];
const ink: Rgb = [31, 28, 23];
const muted: Rgb = [87, 81, 74];
const accent: Rgb = [138, 58, 20];
const line: Rgb = [217, 207, 187];

/** Lays out the one-page fact sheet; throws if the content no longer fits on the page. */
export function factSheetPdf(sheet: FactSheet): Uint8Array<ArrayBuffer> {
  const page = new PdfPage();
  const left = 56;
  const width = page.width - left * 2;
  const bottom = 64;

  page.rect(0, page.height - 150, page.width, 150, night);
  page.text(left, page.height - 62, 'FACT SHEET', { font: 'bold', size: 9, color: dawn });
  page.text(left, page.height - 100, sheet.title, { font: 'bold', size: 34, color: paper });
  page.text(left, page.height - 124, sheet.subtitle, { font: 'italic', size: 12, color: dawn });

  let y = page.height - 186;
  const labelWidth = 120;
  for (const fact of sheet.facts) {
    page.text(left, y, fact.label, { font: 'bold', size: 9.5, color: muted });
    const after = page.paragraph(left + labelWidth, y, fact.value, width - labelWidth, { size: 10, leading: 13.5, color: ink });
    y = after - 5;
    page.line(left, y + 9, left + width, y + 9, line, 0.5);
  }

  for (const section of sheet.sections) {
    y -= 16;
    page.text(left, y, section.heading.toUpperCase(), { font: 'bold', size: 10, color: accent });
    y -= 17;
    for (const [i, para] of section.text.split(/\n\s*\n/).entries()) {
      if (i > 0) y -= 5;
      y = page.paragraph(left, y, para.replace(/\s+/g, ' ').trim(), width, { size: 10, leading: 14, color: ink });
    }
  }
  if (y < bottom) throw new Error(`The fact sheet does not fit on one page (it runs ${Math.round(bottom - y)} pt too long)`);

  page.line(left, 50, left + width, 50, line, 0.5);
  page.text(left, 36, sheet.contact, { size: 8.5, color: muted });
  return buildPdf(page, { title: `${sheet.title}: fact sheet`, author: 'Elias Varros', subject: sheet.subtitle });
}
