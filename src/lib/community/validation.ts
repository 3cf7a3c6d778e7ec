import { ANONYMOUS } from './format';
import { LIMITS, type Field } from './limits';
import {
  CommunityError,
  directionControls,
  messages,
  stackedMarks,
  tooLong,
  tooManyLines,
  tooManyLinks,
  type FailureReason,
  type ToastText,
} from './messages';
import type { IdeaInput, PostInput } from './types';
import { IGNORABLE, LONG_JAMO_RUN, STACKED_CONSONANTS, STACKED_MARKS, VISIBLE } from '../text-classes';

/**
 * Validation before sending, mirroring the database's rules so visitors hear about a
 * problem without a round trip (the database still decides).
 */

/** Characters as Postgres counts them (code points, not UTF-16 units). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/**
 * A line break as the CHECK constraint counts one: wherever a browser may break a line (a CR LF
 * pair is one break).
 */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;

/** Lines as the CHECK constraint counts them: one more than the line breaks. */
export function lineCount(text: string): number {
  return (text.match(LINE_BREAK)?.length ?? 0) + 1;
}

/** Embeddings, overrides and isolates: in a name they only make what follows read backwards. */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;

/**
 * A link as the CHECK constraints see one, once the characters that render as nothing are out
 * (h + zero-width space + ttps:// reads as https://) and after NFKC normalisation (full-width
 * letters become ASCII, the halfwidth ｡ the ideographic full stop 。): http(s)/ftp, also as
 * hxxp(s), with slashes or backslashes (browsers read https:\\host as https://host); www.,
 * or www。 before a host (alone, it is laughter in Japanese); a bare domain under a common
 * top-level domain, its dots . or 。 (t.me/… too); a defanged dot; a leading //host.
 * Each runs to the next space, so one link counts once.
 */
const LINK = new RegExp(
  [
    String.raw`(h[tx]{2}ps?|ftp)\s*:\s*[/\\]\s*[/\\]\S*`,
    String.raw`www(\.|。[a-z0-9])\S*`,
    String.raw`[a-z0-9][a-z0-9-]*([.。][a-z0-9-]+)*[.。](com|net|org|info|biz|io|co|ru|cn|de|uk|xyz|top|site|online|shop|app|dev|ly|gl|cc|tk|link|click|club|live|store|tech|vip|ws|su|tv|gg|me)(?![\p{L}\p{N}_])\S*`,
    String.raw`\S*(\[\.\]|\(\.\))\S*`,
    String.raw`//[^\s/\\.。]+[.。][^\s/\\.。]\S*`,
  ].join('|'),
  'giu',
);

/** The text without the characters that render as nothing (text-classes.ts, IGNORABLE). */
function withoutIgnorable(text: string): string {
  return text.replace(IGNORABLE, '');
}

/** True when nothing in the text would show on the page. */
export function isBlank(text: string): boolean {
  return !VISIBLE.test(text);
}

/** Links as the CHECK constraints count them (see LINK). */
export function linkCount(text: string): number {
  return withoutIgnorable(text).normalize('NFKC').match(LINK)?.length ?? 0;
}

/**
 * True when the text draws over its card: more combining marks in a row, or consonants joined in
 * a row by a virama or coeng, than a letter may carry (LIMITS.combiningMarks, once the characters
 * that render as nothing are out), or more conjoining jamo of one kind in a row than a Hangul
 * syllable block may hold (in the text as it is: a filler widens the block, anything else ends it).
 */
export function hasStackedMarks(text: string): boolean {
  const shown = withoutIgnorable(text);
  return STACKED_MARKS.test(shown) || STACKED_CONSONANTS.test(shown) || LONG_JAMO_RUN.test(text);
}

/**
 * Text as it is sent: trimmed, and without NUL characters, which a paste can carry, nothing
 * shows, and Postgres cannot store (it would refuse the whole row, and the visitor would be told
 * to try again, to no end).
 */
