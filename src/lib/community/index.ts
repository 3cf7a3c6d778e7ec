// A named import of one key keeps the rest of site.json (and the zod schema that validates
// it at build time in site-config.ts) out of the islands' bundles.
import { forum } from '../../../content/site.json';
import { describeFailure, type Situation } from './messages';
import {
  cursorOf,
  keysetConditions,
  keysetRows,
  keysetStep,
  pageCount,
  pageRange,
  type KeysetStep,
  type PageCursor,
} from './paging';
import { ideaSearch, type IdeaSearch } from './search';
import type { Idea, IdeaInput, Page, Post, PostInput } from './types';
import { normaliseIdea, normalisePost, validateIdea, validatePost } from './validation';
import type { CommunityClient } from '../supabase-target';

/**
 * The community pages' calls: the Carob Forum's posts and the M.O.T.A. Registry's ideas.
 * The only module that knows the tables and their columns; it reads named columns, pages in
 * the database, and turns every failure into the toast the page promises, or, when the
 * database refused the row, a message saying why (messages.ts).
 */

export const POSTS_PER_PAGE: number = forum.postsPerPage;
/**
 * A page of the registry: every step to another page, and every filter, draws each idea on it as
 * a card, and on a slow phone fifty of them held the press's answer for most of a second.
 */
export const IDEAS_PER_PAGE = 20;
/** The newest rows looked through for an insert sent again after it had no answer. */
const ROWS_LOOKED_THROUGH = 20;
/** Rows per request when collecting every match for the CSV export (under the API's 1,000 cap). */
export const EXPORT_BATCH_SIZE = 500;

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

/** The builder calls a keyset step makes, whatever the table. */
interface KeysetQuery<Q> {
  lte(column: 'created_at', value: string): Q;
  gte(column: 'created_at', value: string): Q;
  or(filters: string): Q;
  order(column: 'created_at' | 'id', options: { ascending: boolean }): Q;
  limit(count: number): Q;
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
  /**
   * A page of the forum: page 1 holds the newest posts; within a page, oldest first. `from`, the
   * cursor of the page shown, lets the next or previous page continue from its edge row.
   */
  listPosts(options?: { page?: number; pageSize?: number; from?: PageCursor | null }): Promise<Page<Post>>;
  /** Validates, trims and inserts a post, answering with it as stored; throws CommunityError. */
  addPost(input: PostInput): Promise<Post>;
  /** A page of the registry, newest first, optionally filtered; `from` as for listPosts. */
  listIdeas(options?: {
    filter?: string;
    page?: number;
    pageSize?: number;
    from?: PageCursor | null;
  }): Promise<Page<Idea>>;
  /** Validates, trims and inserts an idea, answering with it as stored; throws CommunityError. */
  addIdea(input: IdeaInput): Promise<Idea>;
  /**
   * One idea at random, or null when the registry is empty. `knownTotal`, the registry's total
   * as a page read it, saves asking for the total first.
   */
  randomIdea(knownTotal?: number | null): Promise<Idea | null>;
  /** Every idea matching the filter, newest first, one batch at a time, for the CSV export. */
  matchingIdeaBatches(filter?: string): AsyncGenerator<Idea[]>;
  /** Every idea matching the filter, newest first. */
  allMatchingIdeas(filter?: string): Promise<Idea[]>;
}

/**
 * The community calls against a given client (tests pass one for the embedded backend or a
 * real project); the islands use the same calls bound to the site's client (calls.ts).
 */
