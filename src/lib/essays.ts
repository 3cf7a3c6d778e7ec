/**
 * Framework-free helpers for the essays collection: which essays are shown, in what order,
 * under which category, at which address, and how long they take to read. Pages pass in what
 * `getCollection('essays')` returns; nothing here imports Astro, so it is unit-tested directly.
 */

export interface EssayData {
  title: string;
  excerpt: string;
  category: string;
  pubDate: Date;
  updatedDate?: Date;
  draft: boolean;
}

export interface EssayLike {
  id: string;
  body?: string;
  filePath?: string;
  data: EssayData;
}

export interface EssayCategory {
  slug: string;
  title: string;
  description: string;
  icon: string;
}

export type CategoryGroup<E extends EssayLike> = {
  category: EssayCategory;
  essays: E[];
};

/** Shown where a category has no published essays yet (spec §2, character for character). */
export const COMING_SOON_TEXT = 'More explorations coming soon...';

/** A steady reading pace for literary prose, in words per minute. */
export const WORDS_PER_MINUTE = 220;

/** Words in a Markdown body: markup, link targets, HTML tags and comments do not count. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]/g, ' ');
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Whole minutes, rounded up, never less than one. */
export function readingMinutes(markdown: string, wordsPerMinute = WORDS_PER_MINUTE): number {
  return Math.max(1, Math.ceil(countWords(markdown) / wordsPerMinute));
}

export const readingTimeLabel = (minutes: number) => `${minutes} min read`;

/** Drafts are visible only while writing (`npm run dev`), never in a build. */
export function isVisible(essay: EssayLike, includeDrafts: boolean): boolean {
  return includeDrafts || !essay.data.draft;
}

/** Oldest first, the order a series is read in; same day falls back to the title. */
export function byPublication(a: EssayLike, b: EssayLike): number {
  return a.data.pubDate.getTime() - b.data.pubDate.getTime() || a.data.title.localeCompare(b.data.title, 'en');
}

/** The essays a visitor may see, oldest first. */
export function visibleEssays<E extends EssayLike>(essays: readonly E[], includeDrafts: boolean): E[] {
  return essays.filter((e) => isVisible(e, includeDrafts)).sort(byPublication);
}

/** Newest first, as feeds list them. */
export function newestFirst<E extends EssayLike>(essays: readonly E[]): E[] {
  return [...essays].sort((a, b) => byPublication(b, a));
}

/**
 * Every category in the order the categories file gives, each with its essays oldest first
 * (an empty list when it has none). An essay naming a category that does not exist fails the
 * build with the file and the field, instead of silently vanishing from the site.
 */
export function groupByCategory<E extends EssayLike>(
  categories: readonly EssayCategory[],
  essays: readonly E[],
): CategoryGroup<E>[] {
  const known = new Set(categories.map((c) => c.slug));
  for (const essay of essays) {
    if (!known.has(essay.data.category)) {
      const file = essay.filePath ?? `content/essays/${essay.id}.md`;
      throw new Error(
        `${file}: category "${essay.data.category}" is not one of ${[...known].join(', ')} (content/data/essay-categories.yaml)`,
      );
    }
  }
  return categories.map((category) => ({
    category,
    essays: essays.filter((e) => e.data.category === category.slug).sort(byPublication),
  }));
}

export const categoryPath = (slug: string) => `/essays/${slug}`;
export const essayPath = (essay: Pick<EssayLike, 'id' | 'data'>) => `/essays/${essay.data.category}/${essay.id}`;

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "14 March 2025": dates in frontmatter are calendar days, so they are shown in UTC. */
export const formatDate = (date: Date) => dateFormat.format(date);

/** YYYY-MM-DD for <time datetime>. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
