import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import {
  ALL_LINES,
  LINE_BANK_CHIPS,
  NO_MATCH_TEXT,
  countByChip,
  filterLines,
  resultSummary,
} from '../../src/lib/line-bank';
import { sortByTitle } from '../../src/lib/engage';
import { newestNotesFirst } from '../../src/lib/fieldnotes';
import { copyText } from '../../src/lib/clipboard';
import {
  COMING_SOON_TEXT,
  countWords,
  essayPath,
  groupByCategory,
  newestFirst,
  publishClock,
  readingMinutes,
  visibleEssays,
  type EssayLike,
} from '../../src/lib/essays';

const lines = [
  { id: 1, tags: ['Philosophy'] },
  { id: 2, tags: ['Love + Grief', 'Nature + Memory'] },
  { id: 3, tags: ['Philosophy', 'Wry + Funny'] },
];

describe('Line Bank', () => {
  it('has the seven chips of the spec, starting at All, and its exact empty text', () => {
    expect(LINE_BANK_CHIPS).toEqual([
      'All',
      'Philosophy',
      'Love + Grief',
      'Nature + Memory',
      'Writing Wisdom',
      'Perception + Truth',
      'Wry + Funny',
    ]);
    expect(NO_MATCH_TEXT).toBe('No lines match this filter. Try another one!');
  });
  it('All shows every line; a chip shows the lines carrying its tag, in order', () => {
    expect(filterLines(lines, ALL_LINES).map((l) => l.id)).toEqual([1, 2, 3]);
    expect(filterLines(lines, 'Philosophy').map((l) => l.id)).toEqual([1, 3]);
    expect(filterLines(lines, 'Writing Wisdom')).toEqual([]);
  });
  it('counts per chip and summarises for screen readers', () => {
    expect(countByChip(lines)).toMatchObject({ All: 3, Philosophy: 2, 'Writing Wisdom': 0 });
    expect(resultSummary(2, 3, 'Philosophy')).toBe('Showing 2 of 3 lines tagged Philosophy');
    expect(resultSummary(3, 3, 'All')).toBe('Showing all 3 lines');
  });
  it('ships 12 quotes whose tags are all chips, every chip but All used', () => {
    const shipped = yaml.load(readFileSync('content/data/line-bank.yaml', 'utf8')) as {
      id: number;
      line: string;
      tags: string[];
    }[];
    expect(shipped).toHaveLength(12);
    expect(new Set(shipped.map((q) => q.id)).size).toBe(12);
    for (const quote of shipped) for (const tag of quote.tags) expect(LINE_BANK_CHIPS).toContain(tag);
    const counts = countByChip(shipped);
    for (const chip of LINE_BANK_CHIPS) expect(counts[chip], chip).toBeGreaterThan(0);
  });
});

describe('copying', () => {
  it('answers true when the clipboard accepts, false when it refuses or is missing', async () => {
    const written: string[] = [];
    expect(await copyText('a line', { writeText: async (t: string) => void written.push(t) })).toBe(true);
    expect(written).toEqual(['a line']);
    expect(await copyText('x', { writeText: async () => Promise.reject(new Error('denied')) })).toBe(false);
    expect(await copyText('x', undefined)).toBe(false);
  });
});

describe('Engage hub', () => {
  it('sorts cards by title whatever the order, ignoring case and accents', () => {
    const sorted = sortByTitle([
      { title: 'line Bank' },
      { title: 'Carob Forum' },
      { title: 'Écho' },
      { title: 'About' },
    ]);
    expect(sorted.map((c) => c.title)).toEqual(['About', 'Carob Forum', 'Écho', 'line Bank']);
  });
  it('ships 11 cards, deliberately not in title order', () => {
    const cards = yaml.load(readFileSync('content/data/engage.yaml', 'utf8')) as { title: string }[];
    expect(cards).toHaveLength(11);
    expect(sortByTitle(cards)).toHaveLength(11);
  });
});

