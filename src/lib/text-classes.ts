import { LIMITS } from './community-limits';

/**
 * The character classes behind the community's text rules, as the CHECK constraints in
 * supabase/migrations (invisible and stacked text) write them out in ranges of code points.
 * tests/unit/text-classes.test.ts checks the two agree on every code point.
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
