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
  /** Slugs from content/data/topics.yaml. */
  topics?: string[];
}

export interface EssayTopic {
  slug: string;
  title: string;
  description: string;
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

/** Shown where a category has no published essays yet. */
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

/**
 * The day a build publishes as of: today, or PUBLISH_AS_OF, a day written YYYY-MM-DD, to build
 * the site as it will be on another day, which is how the scheduling is tested and previewed.
 */
export function publishClock(value = process.env.PUBLISH_AS_OF): Date {
  if (!value) return new Date();
  const date = new Date(value);
  // JavaScript reads "2027-1-10" as local midnight and "2027-02-30" as 2 March: neither is the day asked for.
  if (!/^\d{4}-\d\d-\d\d$/.test(value) || Number.isNaN(date.getTime()) || isoDay(date) !== value)
    throw new Error(`PUBLISH_AS_OF="${value}" is not a day written YYYY-MM-DD, such as 2026-06-01`);
  return date;
}

/**
 * An essay dated after `now` is scheduled: like a draft, it waits, and a build made on or after
 * its date publishes it. Dates are calendar days at midnight UTC.
 */
export function isScheduled(essay: EssayLike, now: Date): boolean {
  return essay.data.pubDate.getTime() > now.getTime();
}

/** Drafts and scheduled essays are visible only while writing (`npm run dev`), never in a build. */
export function isVisible(essay: EssayLike, includeDrafts: boolean, now: Date = new Date()): boolean {
  return includeDrafts || (!essay.data.draft && !isScheduled(essay, now));
}

/** Oldest first, the order a series is read in; same day falls back to the title. */
export function byPublication(a: EssayLike, b: EssayLike): number {
  return a.data.pubDate.getTime() - b.data.pubDate.getTime() || a.data.title.localeCompare(b.data.title, 'en');
}

/** The essays a visitor may see, oldest first. */
export function visibleEssays<E extends EssayLike>(
  essays: readonly E[],
  includeDrafts: boolean,
  now: Date = new Date(),
): E[] {
  return essays.filter((e) => isVisible(e, includeDrafts, now)).sort(byPublication);
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

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "14 March 2025": dates in frontmatter are calendar days, so they are shown in UTC. */
export const formatDate = (date: Date) => dateFormat.format(date);

/** YYYY-MM-DD for <time datetime>. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const fileOf = (essay: EssayLike) => essay.filePath ?? `content/essays/${essay.id}.md`;

/**
 * Every topic an essay names must be in content/data/topics.yaml: a typo fails the build with
 * the file, rather than quietly making a topic page of one.
 */
export function checkTopics(topics: readonly EssayTopic[], essays: readonly EssayLike[]): void {
  const known = new Set(topics.map((t) => t.slug));
  for (const essay of essays) {
    for (const topic of essay.data.topics ?? []) {
      if (!known.has(topic)) {
        throw new Error(
          `${fileOf(essay)}: topic "${topic}" is not one of ${[...known].join(', ')} (content/data/topics.yaml)`,
        );
      }
    }
  }
}

/**
 * Two essays with one title would be two entries a reader cannot tell apart in the index, the
 * feeds and search, with one page title: the second fails the build, naming both files.
 */
export function checkTitles(essays: readonly EssayLike[]): void {
  const byTitle = new Map<string, EssayLike>();
  for (const essay of essays) {
    const title = essay.data.title.trim().toLowerCase();
    const other = byTitle.get(title);
    if (other)
      throw new Error(`${fileOf(essay)}: title "${essay.data.title}" is already the title of ${fileOf(other)}`);
    byTitle.set(title, essay);
  }
}

/** Topics that have essays, in the file's order, each with its essays newest first. A topic with none has no page. */
export function groupByTopic<E extends EssayLike>(
  topics: readonly EssayTopic[],
  essays: readonly E[],
): { topic: EssayTopic; essays: E[] }[] {
  checkTopics(topics, essays);
  return topics
    .map((topic) => ({ topic, essays: newestFirst(essays.filter((e) => e.data.topics?.includes(topic.slug))) }))
    .filter((group) => group.essays.length > 0);
}

export const topicPath = (slug: string) => `/essays/topics/${slug}`;

/**
 * The essays published just before and just after this one, across every category. `oldestFirst`
 * is every essay in publication order (`byPublication`), sorted once by the caller: a site with
 * a thousand essays asks this a thousand times.
 */
export function neighbours<E extends EssayLike>(essay: E, oldestFirst: readonly E[]): { previous?: E; next?: E } {
  const i = oldestFirst.findIndex((e) => e.id === essay.id);
  return { previous: i > 0 ? oldestFirst[i - 1] : undefined, next: i >= 0 ? oldestFirst[i + 1] : undefined };
}

/**
 * Up to `limit` essays to read next: those sharing the most topics first, then the same
 * category; newest first within each (`newest` is every essay, newest first, sorted once by the
 * caller). The essay itself is never among them.
 */
export function relatedEssays<E extends EssayLike>(essay: E, newest: readonly E[], limit = 3): E[] {
  const topics = new Set(essay.data.topics ?? []);
  const scored: { e: E; score: number }[] = [];
  for (const e of newest) {
    if (e.id === essay.id) continue;
    const score =
      (e.data.topics ?? []).filter((t) => topics.has(t)).length * 2 + (e.data.category === essay.data.category ? 1 : 0);
    if (score > 0) scored.push({ e, score });
  }
  // Array sort is stable: equal scores keep the newest-first order.
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ e }) => e);
}
