/**
 * The database's rules for posts and ideas, mirrored from the CHECK constraints in
 * supabase/migrations so the forms can warn before sending (tests/db checks the two agree).
 */

export type Field = 'content' | 'authorName' | 'issue' | 'mitigation' | 'proposedBy' | 'notes' | 'links';

/** Limits enforced by CHECK constraints in supabase/migrations (tests/db checks they agree). */
export const LIMITS = {
  postContent: 2000,
  /** Lines in a post: the forum keeps its line breaks. */
  postLines: 40,
  authorName: 60,
  postLinks: 2,
  ideaIssue: 300,
  ideaMitigation: 2000,
  proposedBy: 60,
  ideaNotes: 1000,
  ideaLinks: 3,
  /**
   * Combining marks in a row (on one letter), and consonants joined in a row by a virama or coeng,
   * once the characters that render as nothing are out; and conjoining Hangul jamo of one kind in
   * a row (one syllable block).
   */
  combiningMarks: 4,
} as const;

/** What one constraint checks: the field it guards, the rule, and the limit where there is one. */
type Check = {
  field: Field;
  rule: 'blank' | 'too-long' | 'too-many-lines' | 'too-many-links' | 'direction-controls' | 'stacked-marks';
  limit?: number;
};
const notBlank = (field: Field): Check => ({ field, rule: 'blank' });
const maxLength = (field: Field, limit: number): Check => ({ field, rule: 'too-long', limit });
const maxLines = (field: Field, limit: number): Check => ({ field, rule: 'too-many-lines', limit });
const maxLinks = (limit: number): Check => ({ field: 'links', rule: 'too-many-links', limit });
const noDirectionControls = (field: Field): Check => ({ field, rule: 'direction-controls' });
const maxMarks = (field: Field): Check => ({ field, rule: 'stacked-marks', limit: LIMITS.combiningMarks });

/**
 * The CHECK constraints of supabase/migrations by name, with the rule each enforces.
 * tests/db asserts this list and the database's constraints are the same.
 */
export const CHECK_CONSTRAINTS: Record<string, Check> = {
  posts_content_not_blank: notBlank('content'),
  posts_content_length: maxLength('content', LIMITS.postContent),
  posts_content_lines: maxLines('content', LIMITS.postLines),
  posts_content_marks: maxMarks('content'),
  posts_content_links: maxLinks(LIMITS.postLinks),
  posts_author_name_not_blank: notBlank('authorName'),
  posts_author_name_length: maxLength('authorName', LIMITS.authorName),
  posts_author_name_marks: maxMarks('authorName'),
  posts_author_name_no_bidi: noDirectionControls('authorName'),
  mota_ideas_issue_not_blank: notBlank('issue'),
  mota_ideas_issue_length: maxLength('issue', LIMITS.ideaIssue),
  mota_ideas_issue_marks: maxMarks('issue'),
  mota_ideas_mitigation_not_blank: notBlank('mitigation'),
  mota_ideas_mitigation_length: maxLength('mitigation', LIMITS.ideaMitigation),
  mota_ideas_mitigation_marks: maxMarks('mitigation'),
  mota_ideas_proposed_by_not_blank: notBlank('proposedBy'),
  mota_ideas_proposed_by_length: maxLength('proposedBy', LIMITS.proposedBy),
  mota_ideas_proposed_by_marks: maxMarks('proposedBy'),
  mota_ideas_proposed_by_no_bidi: noDirectionControls('proposedBy'),
  mota_ideas_notes_not_blank: notBlank('notes'),
  mota_ideas_notes_length: maxLength('notes', LIMITS.ideaNotes),
  mota_ideas_notes_marks: maxMarks('notes'),
  mota_ideas_links: maxLinks(LIMITS.ideaLinks),
};
