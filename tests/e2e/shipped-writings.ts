import { readdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import yaml from 'js-yaml';
import { byPublication, neighbours, newestFirst, relatedEssays, type EssayLike } from '../../src/lib/essays';
import { newestNotesFirst } from '../../src/lib/fieldnotes';

/**
 * The essays and field notes as the site ships them, for the browser tests that check lists,
 * orders and neighbours: the spec's three of each are always among them, and what the author
 * adds joins them without a test to change.
 */

/** The spec's essays, oldest first. */
export const SPEC_ESSAYS = ['golden-age', 'decline-gathering', 'only-voice'].map(
  (slug) => `/essays/philosophy/${slug}`,
);

interface FeedItem {
  url: string;
  title: string;
  summary: string;
  date_published: string;
  /** The category's title, then each topic's. */
  tags: string[];
}

/** A published essay, by its path: read from the built JSON feed, which lists every one. */
export type ShippedEssay = EssayLike & { path: string };

export async function shippedEssays(request: APIRequestContext): Promise<ShippedEssay[]> {
  const feed = (await (await request.get('/feed.json')).json()) as { items: FeedItem[] };
  return feed.items
    .map((item) => {
      const path = new URL(item.url).pathname;
      const [category, ...topics] = item.tags;
      return {
        path,
        id: path,
        data: {
          title: item.title,
          excerpt: item.summary,
          pubDate: new Date(item.date_published),
          draft: false,
          category,
          topics,
        },
      };
    })
    .sort(byPublication);
}

/** Where an essay's page should send the reader on: the essays around it and those like it. */
export function readOn(essay: ShippedEssay, oldestFirst: ShippedEssay[]) {
  const { previous, next } = neighbours(essay, oldestFirst);
  return { previous, next, related: relatedEssays(essay, newestFirst(oldestFirst)) };
}

/** Every field note's id, in the order /fieldnotes lists them. */
export function shippedNoteIds(): string[] {
  const notes = readdirSync('content/fieldnotes')
    .filter((file) => /^[^_].*\.mdx?$/.test(file))
    .map((file) => {
      const text = readFileSync(`content/fieldnotes/${file}`, 'utf8');
      const data = yaml.load(text.match(/^---\r?\n([\s\S]*?)\r?\n---/)![1]) as {
        id: number;
        dateLogged: Date | string;
      };
      return { data: { id: data.id, dateLogged: new Date(data.dateLogged) } };
    });
  return newestNotesFirst(notes).map((note) => String(note.data.id));
}
