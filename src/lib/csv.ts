/**
 * The M.O.T.A. registry's CSV export: built in the browser from the rows the current
 * filter matches. RFC 4180 (CRLF line ends, fields quoted when they hold a comma, a semicolon,
 * a quote or a line break, quotes doubled), a UTF-8 byte-order mark so Excel keeps accents and
 * emoji, and an apostrophe before anything a spreadsheet would otherwise read as a formula:
 * at the start of a field, and after any separator inside one, spaces before it included.
 * Where the decimal mark is a comma, spreadsheets split CSV on `;`, so `x;=1+1` would otherwise
 * become a cell `=1+1`.
 *
 * Self-contained: `npm run moderate` (scripts/moderate.mjs) loads this file in Node, which
 * resolves no extensionless import.
 */

export const CSV_FILENAME = 'mota_ideas.csv';
export const CSV_MIME = 'text/csv;charset=utf-8';
export const CSV_COLUMNS = [
  'Issue/Problem',
  'Mitigation/Proposed Solution',
  'Proposed By',
  'Notes/Comments',
  'Date Submitted',
] as const;

/** The UTF-8 byte-order mark, as the string's first character. */
export const BOM = '\uFEFF';

/** The fields of a registry idea (src/lib/community/index.ts `Idea`) the export needs. */
export interface CsvIdea {
  issue: string;
  mitigation: string;
  proposedBy: string | null;
  notes: string | null;
  createdAt: string;
}

// Characters that make Excel, LibreOffice or Google Sheets start a formula (OWASP CSV injection),
// also behind spaces or no-break spaces, which a spreadsheet may drop before reading the cell.
const FORMULA_START = /^(\s*[=+\-@]|[\t\r])/;
// The same, after a character some reader may split cells or lines on (and any spaces).
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(\s*[=+\-@])/g;

/** Neutralises would-be formulas by putting an apostrophe in front of each. */
export function defuseFormula(value: string): string {
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

/** One CSV field: formula-safe, then quoted if RFC 4180 requires it. */
export function csvCell(value: string | null | undefined): string {
  const text = defuseFormula(value ?? '');
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The calendar date of a timestamp as YYYY-MM-DD, in the visitor's time zone, so the file says
 * the day the table beside it shows (formatShortDate); empty for an unreadable timestamp.
 */
export function csvDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** The whole file: BOM, header row, one row per idea, CRLF after every record. */
export function buildIdeasCsv(ideas: readonly CsvIdea[]): string {
  const lines = [
    csvLine(CSV_COLUMNS),
    ...ideas.map((idea) =>
      csvLine([idea.issue, idea.mitigation, idea.proposedBy, idea.notes, csvDate(idea.createdAt)]),
    ),
  ];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
