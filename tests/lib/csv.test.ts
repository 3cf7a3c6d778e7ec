import { afterEach, describe, expect, it } from 'vitest';
import { BOM, CSV_COLUMNS, CSV_FILENAME, buildIdeasCsv, csvCell, csvDate, defuseFormula } from '../../src/lib/csv';
import { formatShortDate } from '../../src/lib/community/format';

const idea = (over: Partial<Parameters<typeof buildIdeasCsv>[0][number]> = {}) => ({
  issue: 'Feeds that never end',
  mitigation: 'A stopping cue after twenty minutes',
  proposedBy: 'Eleni',
  notes: null,
  createdAt: '2025-06-03T14:22:05.123456+00:00',
  ...over,
});

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Plain words: café and Ελλάδα 🌳')).toBe('Plain words: café and Ελλάδα 🌳');
    expect(csvCell('no comma here')).toBe('no comma here');
  });

  it('quotes fields with commas, quotes, and line breaks (RFC 4180)', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hello"')).toBe('"say ""hello"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"');
    expect(csvCell('"')).toBe('""""');
  });

  it('writes null and undefined as an empty field', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
    ['-2 degrees', "'-2 degrees"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tindented', "'\tindented"],
  ])('puts an apostrophe before a formula start: %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('defuses a formula and still quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('\rline')).toBe('"\'\rline"');
  });

  it('looks past leading spaces, as spreadsheets do, and no further', () => {
    expect(defuseFormula('a=b')).toBe('a=b');
    expect(defuseFormula('a =b')).toBe('a =b');
    expect(defuseFormula('')).toBe('');
    expect(defuseFormula('   ')).toBe('   ');
  });

  it.each([
    [' =1+1', "' =1+1"],
    ['   +44 20 7946 0000', "'   +44 20 7946 0000"],
    ['\u00a0-2+3', "'\u00a0-2+3"],
    ['\u00a0 @SUM(A1:A2)', "'\u00a0 @SUM(A1:A2)"],
    ['\u2007=1', "'\u2007=1"],
  ])('defuses a formula behind spaces or a no-break space: %j', (input, output) => {
    expect(defuseFormula(input)).toBe(output);
  });

  it('defuses a formula behind spaces after a separator', () => {
    expect(defuseFormula('x; =1+1')).toBe("x;' =1+1");
    expect(defuseFormula('x,\u00a0\u00a0+1')).toBe("x,'\u00a0\u00a0+1");
    expect(defuseFormula('line\n  @cmd')).toBe("line\n'  @cmd");
  });
});

describe('csvDate', () => {
  const processZone = process.env.TZ;
  afterEach(() => {
    if (processZone === undefined) delete process.env.TZ;
    else process.env.TZ = processZone;
  });

  it('gives the calendar date in the visitor’s time zone as YYYY-MM-DD, the day the table shows', () => {
    // The visitor's time zone is the process's here: fourteen hours east of UTC.
    process.env.TZ = 'Pacific/Kiritimati';
    expect(csvDate('2025-06-03T08:22:05.123456+00:00')).toBe('2025-06-03');
    expect(csvDate('2025-06-03T14:22:05.123456+00:00')).toBe('2025-06-04');
    expect(csvDate('2024-12-31T23:59:59Z')).toBe('2025-01-01');
    for (const timestamp of ['2025-06-03T14:22:05Z', '2025-02-28T11:00:00Z', '2025-09-30T09:59:59Z']) {
      const [year, month, day] = csvDate(timestamp).split('-').map(Number);
      expect(formatShortDate(timestamp)).toMatch(new RegExp(`^${day} \\w+ ${year}$`));
      expect(new Date(timestamp).getMonth() + 1).toBe(month);
    }
    process.env.TZ = 'America/Los_Angeles';
    expect(csvDate('2025-06-03T05:00:00Z')).toBe('2025-06-02');
  });
  it('is empty for an unreadable timestamp', () => {
    expect(csvDate('not a date')).toBe('');
  });
});