describe('field notes', () => {
  it('lists newest first, the higher id first on the same day', () => {
    const note = (id: number, day: string) => ({ data: { id, dateLogged: new Date(day) } });
    const sorted = newestNotesFirst([note(1, '2024-03-01'), note(3, '2024-09-01'), note(2, '2024-09-01')]);
    expect(sorted.map((n) => n.data.id)).toEqual([3, 2, 1]);
  });
  it('refuses two notes with one id, naming both files', () => {
    const note = (id: number, file: string) => ({ data: { id, dateLogged: new Date('2024-03-01') }, filePath: file });
    expect(() =>
      newestNotesFirst([note(1, 'content/fieldnotes/a.md'), note(2, 'b.md'), note(1, 'content/fieldnotes/c.md')]),
    ).toThrow('content/fieldnotes/c.md: id 1 is already the id of content/fieldnotes/a.md');
  });
});

const essay = (id: string, category: string, pubDate: string, draft = false, body = 'one two three'): EssayLike => ({
  id,
  body,
  data: { title: id, excerpt: 'An excerpt long enough.', category, pubDate: new Date(pubDate), draft },
});

describe('the day a build publishes as of', () => {
  it('is PUBLISH_AS_OF, a day written YYYY-MM-DD, at midnight UTC', () => {
    expect(publishClock('2027-01-10').toISOString()).toBe('2027-01-10T00:00:00.000Z');
  });
  it('refuses anything else rather than guessing at the day', () => {
    for (const value of ['2027-1-10', '2027-02-30', '2027-13-01', 'January 10', '10/01/2027'])
      expect(() => publishClock(value), value).toThrow(
        `PUBLISH_AS_OF="${value}" is not a day written YYYY-MM-DD, such as 2026-06-01`,
      );
  });
});

describe('essays', () => {
  const categories = [
    { slug: 'philosophy', title: 'Philosophical Inquiries', description: 'd', icon: 'i' },
    { slug: 'myth', title: 'Myth & Archetype', description: 'd', icon: 'i' },
  ];
  it('groups by category in the categories file order, an empty list where none', () => {
    const groups = groupByCategory(categories, [
      essay('b', 'philosophy', '2025-03-01'),
      essay('a', 'philosophy', '2025-01-01'),
    ]);
    expect(groups.map((g) => [g.category.slug, g.essays.map((e) => e.id)])).toEqual([
      ['philosophy', ['a', 'b']],
      ['myth', []],
    ]);
    expect(COMING_SOON_TEXT).toBe('More explorations coming soon...');
  });
  it('fails naming the file when an essay names an unknown category', () => {
    expect(() =>
      groupByCategory(categories, [{ ...essay('x', 'poetry', '2025-01-01'), filePath: 'content/essays/x.md' }]),
    ).toThrow(/content\/essays\/x\.md: category "poetry"/);
  });
  it('keeps drafts out of builds and in while writing', () => {
    const all = [essay('pub', 'myth', '2025-01-01'), essay('draft', 'myth', '2025-02-01', true)];
    expect(visibleEssays(all, false).map((e) => e.id)).toEqual(['pub']);
    expect(visibleEssays(all, true).map((e) => e.id)).toEqual(['pub', 'draft']);
    expect(newestFirst(all).map((e) => e.id)).toEqual(['draft', 'pub']);
  });
  it('counts words without markup and rounds reading time up, at least a minute', () => {
    expect(countWords('## A title\n\nSome *emphasised* [linked](https://x.y) words — it’s fine.')).toBe(8);
    expect(readingMinutes('word '.repeat(221))).toBe(2);
    expect(readingMinutes('')).toBe(1);
  });
  it('builds the address from the category and the file name', () => {
    expect(essayPath(essay('golden-age', 'philosophy', '2025-01-01'))).toBe('/essays/philosophy/golden-age');
  });
});
