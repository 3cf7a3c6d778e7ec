/** The community pages' rows as the islands see them, and what a visitor sends. */

import type { PageCursor } from './paging';

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
  /** Where the next or previous page continues from; null when the page is empty. */
  cursor: PageCursor | null;
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
