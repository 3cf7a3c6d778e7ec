// The migrations write their character classes out as ranges of code points (Postgres regular
// expressions have no \p{…}); src/lib/text-classes.ts writes them with JavaScript's Unicode
// property escapes, or as lists where JavaScript has no escape for the property (viramas,
// Hangul jamo), checked here against what Unicode says through normalisation and grapheme
// segmentation. Every code point must land on the same side of both, or the form and the
// database would disagree about what shows. When Unicode assigns new characters this fails, and
// the message holds the class to write into a new migration.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/lib/community/limits';
import {
  IGNORABLE,
  JAMO,
  JOINER,
  LONG_JAMO_RUN,
  STACKED_CONSONANTS,
  STACKED_MARKS,
  VISIBLE,
} from '../../src/lib/text-classes';

const MIGRATIONS = 'supabase/migrations';
/** The migrations, newest first: a later one that declares a class again replaces its functions. */
const migrations = readdirSync(MIGRATIONS)
  .filter((file) => /^\d+_.+\.sql$/.test(file))
  .sort()
  .reverse()
  .map((file) => ({ file, sql: readFileSync(`${MIGRATIONS}/${file}`, 'utf8') }));

/** A text constant of the newest migration's DO block that declares it: its adjacent string literals joined. */
function constant(name: string): string {
  const declaration = new RegExp(String.raw`\n  ${name} constant text :=\s*((?:'[^']*'\s*)+);`);
  for (const { sql } of migrations) {
    const found = declaration.exec(sql);
    if (found) return [...found[1].matchAll(/'([^']*)'/g)].map((piece) => piece[1]).join('');
  }
  throw new Error(`no migration declares a constant ${name}`);
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
    sql: toJavaScript(constant('marks')),
    mirror: (char: string) => /\p{M}/u.test(char),
    expected: () => asSql((char) => /\p{M}/u.test(char)),
  },
  joiners: {
    sql: toJavaScript(constant('joiners')),
    mirror: (char: string) => JOINER.test(char),
    expected: () => asSql(isVirama),
  },
  ...Object.fromEntries(
    (['leading', 'vowel', 'trailing'] as const).map((kind) => [
      `${kind}_jamo`,
      {
        sql: toJavaScript(constant(`${kind}_jamo`)),
        mirror: (char: string) => JAMO[kind].test(char),
        expected: () => asSql((char) => hangulKind(char) === kind),
      },
    ]),
  ),
};

/** Canonical combining class 9 (virama), read from how NFD orders a mark against ones of class 8 and 9. */
function isVirama(char: string): boolean {
  if (char.normalize('NFD') !== char || !/\p{M}/u.test(char)) return false;
  const before = (other: string) => (char + other).normalize('NFD') === other + char;
  return before(char === '\u3099' ? '\u309a' : '\u3099') && !before(char === '\u094d' ? '\u09cd' : '\u094d');
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const oneCluster = (text: string) => [...graphemes.segment(text)].length === 1;

/** The Hangul Jamo blocks: Unicode gives Hangul_Syllable_Type L, V and T to no code point outside them. */
const JAMO_BLOCKS = /[\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]/u;

/** Hangul_Syllable_Type L, V or T, read from which jamo Unicode's grapheme rules join it to. */
function hangulKind(char: string): 'leading' | 'vowel' | 'trailing' | null {
  // Marks join anything before them, prepended characters anything after.
  if (!JAMO_BLOCKS.test(char) || oneCluster(`a${char}`) || oneCluster(`${char}a`)) return null;
  if (oneCluster(`${char}\u1100`)) return 'leading';
  if (oneCluster(`\u1161${char}`) && oneCluster(`${char}\u1161`)) return 'vowel';
  if (oneCluster(`\u11a8${char}`) && !oneCluster(`${char}\u1161`)) return 'trailing';
  return null;
}

describe('the migration and src/lib/text-classes.ts agree on every code point', () => {
  it.each(Object.entries(classes))('%s', (name, { sql: inSql, mirror, expected }) => {
    const differ = disagreements((char) => inSql.test(char), mirror);
    expect(
      differ,
      differ.length ? `the ${name} class differs; the migration's would be:\n${expected()}` : undefined,
    ).toEqual([]);
  });

  it.each([
    ['joiners', (char: string) => JOINER.test(char), isVirama],
    ['leading_jamo', (char: string) => JAMO.leading.test(char), (char: string) => hangulKind(char) === 'leading'],
    ['vowel_jamo', (char: string) => JAMO.vowel.test(char), (char: string) => hangulKind(char) === 'vowel'],
    ['trailing_jamo', (char: string) => JAMO.trailing.test(char), (char: string) => hangulKind(char) === 'trailing'],
  ])('the mirror of %s, written as a list, is what Unicode says', (name, mirror, unicode) => {
    const differ = disagreements(mirror, unicode);
    expect(differ, differ.length ? `${name} would be:\n${asSql(unicode)}` : undefined).toEqual([]);
  });

  it('the runs refused are one longer than LIMITS.combiningMarks, in the migration as in the mirror', () => {
    const { sql } = migrations.find(({ sql }) => sql.includes('\n  marks constant text :='))!;
    const limit = LIMITS.combiningMarks;
    expect(sql).toContain(`marks || '{${limit + 1}}'`);
    expect(sql).toContain(`marks || '*' || joined || '){${limit}}'`);
    expect(sql).toContain(
      `leading_jamo || '{${limit + 1}}|' || vowel_jamo || '{${limit + 1}}|' || trailing_jamo || '{${limit + 1}}'`,
    );
    expect(STACKED_MARKS.test('a\u0301\u0302\u0303\u0304')).toBe(false);
    expect(STACKED_MARKS.test('a\u0301\u0302\u0303\u0304\u0305')).toBe(true);
    expect(STACKED_CONSONANTS.test(`\u1780${'\u17d2\u1780'.repeat(limit)}`)).toBe(false);
    expect(STACKED_CONSONANTS.test(`\u1780${'\u17d2\u1780'.repeat(limit + 1)}`)).toBe(true);
    expect(LONG_JAMO_RUN.test(`\u1100${'\u1161'.repeat(limit)}`)).toBe(false);
    expect(LONG_JAMO_RUN.test(`\u1100${'\u1161'.repeat(limit + 1)}`)).toBe(true);
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
