// A named import of one key keeps the rest of site.json (and the zod schema that validates
// it at build time in site-config.ts) out of the islands' bundles.
import { forum } from '../../content/site.json';
import { supabase, type CommunityClient } from './supabase';

/**
 * The community pages' data layer: the Carob Forum's posts and the
 * M.O.T.A. Registry's ideas. The only module that knows the tables and their columns; it
 * reads named columns, pages in the database, and turns every failure into the toast the
 * page promises, or, when the database refused the row, a message saying why.
 */

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

export const POSTS_PER_PAGE: number = forum.postsPerPage;
export const IDEAS_PER_PAGE = 50;
/** Rows per request when collecting every match for the CSV export (under the API's 1,000 cap). */
export const EXPORT_BATCH_SIZE = 500;
export const DEFAULT_PROPOSER = 'Anonymous';

export interface Post {
  id: number;
  content: string;
  /** null: shown as Anonymous. */
  authorName: string | null;
  /** ISO 8601. */
  createdAt: string;
}

export interface Idea {
  id: number;
  issue: string;
  mitigation: string;
  proposedBy: string;
  notes: string | null;
  createdAt: string;
}

export interface Page<T> {
  rows: T[];
  /** Rows matching, over all pages. */
  total: number;
  /** 1-based. */
  page: number;
  /** At least 1, even when there are no rows. */
  pageCount: number;
  pageSize: number;
}

export interface ToastText {
  title: string;
  description?: string;
}

/** The community pages' toasts, word for word as visitors see them. */
export const messages = {
  fetchPostsFailed: { title: 'Error fetching posts', description: 'Could not retrieve the dialogue. Please try again later.' },
  submitPostFailed: { title: 'Error submitting post', description: 'Your message could not be posted. Please try again.' },
  postSubmitted: { title: 'Post Submitted', description: 'Your thoughts have joined the dialogue.' },
  emptyPost: { title: 'Empty Post', description: 'Please write something before posting.' },
  fetchIdeasFailed: { title: 'Error fetching ideas', description: 'Could not retrieve the registry. Please try again later.' },
  submitIdeaFailed: { title: 'Submission Failed', description: 'Could not add your idea to the registry. Please try again.' },
  ideaSubmitted: { title: 'Idea Submitted!', description: 'Your spark has been added to the bonfire.' },
  missingFields: { title: 'Missing Fields', description: 'Please provide at least an Issue and a Solution.' },
  noDataToExport: { title: 'No data to export' },
  exported: { title: 'Data exported to CSV!' },
} satisfies Record<string, ToastText>;

export type Situation = 'fetchPosts' | 'submitPost' | 'fetchIdeas' | 'submitIdea';
export type FailureReason = 'blank' | 'too-long' | 'too-many-links' | 'direction-controls' | 'rate-limited' | 'unavailable';
type Field = 'content' | 'authorName' | 'issue' | 'mitigation' | 'proposedBy' | 'notes' | 'links';

/** What went wrong, already worded for the visitor. */
export class CommunityError extends Error {
  readonly title: string;
  readonly description: string | undefined;

  constructor(
    readonly situation: Situation,
    readonly reason: FailureReason,
    toast: ToastText,
    options?: { cause?: unknown },
  ) {
    super(toast.description ? `${toast.title}: ${toast.description}` : toast.title, options);
    this.name = 'CommunityError';
    this.title = toast.title;
    this.description = toast.description;
  }
}

const FAILED: Record<Situation, ToastText> = {
  fetchPosts: messages.fetchPostsFailed,
  submitPost: messages.submitPostFailed,
  fetchIdeas: messages.fetchIdeasFailed,
  submitIdea: messages.submitIdeaFailed,
};

const FIELD_LABELS: Record<Field, string> = {
  content: 'message',
  authorName: 'name',
  issue: 'issue',
  mitigation: 'mitigation',
  proposedBy: 'name',
  notes: 'note',
  links: 'links',
};

/**
 * The CHECK constraints of supabase/migrations by name, with the rule each enforces.
 * tests/db asserts this list and the database's constraints are the same.
 */
