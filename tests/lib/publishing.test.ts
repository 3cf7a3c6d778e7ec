import { describe, expect, it, vi } from 'vitest';
import {
  checkTitles,
  checkTopics,
  groupByTopic,
  isScheduled,
  neighbours,
  relatedEssays,
  topicPath,
  visibleEssays,
  type EssayLike,
} from '../../src/lib/essays';
import { absoluteUrls, jsonFeed } from '../../src/lib/feed';
import { LINK_COPIED, shareLink } from '../../src/lib/share';
import { COPY_SUCCESS } from '../../src/lib/line-bank';
import { newestNotesFirst, notePath } from '../../src/lib/fieldnotes';

const essay = (id: string, category: string, day: string, topics?: string[], draft = false): EssayLike => ({
  id,
  filePath: `content/essays/${id}.md`,
  data: { title: id, excerpt: 'An excerpt long enough.', category, pubDate: new Date(day), draft, topics },
});
const topics = [
  { slug: 'memory', title: 'Memory', description: 'd' },
  { slug: 'grief', title: 'Grief', description: 'd' },
  { slug: 'unused', title: 'Unused', description: 'd' },
];

describe('scheduled essays', () => {
  const all = [essay('past', 'myth', '2026-01-10'), essay('future', 'myth', '2026-06-01')];
  it('an essay dated after the clock waits, like a draft, and is published on its date', () => {
    expect(visibleEssays(all, false, new Date('2026-05-31T23:59:59Z')).map((e) => e.id)).toEqual(['past']);
    expect(visibleEssays(all, false, new Date('2026-06-01T00:00:00Z')).map((e) => e.id)).toEqual(['past', 'future']);
    expect(isScheduled(all[1], new Date('2026-03-01'))).toBe(true);
  });
  it('the writing preview shows scheduled essays too', () => {
    expect(visibleEssays(all, true, new Date('2026-03-01')).map((e) => e.id)).toEqual(['past', 'future']);
  });
});

describe('titles', () => {
  it('a title another essay has fails naming both files, whatever its case', () => {
    const first = {
      ...essay('golden-age', 'philosophy', '2025-01-01'),
      data: { ...essay('x', 'philosophy', '2025-01-01').data, title: 'The Golden Age' },
    };
    const second = {
      ...essay('golden-age-again', 'myth', '2026-01-01'),
      data: { ...first.data, title: 'The golden age ' },
    };
    expect(() => checkTitles([first, second])).toThrow(
      'content/essays/golden-age-again.md: title "The golden age " is already the title of content/essays/golden-age.md',
    );
    expect(() => checkTitles([first, essay('other', 'myth', '2026-01-01')])).not.toThrow();
  });
});

describe('topics', () => {
  it('an unknown topic fails naming the file and the topics file', () => {
    expect(() => checkTopics(topics, [essay('typo', 'myth', '2025-01-01', ['memroy'])])).toThrow(
      /content\/essays\/typo\.md: topic "memroy" is not one of memory, grief, unused \(content\/data\/topics\.yaml\)/,
    );
  });
  it('groups essays newest first, and a topic with no essays has no group', () => {
    const groups = groupByTopic(topics, [
      essay('a', 'myth', '2025-01-01', ['memory']),
      essay('b', 'philosophy', '2025-03-01', ['memory', 'grief']),
    ]);
    expect(groups.map((g) => [g.topic.slug, g.essays.map((e) => e.id)])).toEqual([
      ['memory', ['b', 'a']],
      ['grief', ['b']],
    ]);
    expect(topicPath('memory')).toBe('/essays/topics/memory');
  });
});

describe('reading an essay', () => {
  const all = [
    essay('one', 'philosophy', '2025-01-01', ['memory']),
    essay('two', 'myth', '2025-02-01', ['grief']),
    essay('three', 'philosophy', '2025-03-01'),
    essay('four', 'myth', '2025-04-01', ['memory', 'grief']),
    essay('five', 'philosophy', '2025-05-01', ['memory']),
  ];
  it('previous and next follow publication across categories', () => {
    const { previous, next } = neighbours(all[2], all);
    expect([previous?.id, next?.id]).toEqual(['two', 'four']);
    expect(neighbours(all[0], all).previous).toBeUndefined();
    expect(neighbours(all[4], all).next).toBeUndefined();
  });
  it('related: shared topics first, then the same category, at most three, never itself', () => {
    const newest = [...all].reverse();
    expect(relatedEssays(all[0], newest).map((e) => e.id)).toEqual(['five', 'four', 'three']);
    expect(relatedEssays(all[1], newest).map((e) => e.id)).toEqual(['four']);
    expect(relatedEssays(all[2], newest).map((e) => e.id)).toEqual(['five', 'one']);
  });
});

