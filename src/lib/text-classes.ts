import { LIMITS } from './community/limits';

/**
 * The character classes behind the community's text rules, as the CHECK constraints in
 * supabase/migrations (invisible and stacked text) write them out in ranges of code points.
 * tests/lib/text-classes.test.ts checks the two agree on every code point.
 */

/**
 * A character that shows: not whitespace, a control, a format character, a private-use or
 * unassigned code point, a combining mark (text of marks alone shows nothing of its own), nor
 * one of the others Unicode draws as nothing (Hangul fillers, variation selectors, …), the
 * blank Braille pattern, the object replacement character or the musical null notehead.
 */
export const VISIBLE =
  /[^\p{White_Space}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{M}\p{Default_Ignorable_Code_Point}\u2800\ufffc\u{1d159}]/u;

/** Format characters and the other default-ignorable code points: they render as nothing. */
export const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** More combining marks in a row than a letter may carry: each is drawn over or under the one before. */
export const STACKED_MARKS = new RegExp(String.raw`\p{M}{${LIMITS.combiningMarks + 1}}`, 'u');

/**
 * A virama or coeng: the characters of canonical combining class 9, which JavaScript has no
 * property escape for. Each joins the consonant after it to the one before: under it (Khmer,
 * Myanmar, Balinese) or into one cluster no line can break (Devanagari, Bengali, Telugu).
 */
export const JOINER =
  /[\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d3b\u0d3c\u0d4d\u0dca\u0e3a\u0eba\u0f84\u1039\u103a\u1714\u1715\u1734\u17d2\u1a60\u1b44\u1baa\u1bab\u1bf2\u1bf3\u2d7f\ua806\ua82c\ua8c4\ua953\ua9c0\uaaf6\uabed\u{10a3f}\u{11046}\u{11070}\u{1107f}\u{110b9}\u{11133}\u{11134}\u{111c0}\u{11235}\u{112ea}\u{1134d}\u{113ce}-\u{113d0}\u{11442}\u{114c2}\u{115bf}\u{1163f}\u{116b6}\u{1172b}\u{11839}\u{1193d}\u{1193e}\u{119e0}\u{11a34}\u{11a47}\u{11a99}\u{11c3f}\u{11d44}\u{11d45}\u{11d97}\u{11f41}\u{11f42}\u{1612f}]/u;

/** A consonant joined to the one before: a joiner, then a character that is neither a space nor a mark. */
const JOINED = String.raw`${JOINER.source}[^\s\p{M}]`;

/** More consonants joined in a row than a letter may carry (marks between them aside). */
export const STACKED_CONSONANTS = new RegExp(String.raw`${JOINED}(?:\p{M}*${JOINED}){${LIMITS.combiningMarks}}`, 'u');

/**
 * Conjoining Hangul jamo by kind (Hangul_Syllable_Type, fillers included): leading consonants,
 * vowels, trailing consonants. Jamo in a row are one syllable block, which no line can break.
 */
export const JAMO = {
  leading: /[\u1100-\u115f\ua960-\ua97c]/u,
  vowel: /[\u1160-\u11a7\ud7b0-\ud7c6]/u,
  trailing: /[\u11a8-\u11ff\ud7cb-\ud7fb]/u,
};

/** More jamo of one kind in a row than a syllable block may hold. */
export const LONG_JAMO_RUN = new RegExp(
  Object.values(JAMO)
    .map((kind) => `${kind.source}{${LIMITS.combiningMarks + 1}}`)
    .join('|'),
  'u',
);