function sendable(text: string): string {
  return text.replaceAll('\0', '').trim();
}

/** Sendable text, or null when nothing in it would show. */
function shown(text: string | null | undefined): string | null {
  const kept = sendable(text ?? '');
  return isBlank(kept) ? null : kept;
}

/** The row to insert for a post: sendable, an empty name sent as null. */
export function normalisePost({ content, authorName }: PostInput) {
  return { content: sendable(content), author_name: shown(authorName) };
}

/** The row to insert for an idea: sendable, proposer defaulting to Anonymous, empty notes null. */
export function normaliseIdea({ issue, mitigation, proposedBy, notes }: IdeaInput) {
  return {
    issue: sendable(issue),
    mitigation: sendable(mitigation),
    proposed_by: shown(proposedBy) ?? ANONYMOUS,
    notes: shown(notes),
  };
}

/** The first field whose text stacks more marks on a letter than the database takes. */
function stackedField(fields: [Field, string | null][]): Field | null {
  return fields.find(([, value]) => value !== null && hasStackedMarks(value))?.[0] ?? null;
}

/** The refusal a post would meet, or null when it may be sent. */
export function validatePost(input: PostInput): CommunityError | null {
  const row = normalisePost(input);
  const refuse = (reason: FailureReason, toast: ToastText) => new CommunityError('submitPost', reason, toast);
  if (isBlank(row.content)) return refuse('blank', messages.emptyPost);
  if (characterCount(row.content) > LIMITS.postContent)
    return refuse('too-long', tooLong('submitPost', 'content', LIMITS.postContent));
  if (lineCount(row.content) > LIMITS.postLines)
    return refuse('too-many-lines', tooManyLines('submitPost', 'content', LIMITS.postLines));
  if (row.author_name && characterCount(row.author_name) > LIMITS.authorName) {
    return refuse('too-long', tooLong('submitPost', 'authorName', LIMITS.authorName));
  }
  if (row.author_name && DIRECTION_CONTROLS.test(row.author_name))
    return refuse('direction-controls', directionControls('submitPost'));
  const stacked = stackedField([
    ['content', row.content],
    ['authorName', row.author_name],
  ]);
  if (stacked) return refuse('stacked-marks', stackedMarks('submitPost', stacked, LIMITS.combiningMarks));
  if (linkCount(row.content) > LIMITS.postLinks)
    return refuse('too-many-links', tooManyLinks('submitPost', LIMITS.postLinks));
  return null;
}

/** The refusal an idea would meet, or null when it may be sent. */
export function validateIdea(input: IdeaInput): CommunityError | null {
  const row = normaliseIdea(input);
  const refuse = (reason: FailureReason, toast: ToastText) => new CommunityError('submitIdea', reason, toast);
  if (isBlank(row.issue) || isBlank(row.mitigation)) return refuse('blank', messages.missingFields);
  const lengths: [Field, string | null, number][] = [
    ['issue', row.issue, LIMITS.ideaIssue],
    ['mitigation', row.mitigation, LIMITS.ideaMitigation],
    ['proposedBy', row.proposed_by, LIMITS.proposedBy],
    ['notes', row.notes, LIMITS.ideaNotes],
  ];
  for (const [field, value, limit] of lengths) {
    if (value && characterCount(value) > limit) return refuse('too-long', tooLong('submitIdea', field, limit));
  }
  if (DIRECTION_CONTROLS.test(row.proposed_by)) return refuse('direction-controls', directionControls('submitIdea'));
  const stacked = stackedField(lengths.map(([field, value]) => [field, value]));
  if (stacked) return refuse('stacked-marks', stackedMarks('submitIdea', stacked, LIMITS.combiningMarks));
  if (linkCount(`${row.issue} ${row.mitigation} ${row.notes ?? ''}`) > LIMITS.ideaLinks) {
    return refuse('too-many-links', tooManyLinks('submitIdea', LIMITS.ideaLinks));
  }
  return null;
}