describe('share', () => {
  it('uses the device share sheet where there is one', async () => {
    const share = vi.fn(async () => undefined);
    const toast = vi.fn();
    expect(await shareLink({ title: 'T', url: 'https://x/e' }, { share, canShare: () => true, toast })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'T', url: 'https://x/e' });
    expect(toast).not.toHaveBeenCalled();
  });
  it('a reader closing the sheet gets no toast', async () => {
    const share = vi.fn(async () => Promise.reject(Object.assign(new Error('closed'), { name: 'AbortError' })));
    const toast = vi.fn();
    expect(await shareLink({ title: 'T', url: 'u' }, { share, toast })).toBe('dismissed');
    expect(toast).not.toHaveBeenCalled();
  });
  it('elsewhere copies the link with the copy toast, or says the copy failed', async () => {
    const toast = vi.fn();
    const copy = vi.fn(async () => true);
    expect(await shareLink({ title: 'T', url: 'https://x/e' }, { copy, toast })).toBe('copied');
    expect(copy).toHaveBeenCalledWith('https://x/e');
    expect(toast).toHaveBeenCalledWith(COPY_SUCCESS.title, LINK_COPIED.description, {
      variant: 'normal',
      duration: 3000,
    });
    expect(await shareLink({ title: 'T', url: 'u' }, { copy: async () => false, toast })).toBe('failed');
    expect(toast).toHaveBeenLastCalledWith('Copy failed', 'Could not copy text. Please try again.', { duration: 3000 });
  });
});

describe('feeds', () => {
  it('makes links, images and srcsets absolute and leaves absolute URLs alone', () => {
    const html =
      '<a href="/book">b</a><a href="#fn-1">1</a><img src="/_astro/a.webp" srcset="/_astro/a-480.webp 480w, /_astro/a-800.webp 800w"><a href="https://e.org/x">e</a><a href="mailto:a@b.c">m</a>';
    expect(absoluteUrls(html, 'https://site.example/essays/myth/x')).toBe(
      '<a href="https://site.example/book">b</a><a href="https://site.example/essays/myth/x#fn-1">1</a><img src="https://site.example/_astro/a.webp" srcset="https://site.example/_astro/a-480.webp 480w, https://site.example/_astro/a-800.webp 800w"><a href="https://e.org/x">e</a><a href="mailto:a@b.c">m</a>',
    );
  });
  it('writes a JSON Feed 1.1 with every required field', () => {
    const feed = jsonFeed(
      {
        title: 'T',
        description: 'D',
        homePageUrl: 'https://s/essays',
        feedUrl: 'https://s/feed.json',
        author: { name: 'A', url: 'https://s/about' },
      },
      [
        {
          url: 'https://s/e',
          title: 'E',
          summary: 'S',
          html: '<p>x</p>',
          published: new Date('2025-01-01'),
          tags: ['Myth'],
        },
      ],
    );
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.items[0]).toMatchObject({
      id: 'https://s/e',
      content_html: '<p>x</p>',
      date_published: '2025-01-01T00:00:00.000Z',
    });
  });
});

describe('field notes', () => {
  it('each note has its own address, its file name', () => {
    expect(notePath({ id: '03-relay-on-the-north-ridge' })).toBe('/fieldnotes/03-relay-on-the-north-ridge');
  });
  const note = (id: number, day: string, file: string) => ({
    data: { id, dateLogged: new Date(day) },
    filePath: `content/fieldnotes/${file}.md`,
  });
  it('newest first; one day falls back to the higher id', () => {
    const notes = [note(1, '2025-03-01', 'a'), note(3, '2025-04-01', 'c'), note(2, '2025-04-01', 'b')];
    expect(newestNotesFirst(notes).map((n) => n.data.id)).toEqual([3, 2, 1]);
  });
  it('two notes with one id fail naming both files', () => {
    const notes = [note(1, '2025-03-01', '01-sentinel'), note(1, '2025-04-01', '02-lament')];
    expect(() => newestNotesFirst(notes)).toThrow(
      'content/fieldnotes/02-lament.md: id 1 is already the id of content/fieldnotes/01-sentinel.md',
    );
  });
});