export function createCommunity(client: CommunityClient, random: () => number = Math.random): Community {
  const posts = () => client.from('posts');
  // Reads go through the visible-registry views, new ideas into the table. A search reads the
  // view whose index serves it (ideaSearch): mota_ideas_matches, whose order no index provides,
  // so it always starts from the trigram index, or mota_ideas_short_matches for text too short
  // for trigrams (supabase/migrations: registry search index, search order, short search).
  const visibleIdeas = () => client.from('mota_ideas_search');

  /** The ideas a search matches, with `columns` and the count asked for. */
  function matchingIdeas(search: IdeaSearch, columns: string, count?: { count: 'exact'; head?: boolean }) {
    let query = client.from(search.view).select(columns, count);
    if (search.pairs !== null) query = query.filter('pairs', 'cs', search.pairs);
    return search.or === null ? query : query.or(search.or);
  }

  /**
   * The conditions and order of a keyset step on a query, and its limit: the edge row and the
   * rows of the new page. The ties' `or` goes in its own or= parameter beside the registry
   * search's, and PostgREST joins the two with and.
   */
  function continuing<Q extends KeysetQuery<Q>>(query: Q, step: KeysetStep): Q {
    const keyset = keysetConditions(step);
    return query[keyset.bound]('created_at', keyset.createdAt)
      .or(keyset.or)
      .order('created_at', { ascending: keyset.ascending })
      .order('id', { ascending: keyset.ascending })
      .limit(step.rows + 1);
  }

  function postPage(newestFirst: PostRow[], total: number, page: number, size: number): Page<Post> {
    const rows = newestFirst.map(toPost);
    return {
      rows: rows.toReversed(),
      total,
      page,
      pageCount: pageCount(total, size),
      pageSize: size,
      cursor: cursorOf(rows, { page, pageSize: size, total }),
    };
  }

  async function listPosts({ page = 1, pageSize = POSTS_PER_PAGE, from = null as PageCursor | null } = {}): Promise<
    Page<Post>
  > {
    const range = pageRange(page, pageSize);
    const size = range.to - range.from + 1;
    const step = keysetStep(from, range.page, size);
    if (step && from) {
      const [result, total] = await Promise.all([
        continuing(posts().select(POST_COLUMNS), step) as PromiseLike<Result<PostRow[]>>,
        visibleTotal('fetchPosts', 'posts'),
      ]);
      const rows = keysetRows(step, unwrap('fetchPosts', result).data);
      if (rows) return postPage(rows, total, range.page, size);
      // The edge row is gone or the page came up short: the offset says where the page is now.
    }
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
    return postPage(data, total, range.page, size);
  }

  /**
   * The last row sent with no answer at all (the request timed out, the connection was lost):
   * it may have been stored all the same, the answer lost on its way back. Sent again unchanged,
   * it is looked for among the newest rows first and, found there, is the answer: the reader's
   * "try again" does not store it twice. Any answer from the server (stored, or refused, which
   * stores nothing) forgets it.
   */
  let unanswered: string | null = null;

  /**
   * Inserts `row` into `table` and answers with it as stored, or, when the same row was last
   * sent with no answer, with the newest stored row holding every value it sent, if any.
   */
  async function insertOnce<Row extends object>(
    situation: 'submitPost' | 'submitIdea',
    table: 'posts' | 'mota_ideas',
    row: Record<string, string | null>,
    columns: string,
  ): Promise<Row> {
    const key = JSON.stringify([table, row]);
    if (unanswered === key) {
      // The newest few: an insert given up on after seconds is among them unless a crowd posted since.
      const newest = table === 'posts' ? posts() : visibleIdeas();
      const read = (await newest
        .select(columns)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(ROWS_LOOKED_THROUGH)) as Result<Row[]>;
      if (read.status === 0) throw describeFailure(situation, read.error, read.status);
      const sent = Object.entries(row);
      const stored = read.data?.find((candidate) =>
        sent.every(([column, value]) => (candidate as Record<string, unknown>)[column] === value),
      );
      if (stored) {
        unanswered = null;
        return stored;
      }
    }
    const result = (await client.from(table).insert(row).select(columns)) as Result<Row[]>;
    unanswered = result.status === 0 ? key : null;
    const stored = result.data?.[0];
    if (result.error || !stored) throw describeFailure(situation, result.error, result.status);
    return stored;
  }

  async function addPost(input: PostInput): Promise<Post> {
    const refusal = validatePost(input);
    if (refusal) throw refusal;
    return toPost(await insertOnce<PostRow>('submitPost', 'posts', normalisePost(input), POST_COLUMNS));
  }

  function ideaRows(filter: string, options: { count: boolean }) {
    const search = ideaSearch(filter);
    const count = options.count ? ({ count: 'exact' } as const) : undefined;
    return search ? matchingIdeas(search, IDEA_COLUMNS, count) : visibleIdeas().select(IDEA_COLUMNS, count);
  }

  function ideaQuery(filter: string, options: { count: boolean }) {
    return ideaRows(filter, options).order('created_at', { ascending: false }).order('id', { ascending: false });
  }

  function ideaPage(rows: IdeaRow[], total: number, page: number, size: number): Page<Idea> {
    const ideas = rows.map(toIdea);
    return {
      rows: ideas,
      total,
      page,
      pageCount: pageCount(total, size),
      pageSize: size,
      cursor: cursorOf(ideas, { page, pageSize: size, total }),
    };
  }

  /** How many ideas the filter matches: the kept count for the whole registry, else counted. */
  async function matchingTotal(filter: string): Promise<number> {
    const search = ideaSearch(filter);
    if (search === null) return visibleTotal('fetchIdeas', 'mota_ideas');
    const result = (await matchingIdeas(search, 'id', { count: 'exact', head: true })) as Result<null>;
    if (result.error) throw describeFailure('fetchIdeas', result.error, result.status);
    return result.count ?? 0;
  }

  async function listIdeas({
    filter = '',
    page = 1,
    pageSize = IDEAS_PER_PAGE,
    from = null as PageCursor | null,
  } = {}): Promise<Page<Idea>> {
    const range = pageRange(page, pageSize);
    const size = range.to - range.from + 1;
    const step = keysetStep(from, range.page, size);
    if (step && from) {
      const [result, total] = await Promise.all([
        continuing(ideaRows(filter, { count: false }), step) as PromiseLike<Result<IdeaRow[]>>,
        matchingTotal(filter),
      ]);
      const rows = keysetRows(step, unwrap('fetchIdeas', result).data);
      if (rows) return ideaPage(rows, total, range.page, size);
      // The edge row is gone or the page came up short: the offset says where the page is now.
    }
    // A search counts its matches (through its index); the whole registry's total is the kept
    // count.
    const searching = ideaSearch(filter) !== null;
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
    return ideaPage(data, kept ?? count ?? data.length, range.page, size);
  }

  async function addIdea(input: IdeaInput): Promise<Idea> {
    const refusal = validateIdea(input);
    if (refusal) throw refusal;
    return toIdea(await insertOnce<IdeaRow>('submitIdea', 'mota_ideas', normaliseIdea(input), IDEA_COLUMNS));
  }

  async function randomIdea(knownTotal: number | null = null): Promise<Idea | null> {
    // One idea at an offset instead of downloading the registry. With the total a page already
    // read, that is one request; without it (or when ideas were hidden since, so the offset
    // runs past the end), the kept total is asked for first. The total only says where to look:
    // the read goes through the same view as the list, so whatever it is, the answer is a
    // visible idea or none.
    if (knownTotal !== null && Number.isSafeInteger(knownTotal) && knownTotal > 0) {
      const idea = await ideaAt(knownTotal);
      if (idea) return idea;
    }
    const total = await visibleTotal('fetchIdeas', 'mota_ideas');
    return total === 0 ? null : ideaAt(total);
  }

  /** The idea at a random place among `total`, newest first; null past the end. */
  async function ideaAt(total: number): Promise<Idea | null> {
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
        query = query
          .lte('created_at', last.created_at)
          .or(`created_at.lt.${at},and(created_at.eq.${at},id.lt.${last.id})`);
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
