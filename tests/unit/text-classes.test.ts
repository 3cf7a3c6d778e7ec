// The migration writes its character classes out as ranges of code points (Postgres regular
// expressions have no \p{…}); src/lib/text-classes.ts writes them with JavaScript's Unicode
// property escapes. Every code point must land on the same side of both, or the form and the
// database would disagree about what shows. When Unicode assigns new characters this fails, and
// the message holds the class to write into a new migration.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IGNORABLE, STACKED_MARKS, VISIBLE } from '../../src/lib/text-classes';

const MIGRATIONS = 'supabase/migrations';
const MIGRATION = readdirSync(MIGRATIONS).find((file) => file.endsWith('_invisible_and_stacked_text.sql'))!;
const sql = readFileSync(`${MIGRATIONS}/${MIGRATION}`, 'utf8');

/** A text constant of the migration's DO block: its adjacent string literals joined. */
function constant(name: string): string {
  const declaration = new RegExp(String.raw`\n  ${name} constant text :=\s*((?:'[^']*'\s*)+);`).exec(sql);
  if (!declaration) throw new Error(`no constant ${name} in ${MIGRATION}`);
  return [...declaration[1].matchAll(/'([^']*)'/g)].map((piece) => piece[1]).join('');
}

/** A Postgres bracket expression (\uXXXX, \UXXXXXXXX escapes) as a JavaScript one. */
function toJavaScript(bracket: string): RegExp {
  return new RegExp(
    bracket.replace(/\\U([0-9a-f]{8})/g, (_, hex: string) => `\\u{${hex}}`),
    'u',
  );
}

/** The code points Postgres text can hold: all but U+0000 and the surrogates. */
function* codePoints(): Generator<number> {
  for (let cp = 1; cp <= 0x10ffff; cp += 1) if (cp < 0xd800 || cp > 0xdfff) yield cp;
}

const hex = (cp: number) => cp.toString(16).padStart(cp > 0xffff ? 8 : 4, '0');
const escape = (cp: number) => (cp > 0xffff ? `\\U${hex(cp)}` : `\\u${hex(cp)}`);

/** The members of a class as the migration writes them: `[…]` of ranges, escaped. */
function asSql(test: (char: string) => boolean, negated = false): string {
  const ranges: [number, number][] = [];
  for (const cp of codePoints()) {
    if (test(String.fromCodePoint(cp)) === negated) continue;
    const last = ranges.at(-1);
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  const written = ranges.map(([from, to]) =>
    from === to ? escape(from) : `${escape(from)}${to === from + 1 ? '' : '-'}${escape(to)}`,
  );
  return `[${negated ? '^' : ''}${written.join('')}]`;
}

/** Code points on which two tests disagree, the first few. */
function disagreements(a: (char: string) => boolean, b: (char: string) => boolean): string[] {
  const found: string[] = [];
  for (const cp of codePoints()) {
    const char = String.fromCodePoint(cp);
    if (a(char) !== b(char)) found.push(`U+${hex(cp).toUpperCase()}`);
    if (found.length === 10) break;
  }
  return found;
}

const classes = {
  visible: {
    sql: toJavaScript(constant('visible')),
    mirror: (char: string) => VISIBLE.test(char),
    expected: () => asSql((char) => VISIBLE.test(char), true),
  },
  ignorable: {
    sql: toJavaScript(constant('ignorable')),
    mirror: (char: string) => new RegExp(IGNORABLE.source, 'u').test(char),
    expected: () => asSql((char) => new RegExp(IGNORABLE.source, 'u').test(char)),
  },
  marks: {
    sql: toJavaScript(constant('stacked_marks').replace(/\{5\}$/, '')),
    mirror: (char: string) => /\p{M}/u.test(char),
    expected: () => asSql((char) => /\p{M}/u.test(char)),
  },
};

describe('the migration and src/lib/text-classes.ts agree on every code point', () => {
  it.each(Object.entries(classes))('%s', (name, { sql: inSql, mirror, expected }) => {
    const differ = disagreements((char) => inSql.test(char), mirror);
    expect(
      differ,
      differ.length ? `the ${name} class differs; the migration's would be:\n${expected()}` : undefined,
    ).toEqual([]);
  });

  it('stacked_marks is five marks in a row, as STACKED_MARKS', () => {
    expect(constant('stacked_marks')).toMatch(/\]\{5\}$/);
    expect(STACKED_MARKS.test('a\u0301\u0302\u0303\u0304')).toBe(false);
    expect(STACKED_MARKS.test('a\u0301\u0302\u0303\u0304\u0305')).toBe(true);
  });
});

describe('what the classes hold', () => {
  const shows = (char: string) => VISIBLE.test(char);

  it.each([
    ['U+1BCA0 shorthand format letter overlap', '\u{1bca0}'],
    ['U+13430 Egyptian hieroglyph vertical joiner', '\u{13430}'],
    ['U+1D159 musical null notehead', '\u{1d159}'],
    ['U+16FD, unassigned', '\u16fd'],
    ['U+20E3 combining enclosing keycap', '\u20e3'],
    ['U+0301 combining acute accent', '\u0301'],
    ['U+0489 combining Cyrillic millions sign', '\u0489'],
    ['U+E000, private use', '\ue000'],
    ['U+FFFC object replacement character', '\ufffc'],
    ['U+3164 Hangul filler', '\u3164'],
    ['U+2800 blank Braille pattern', '\u2800'],
  ])('%s shows nothing', (_name, char) => {
    expect(shows(char)).toBe(false);
  });

  it.each([
    ['a letter', 'a'],
    ['Greek', 'λ'],
    ['a CJK ideograph', '語'],
    ['a digit', '7'],
    ['punctuation', '·'],
    ['an emoji', '🌳'],
    ['a Devanagari letter', 'क'],
    ['the replacement character', '\ufffd'],
  ])('%s shows', (_name, char) => {
    expect(shows(char)).toBe(true);
  });

  it('every format character renders as nothing; marks are not all ignorable', () => {
    const ignorable = classes.ignorable.mirror;
    for (const char of ['\u200b', '\u200d', '\u2060', '\ufeff', '\u{e0041}', '\u{1bca0}', '\u{13430}', '\u00ad']) {
      expect(ignorable(char), char).toBe(true);
    }
    expect(ignorable('\u0301')).toBe(false);
  });
});
