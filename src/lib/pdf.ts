/**
 * A one-page PDF writer, just big enough for the press kit's fact sheet: text in the PDF
 * standard fonts (Helvetica, its bold and oblique: every reader has them, nothing is embedded),
 * word wrapping with the fonts' real widths, filled rectangles and rules. No dependency.
 */

export type FontName = 'regular' | 'bold' | 'italic';
export type Rgb = readonly [number, number, number];

const fontIds: Record<FontName, string> = { regular: 'F1', bold: 'F2', italic: 'F3' };
const baseFonts: Record<FontName, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

// Advance widths (1/1000 em) of ASCII 32–126, from the Adobe font metrics of the base 14 fonts.
const helvetica = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778,
  722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222,
  500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const helveticaBold = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778,
  722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278,
  556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
const specialWidths: Record<string, [number, number]> = {
  '‘': [222, 278], '’': [222, 278], '“': [333, 500], '”': [333, 500], '–': [556, 556], '—': [1000, 1000],
  '•': [350, 350], '…': [1000, 1000], '·': [278, 278], '×': [584, 584], ' ': [278, 278],
};
// Characters outside Latin-1 that WinAnsiEncoding places in 0x80–0x9F.
const winAnsiExtras: Record<string, number> = {
  '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c,
  'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99, 'š': 0x9a,
  '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/** Width of `text` in points at `size`. */
export function textWidth(text: string, font: FontName, size: number): number {
  const table = font === 'bold' ? helveticaBold : helvetica;
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 32 && code <= 126) units += table[code - 32];
    else units += specialWidths[ch]?.[font === 'bold' ? 1 : 0] ?? 556;
  }
  return (units * size) / 1000;
}

/** Splits text into lines no wider than `width` points (a single over-long word gets a line of its own). */
export function wrapLines(text: string, font: FontName, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, font, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** The text as a PDF string literal in WinAnsiEncoding ("?" for what it cannot hold). */
export function pdfString(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    let byte: number;
    if (ch in winAnsiExtras) byte = winAnsiExtras[ch];
    else if ((code >= 32 && code <= 126) || (code >= 0xa0 && code <= 0xff)) byte = code;
    else if (ch === '\t' || ch === '\n') byte = 32;
    else byte = 63; // '?'
    const c = String.fromCharCode(byte);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `(${out})`;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();
const colour = (rgb: Rgb) => rgb.map((c) => num(c / 255)).join(' ');

/** One A4 page, drawn from the top down; y is measured in points from the bottom edge. */
export class PdfPage {
  readonly width = 595.28;
  readonly height = 841.89;
  private ops: string[] = [];

  text(x: number, y: number, text: string, { font = 'regular', size = 10, color = [31, 28, 23] }: { font?: FontName; size?: number; color?: Rgb } = {}): void {
    this.ops.push(`BT /${fontIds[font]} ${num(size)} Tf ${colour(color)} rg ${num(x)} ${num(y)} Td ${pdfString(text)} Tj ET`);
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    this.ops.push(`${colour(color)} rg ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Rgb, width = 0.75): void {
    this.ops.push(`${colour(color)} RG ${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  /** Draws wrapped text from baseline `y` down; returns the baseline after the last line. */
  paragraph(x: number, y: number, text: string, width: number, opts: { font?: FontName; size?: number; leading?: number; color?: Rgb } = {}): number {
    const { font = 'regular', size = 10, leading = size * 1.4 } = opts;
    for (const l of wrapLines(text, font, size, width)) {
      this.text(x, y, l, { font, size, color: opts.color });
      y -= leading;
    }
    return y;
  }

  get content(): string {
    return this.ops.join('\n');
  }
}

/** Serialises one page into a complete PDF file. */
export function buildPdf(page: PdfPage, info: { title: string; author: string; subject?: string }): Uint8Array<ArrayBuffer> {
  const stream = page.content;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
      '/Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    ...(['regular', 'bold', 'italic'] as const).map(
      (f) => `<< /Type /Font /Subtype /Type1 /BaseFont /${baseFonts[f]} /Encoding /WinAnsiEncoding >>`,
    ),
    `<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)}${info.subject ? ` /Subject ${pdfString(info.subject)}` : ''} /Producer (genesis site build) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character above is a single byte (WinAnsi), so latin1 keeps the offsets exact.
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