describe('buildIdeasCsv', () => {
  it('starts with a UTF-8 byte-order mark and the header row', () => {
    const csv = buildIdeasCsv([]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv).toBe(`${BOM}Issue/Problem,Mitigation/Proposed Solution,Proposed By,Notes/Comments,Date Submitted\r\n`);
    expect(CSV_COLUMNS).toHaveLength(5);
    expect(CSV_FILENAME).toBe('mota_ideas.csv');
  });

  it('writes one CRLF-terminated record per idea in the given order', () => {
    const csv = buildIdeasCsv([
      idea(),
      idea({
        issue: 'Deepfakes, everywhere',
        proposedBy: 'Anonymous',
        notes: 'See "The Only Voice"',
        createdAt: '2025-05-01T08:00:00Z',
      }),
    ]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Issue/Problem,Mitigation/Proposed Solution,Proposed By,Notes/Comments,Date Submitted',
      'Feeds that never end,A stopping cue after twenty minutes,Eleni,,2025-06-03',
      '"Deepfakes, everywhere",A stopping cue after twenty minutes,Anonymous,"See ""The Only Voice""",2025-05-01',
      '',
    ]);
  });

  it('keeps multi-line notes inside one quoted field', () => {
    const csv = buildIdeasCsv([idea({ notes: 'first\nsecond' })]);
    expect(csv).toContain(',"first\nsecond",2025-06-03\r\n');
  });

  it('keeps accents and emoji as they are (UTF-8)', () => {
    const csv = buildIdeasCsv([idea({ proposedBy: 'Ζωή 🌿' })]);
    expect(csv).toContain(',Ζωή 🌿,');
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('defuses formulas in every column', () => {
    const csv = buildIdeasCsv([idea({ issue: '=cmd', mitigation: '+x', proposedBy: '@me', notes: '-1' })]);
    expect(csv).toContain("'=cmd,'+x,'@me,'-1,2025-06-03\r\n");
  });
});

/**
 * How a spreadsheet reads a CSV file: split on the delimiter outside double quotes, quotes
 * doubled inside them. Excel uses `;` where the decimal mark is a comma (most of Europe).
 */
function readCsv(text: string, delimiter: ',' | ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return rows;
}

describe('the same file read with , and with ;', () => {
  const hostile = [
    'x;=1+1',
    'a;+SUM(1)',
    'plain; -2 and ;@cmd',
    'comma,=2+2',
    'tab\t=3+3',
    'line\n=4+4',
    '=HYPERLINK("http://x";"y")',
    ' =5+5',
    '\u00a0=6+6',
    'x; =7+7',
    'x;\u00a0+8',
    'a,  -9',
  ];
  const csv = buildIdeasCsv(
    hostile.map((text) => idea({ issue: text, mitigation: text, proposedBy: text, notes: text })),
  );

  it.each([',', ';'] as const)('no cell starts a formula when read with %j', (delimiter) => {
    for (const row of readCsv(csv.slice(BOM.length), delimiter)) {
      for (const cell of row) expect(cell, JSON.stringify(cell)).not.toMatch(/^(\s*[=+\-@]|[\t\r])/);
    }
  });

  it('read with , every field comes back whole', () => {
    const rows = readCsv(csv.slice(BOM.length), ',');
    expect(rows).toHaveLength(hostile.length + 1);
    for (const row of rows) expect(row).toHaveLength(5);
  });

  it('quotes a field holding ; and defuses a formula after any separator', () => {
    expect(csvCell('x;=1+1')).toBe(`"x;'=1+1"`);
    expect(csvCell('plain; no formula')).toBe('"plain; no formula"');
    expect(csvCell('a,+b')).toBe(`"a,'+b"`);
    expect(csvCell('1;-2')).toBe(`"1;'-2"`);
  });

  it('even a reader that ignores quotes finds no formula', () => {
    for (const delimiter of [',', ';', '\t']) {
      for (const piece of csv
        .slice(BOM.length)
        .split(/\r\n|\n/)
        .flatMap((line) => line.split(delimiter))) {
        expect(piece.replace(/^"/, ''), JSON.stringify(piece)).not.toMatch(/^\s*[=+\-@]/);
      }
    }
  });
});