export const CHECK_CONSTRAINTS: Record<string, { field: Field; rule: 'blank' | 'too-long' | 'too-many-links' | 'direction-controls'; limit?: number }> = {
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

function submitTitle(situation: Situation): string {
  return FAILED[situation].title;
}

function tooLong(situation: Situation, field: Field, limit: number): ToastText {
  return {
    title: submitTitle(situation),
    description: `Your ${FIELD_LABELS[field]} runs past ${limit.toLocaleString('en')} characters. Even Aion would ask for fewer words: please shorten it and try again.`,
  };
}

function tooManyLinks(situation: Situation, limit: number): ToastText {
  return {
    title: submitTitle(situation),
    description: `Too many paths lead away from here. Please keep to ${limit} link${limit === 1 ? '' : 's'} or fewer.`,
  };
}

function directionControls(situation: Situation): ToastText {
  return {
    title: submitTitle(situation),
    description: 'Your name carries hidden characters that turn the letters after them around. Please type it plainly and try again.',
  };
}

function rateLimited(situation: Situation): ToastText {
  const what = situation === 'submitIdea' ? 'sparks to the bonfire' : 'words to the grove';
  return {
    title: submitTitle(situation),
    description: `You have added many ${what} in the last few minutes. Sit a while in the shade and try again shortly.`,
  };
}

function blank(situation: Situation): ToastText {
  return situation === 'submitIdea' ? messages.missingFields : messages.emptyPost;
}

interface ErrorLike {
  code?: string;
  message?: string;
}

/**
 * The toast for a failed call: the standard message, or the database's refusal explained.
 * Accepts a CommunityError, a supabase-js error ({ code, message, details, hint }) or anything.
 */
export function describeFailure(situation: Situation, error: unknown, status?: number): CommunityError {
  if (error instanceof CommunityError) return error;
  const { code, message = '' } = (error ?? {}) as ErrorLike;
  const failed = (reason: FailureReason, toast: ToastText) => new CommunityError(situation, reason, toast, { cause: error });
  const reading = situation === 'fetchPosts' || situation === 'fetchIdeas';
  if (!reading) {
    if (code === 'PT429' || status === 429) return failed('rate-limited', rateLimited(situation));
    if (code === '23514') {
      const name = /check constraint "([^"]+)"/.exec(message)?.[1];
      const check = name ? CHECK_CONSTRAINTS[name] : undefined;
      if (check?.rule === 'too-long') return failed('too-long', tooLong(situation, check.field, check.limit ?? 0));
      if (check?.rule === 'too-many-links') return failed('too-many-links', tooManyLinks(situation, check.limit ?? 0));
      if (check?.rule === 'blank') return failed('blank', blank(situation));
      if (check?.rule === 'direction-controls') return failed('direction-controls', directionControls(situation));
    }
    if (code === '23502') return failed('blank', blank(situation));
  }
  return failed('unavailable', FAILED[situation]);
}

// ---------------------------------------------------------------------------------------
// Validation before sending, mirroring the database's rules so visitors hear about a
// problem without a round trip (the database still decides).

/** Characters as Postgres counts them (code points, not UTF-16 units). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * A character that shows: neither whitespace nor one of the characters that render as
 * nothing (zero-width spaces and joiners, Hangul fillers, the blank Braille pattern,
 * direction controls, variation selectors, tag characters …). The same class as the
 * not-blank CHECK constraints.
 */
