/**
 * The database's rules for posts and ideas, mirrored from the CHECK constraints in
 * supabase/migrations so the forms can warn before sending (tests/db checks the two agree).
 */

export type Field = 'content' | 'authorName' | 'issue' | 'mitigation' | 'proposedBy' | 'notes' | 'links';

/** Limits enforced by CHECK constraints in supabase/migrations (tests/db checks they agree). */
export const LIMITS = {
  postContent: 2000,
  authorName: 60,
  postLinks: 2,
  ideaIssue: 300,
  ideaMitigation: 2000,
  proposedBy: 60,
  ideaNotes: 1000,
  ideaLinks: 3,
} as const;

/**
 * The CHECK constraints of supabase/migrations by name, with the rule each enforces.
 * tests/db asserts this list and the database's constraints are the same.
 */
export const CHECK_CONSTRAINTS: Record<
  string,
  { field: Field; rule: 'blank' | 'too-long' | 'too-many-links' | 'direction-controls'; limit?: number }
> = {
  posts_content_not_blank: { field: 'content', rule: 'blank' },
  posts_content_length: { field: 'content', rule: 'too-long', limit: LIMITS.postContent },
  posts_content_links: { field: 'links', rule: 'too-many-links', limit: LIMITS.postLinks },
  posts_author_name_not_blank: { field: 'authorName', rule: 'blank' },
  posts_author_name_length: { field: 'authorName', rule: 'too-long', limit: LIMITS.authorName },
  posts_author_name_no_bidi: { field: 'authorName', rule: 'direction-controls' },
  mota_ideas_issue_not_blank: { field: 'issue', rule: 'blank' },
  mota_ideas_issue_length: { field: 'issue', rule: 'too-long', limit: LIMITS.ideaIssue },
  mota_ideas_mitigation_not_blank: { field: 'mitigation', rule: 'blank' },
  mota_ideas_mitigation_length: { field: 'mitigation', rule: 'too-long', limit: LIMITS.ideaMitigation },
  mota_ideas_proposed_by_not_blank: { field: 'proposedBy', rule: 'blank' },
  mota_ideas_proposed_by_length: { field: 'proposedBy', rule: 'too-long', limit: LIMITS.proposedBy },
  mota_ideas_proposed_by_no_bidi: { field: 'proposedBy', rule: 'direction-controls' },
  mota_ideas_notes_not_blank: { field: 'notes', rule: 'blank' },
  mota_ideas_notes_length: { field: 'notes', rule: 'too-long', limit: LIMITS.ideaNotes },
  mota_ideas_links: { field: 'links', rule: 'too-many-links', limit: LIMITS.ideaLinks },
};