const VISIBLE =
  /[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\u{1d173}-\u{1d17a}\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u;

/** Embeddings, overrides and isolates: in a name they only make what follows read backwards. */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;

/**
 * A link as the CHECK constraints see one, after NFKC normalisation (full-width letters
 * become ASCII): http(s)/ftp, also as hxxp(s); www.; a bare domain under a common
 * top-level domain; a defanged dot. Each runs to the next space, so one link counts once.
 */
const LINK = new RegExp(
  [
    String.raw`(h[tx]{2}ps?|ftp)\s*:\s*/\s*/\S*`,
    String.raw`www\.\S*`,
    String.raw`[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)*\.(com|net|org|info|biz|io|co|ru|cn|de|uk|xyz|top|site|online|shop|app|dev|ly|gl|cc|tk|link|click|club|live|store|tech|vip|ws|su|tv|gg)(?![\p{L}\p{N}_])\S*`,
    String.raw`\S*(\[\.\]|\(\.\))\S*`,
  ].join('|'),
  'giu',
);

/** True when nothing in the text would show on the page. */
export function isBlank(text: string): boolean {
  return !VISIBLE.test(text);
}

/** Links as the CHECK constraints count them (see LINK). */
export function linkCount(text: string): number {
  return text.normalize('NFKC').match(LINK)?.length ?? 0;
}

/** Trimmed text, or null when nothing in it would show. */
function shown(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return isBlank(trimmed) ? null : trimmed;
}

export interface PostInput {
  content: string;
  authorName?: string | null;
}

export interface IdeaInput {
  issue: string;
  mitigation: string;
  proposedBy?: string | null;
  notes?: string | null;
}

/** The row to insert for a post: trimmed, an empty name sent as null. */
export function normalisePost({ content, authorName }: PostInput) {
  return { content: content.trim(), author_name: shown(authorName) };
}

/** The row to insert for an idea: trimmed, proposer defaulting to Anonymous, empty notes null. */
export function normaliseIdea({ issue, mitigation, proposedBy, notes }: IdeaInput) {
  return {
    issue: issue.trim(),
    mitigation: mitigation.trim(),
    proposed_by: shown(proposedBy) ?? DEFAULT_PROPOSER,
    notes: shown(notes),
  };
}

/** The refusal a post would meet, or null when it may be sent. */
export function validatePost(input: PostInput): CommunityError | null {
  const row = normalisePost(input);
  const refuse = (reason: FailureReason, toast: ToastText) => new CommunityError('submitPost', reason, toast);
  if (isBlank(row.content)) return refuse('blank', messages.emptyPost);
  if (characterCount(row.content) > LIMITS.postContent) return refuse('too-long', tooLong('submitPost', 'content', LIMITS.postContent));
  if (row.author_name && characterCount(row.author_name) > LIMITS.authorName) {
    return refuse('too-long', tooLong('submitPost', 'authorName', LIMITS.authorName));
  }
  if (row.author_name && DIRECTION_CONTROLS.test(row.author_name)) return refuse('direction-controls', directionControls('submitPost'));
  if (linkCount(row.content) > LIMITS.postLinks) return refuse('too-many-links', tooManyLinks('submitPost', LIMITS.postLinks));
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
  if (linkCount(`${row.issue} ${row.mitigation} ${row.notes ?? ''}`) > LIMITS.ideaLinks) {
    return refuse('too-many-links', tooManyLinks('submitIdea', LIMITS.ideaLinks));
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// Filtering and paging (pure).

/**
 * Characters of a registry search that are sent; the rest is dropped. Escaped for LIKE, the
 * longest search stays within the backend's limit on one filter value (100 characters).
 */
export const SEARCH_MAX_LENGTH = 40;

/**
 * The PostgREST `or` filter for the registry's search box: a case-insensitive substring of
 * issue, mitigation or proposer. The text is escaped twice: for LIKE (\ % _ are literal) and
 * as a double-quoted PostgREST value, so commas, parentheses and quotes cannot change the
 * filter. PostgREST turns every * into %, with no escape, so a typed * matches any one
 * character (which includes a *). Returns null for an empty filter.
 */
export function ideaFilter(text: string): string | null {
  const needle = [...text.trim()].slice(0, SEARCH_MAX_LENGTH).join('');
  if (needle === '') return null;
  const like = needle.replace(/[\\%_]/g, '\\$&').replaceAll('*', '_');
  const value = `"*${like.replace(/["\\]/g, '\\$&')}*"`;
  return IDEA_SEARCH_COLUMNS.map((column) => `${column}.ilike.${value}`).join(',');
}

const IDEA_SEARCH_COLUMNS = ['issue', 'mitigation', 'proposed_by'] as const;

/** 1-based page number made safe, and the rows it covers. */
export function pageRange(page: number, pageSize: number): { page: number; from: number; to: number } {
  const size = Math.max(1, Math.floor(pageSize));
  const safe = Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1;
  const from = (safe - 1) * size;
  return { page: safe, from, to: from + size - 1 };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

// ---------------------------------------------------------------------------------------
// The calls.

const POST_COLUMNS = 'id, content, author_name, created_at';
const IDEA_COLUMNS = 'id, issue, mitigation, proposed_by, notes, created_at';

interface PostRow {
  id: number;
  content: string;
  author_name: string | null;
  created_at: string;
}

interface IdeaRow {
  id: number;
  issue: string;
  mitigation: string;
  proposed_by: string;
  notes: string | null;
  created_at: string;
}

function toPost(row: PostRow): Post {
  return { id: row.id, content: row.content, authorName: row.author_name, createdAt: row.created_at };
}

function toIdea(row: IdeaRow): Idea {
  return {
    id: row.id,
    issue: row.issue,
    mitigation: row.mitigation,
    proposedBy: row.proposed_by,
    notes: row.notes,
    createdAt: row.created_at,
  };
}

interface Result<T> {
  data: T | null;
  error: { code?: string; message?: string } | null;
  count?: number | null;
  status: number;
}

function unwrap<T>(situation: Situation, result: Result<T>): { data: T; count: number | null } {
  if (result.error || result.data === null) throw describeFailure(situation, result.error, result.status);
  return { data: result.data, count: result.count ?? null };
}

/** PostgREST answers an offset past the last row with 416 (PGRST103). */
function isPastTheEnd(result: Result<unknown>): boolean {
  return result.error?.code === 'PGRST103' || result.status === 416;
}

export interface Community {
  /** A page of the forum: page 1 holds the newest posts; within a page, oldest first. */
  listPosts(options?: { page?: number; pageSize?: number }): Promise<Page<Post>>;
  /** Validates, trims and inserts a post; throws CommunityError. */
  addPost(input: PostInput): Promise<void>;
  /** A page of the registry, newest first, optionally filtered. */
  listIdeas(options?: { filter?: string; page?: number; pageSize?: number }): Promise<Page<Idea>>;
  /** Validates, trims and inserts an idea; throws CommunityError. */
  addIdea(input: IdeaInput): Promise<void>;
  /** One idea at random, or null when the registry is empty. */
  randomIdea(): Promise<Idea | null>;
  /** Every idea matching the filter, newest first, one batch at a time, for the CSV export. */
  matchingIdeaBatches(filter?: string): AsyncGenerator<Idea[]>;
  /** Every idea matching the filter, newest first. */
  allMatchingIdeas(filter?: string): Promise<Idea[]>;
}

/**
 * The community calls against a given client (tests pass one for the embedded backend or a
 * real project); the page code uses the exported functions below, bound to the site's client.
 */
export function createCommunity(client: CommunityClient, random: () => number = Math.random): Community {
  const posts = () => client.from('posts');
  const ideas = () => client.from('mota_ideas');
  // Reads go through the visible-registry view, whose search can use the trigram index
  // (supabase/migrations: registry search index); new ideas go into the table.
  const visibleIdeas = () => client.from('mota_ideas_search');

  async function listPosts({ page = 1, pageSize = POSTS_PER_PAGE } = {}): Promise<Page<Post>> {
    const range = pageRange(page, pageSize);
    const size = range.to - range.from + 1;
    // The page and the total side by side: the total comes from the kept count, not from
    // counting the table (supabase/migrations: community totals).
    const [result, total] = await Promise.all([
      posts()
        .select(POST_COLUMNS)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(range.from, range.to) as PromiseLike<Result<PostRow[]>>,
      visibleTotal('fetchPosts', 'posts'),
    ]);
    // Asked for a page beyond the last (posts were hidden, or a stale link): show the last.
    const last = pageCount(total, size);
    if (range.page > last && last >= 1) return listPosts({ page: last, pageSize: size });
    const { data } = unwrap('fetchPosts', result);
    return { rows: data.map(toPost).reverse(), total, page: range.page, pageCount: pageCount(total, size), pageSize: size };
  }

  async function addPost(input: PostInput): Promise<void> {
    const refusal = validatePost(input);
    if (refusal) throw refusal;
    const result = (await posts().insert(normalisePost(input))) as Result<null>;
    if (result.error) throw describeFailure('submitPost', result.error, result.status);
  }

  function ideaQuery(filter: string, options: { count: boolean }) {
    let query = visibleIdeas().select(IDEA_COLUMNS, options.count ? { count: 'exact' } : undefined);
    const condition = ideaFilter(filter);
    if (condition) query = query.or(condition);
    return query.order('created_at', { ascending: false }).order('id', { ascending: false });
  }

  async function listIdeas({ filter = '', page = 1, pageSize = IDEAS_PER_PAGE } = {}): Promise<Page<Idea>> {
    const range = pageRange(page, pageSize);
    const size = range.to - range.from + 1;
    // A search counts its matches (through the trigram index); the whole registry's total is
    // the kept count.
    const searching = ideaFilter(filter) !== null;
    const [result, kept] = await Promise.all([
      ideaQuery(filter, { count: searching }).range(range.from, range.to) as PromiseLike<Result<IdeaRow[]>>,
      searching ? null : visibleTotal('fetchIdeas', 'mota_ideas'),
    ]);
    const pastTheEnd = kept === null ? isPastTheEnd(result) : range.page > pageCount(kept, size);
    if (pastTheEnd && range.page > 1) {
      // A narrower filter left fewer pages than the one shown: start again from the first.
      return listIdeas({ filter, page: 1, pageSize: size });
    }
    const { data, count } = unwrap('fetchIdeas', result);
    const total = kept ?? count ?? data.length;
    return { rows: data.map(toIdea), total, page: range.page, pageCount: pageCount(total, size), pageSize: size };
  }

  async function addIdea(input: IdeaInput): Promise<void> {
    const refusal = validateIdea(input);
    if (refusal) throw refusal;
    const result = (await ideas().insert(normaliseIdea(input))) as Result<null>;
    if (result.error) throw describeFailure('submitIdea', result.error, result.status);
  }

  async function randomIdea(): Promise<Idea | null> {
    // Two small requests instead of downloading the registry: how many, then the one.
    const total = await visibleTotal('fetchIdeas', 'mota_ideas');
    if (total === 0) return null;
    const offset = Math.min(total - 1, Math.floor(random() * total));
    const result = (await ideaQuery('', { count: false }).range(offset, offset)) as Result<IdeaRow[]>;
    if (isPastTheEnd(result)) return null;
    const { data } = unwrap('fetchIdeas', result);
    return data[0] ? toIdea(data[0]) : null;
  }

  async function* matchingIdeaBatches(filter = ''): AsyncGenerator<Idea[]> {
    // Each batch continues after the last row of the one before (newest first), rather than
    // at an offset the database would have to count through again: every batch costs the
    // same, however deep into 100,000 rows the export is. The plain bound on created_at is
    // what the index can use; the `or` breaks ties between rows of the same instant.
    let last: IdeaRow | undefined;
    for (;;) {
      let query = ideaQuery(filter, { count: false });
      if (last) {
        const at = `"${last.created_at}"`;
        query = query.lte('created_at', last.created_at).or(`created_at.lt.${at},and(created_at.eq.${at},id.lt.${last.id})`);
      }
      const result = (await query.limit(EXPORT_BATCH_SIZE)) as Result<IdeaRow[]>;
      const { data } = unwrap('fetchIdeas', result);
      if (data.length > 0) yield data.map(toIdea);
      if (data.length < EXPORT_BATCH_SIZE) return;
      last = data[data.length - 1];
    }
  }

  async function allMatchingIdeas(filter = ''): Promise<Idea[]> {
    const all: Idea[] = [];
    for await (const batch of matchingIdeaBatches(filter)) all.push(...batch);
    return all;
  }

  async function visibleTotal(situation: Situation, table: 'posts' | 'mota_ideas'): Promise<number> {
    const result = (await client.from('community_totals').select(table).single()) as Result<Record<string, number>>;
    const { data } = unwrap(situation, result);
    return Number(data[table] ?? 0);
  }

  return { listPosts, addPost, listIdeas, addIdea, randomIdea, matchingIdeaBatches, allMatchingIdeas };
}

let shared: Community | undefined;
function community(): Community {
  shared ??= createCommunity(supabase());
  return shared;
}

export const listPosts: Community['listPosts'] = (options) => community().listPosts(options);
export const addPost: Community['addPost'] = (input) => community().addPost(input);
export const listIdeas: Community['listIdeas'] = (options) => community().listIdeas(options);
export const addIdea: Community['addIdea'] = (input) => community().addIdea(input);
export const randomIdea: Community['randomIdea'] = () => community().randomIdea();
export const allMatchingIdeas: Community['allMatchingIdeas'] = (filter) => community().allMatchingIdeas(filter);
export const matchingIdeaBatches: Community['matchingIdeaBatches'] = (filter) => community().matchingIdeaBatches(filter);
