import { describe, expect, it } from 'vitest';
import {
  CommunityError,
  DEFAULT_PROPOSER,
  LIMITS,
  characterCount,
  describeFailure,
  ideaFilter,
  linkCount,
  messages,
  normaliseIdea,
  normalisePost,
  pageCount,
  pageRange,
  validateIdea,
  validatePost,
} from '../../src/lib/community';
import { resolveSupabaseTarget } from '../../src/lib/supabase';
import { DEV_ANON_KEY } from '../../supabase/local/dev-anon-key.mjs';
import { parseQuery } from '../../supabase/local/query-params.mjs';

describe('normalising rows', () => {
  it('trims a post and sends an empty name as null', () => {
    expect(normalisePost({ content: '  words \n', authorName: '   ' })).toEqual({ content: 'words', author_name: null });
    expect(normalisePost({ content: 'w', authorName: ' Maro ' })).toEqual({ content: 'w', author_name: 'Maro' });
  });

  it('defaults the proposer to Anonymous and empty notes to null', () => {
    expect(normaliseIdea({ issue: ' i ', mitigation: ' m ', proposedBy: ' ', notes: '' })).toEqual({
      issue: 'i',
      mitigation: 'm',
      proposed_by: DEFAULT_PROPOSER,
      notes: null,
    });
  });
});

describe('validation mirrors the database', () => {
  it('refuses an empty post with the spec message', () => {
    expect(validatePost({ content: ' \u3000\n' })).toMatchObject({ reason: 'blank', title: messages.emptyPost.title });
    expect(validatePost({ content: 'a' })).toBeNull();
  });

  it('refuses an idea without issue or mitigation with the spec message', () => {
    expect(validateIdea({ issue: 'x', mitigation: ' ' })).toMatchObject({ title: 'Missing Fields' });
    expect(validateIdea({ issue: ' ', mitigation: 'x' })?.description).toBe('Please provide at least an Issue and a Solution.');
  });

  it('counts characters as Postgres does (code points)', () => {
    expect(characterCount('🌳🌳')).toBe(2);
    expect(validatePost({ content: '🌳'.repeat(LIMITS.postContent) })).toBeNull();
    expect(validatePost({ content: '🌳'.repeat(LIMITS.postContent + 1) })?.reason).toBe('too-long');
    expect(validatePost({ content: 'a', authorName: 'n'.repeat(LIMITS.authorName + 1) })?.reason).toBe('too-long');
    expect(validateIdea({ issue: 'i'.repeat(LIMITS.ideaIssue + 1), mitigation: 'm' })?.description).toContain('300');
    expect(validateIdea({ issue: 'i', mitigation: 'm', notes: 'n'.repeat(LIMITS.ideaNotes + 1) })?.description).toContain('note');
  });

  it('counts links as the CHECK constraints do', () => {
    expect(linkCount('HTTPS://a http://b www.c wwwd https:/e')).toBe(3);
    expect(validatePost({ content: 'http://a www.b' })).toBeNull();
    expect(validatePost({ content: 'http://a www.b https://c' })?.reason).toBe('too-many-links');
    expect(validateIdea({ issue: 'www.a', mitigation: 'http://b', notes: 'https://c' })).toBeNull();
    expect(validateIdea({ issue: 'www.a', mitigation: 'http://b', notes: 'https://c www.d' })?.reason).toBe('too-many-links');
  });
});

describe('invisible and disguised text', () => {
  it('refuses text made only of invisible characters as blank', () => {
    for (const nothing of ['\u200b\u2060', '\u3164\u115f\u1160\uffa0', '\u2800', '\u180e\u00ad', '\u{e0041}\ufe0f', '\u202e\u2066']) {
      expect(validatePost({ content: nothing })?.reason).toBe('blank');
      expect(validateIdea({ issue: nothing, mitigation: 'm' })?.title).toBe('Missing Fields');
    }
    expect(validatePost({ content: '\u200bκαλημέρα\u200d' })).toBeNull();
  });

  it('sends an invisible name as no name at all', () => {
    expect(normalisePost({ content: 'a', authorName: '\u200b\u3164' }).author_name).toBeNull();
    expect(normaliseIdea({ issue: 'i', mitigation: 'm', proposedBy: '\u2800', notes: '\u2060' })).toMatchObject({
      proposed_by: 'Anonymous',
      notes: null,
    });
  });

  it('refuses direction controls in names', () => {
    expect(validatePost({ content: 'a', authorName: 'Yiannis\u202eexe.txt' })?.reason).toBe('direction-controls');
    expect(validateIdea({ issue: 'i', mitigation: 'm', proposedBy: '\u2067Aion\u2069' })?.reason).toBe('direction-controls');
    expect(validatePost({ content: 'a', authorName: 'שָׁלוֹם' })).toBeNull();
  });

  it('counts disguised links, one per link', () => {
    expect(linkCount('https://www.example.org/a')).toBe(1);
    expect(linkCount('hxxp://a hxxps://b')).toBe(2);
    expect(linkCount('example.com, shop.example.net/x')).toBe(2);
    expect(linkCount('ｈｔｔｐｓ：／／a ｗｗｗ．b')).toBe(2);
    expect(linkCount('evil[.]com x(.)org')).toBe(2);
    expect(linkCount('e.g. 3.14, i.e. nothing. Mr.Smith, v2.0; end.')).toBe(0);
  });
});

describe('describeFailure: supabase-js errors to toasts', () => {
  it('uses the spec messages for failed reads and unexplained failed writes', () => {
    expect(describeFailure('fetchPosts', { code: '', message: 'TypeError: fetch failed' })).toMatchObject({
      title: 'Error fetching posts',
      description: 'Could not retrieve the dialogue. Please try again later.',
      reason: 'unavailable',
    });
    expect(describeFailure('fetchIdeas', null)).toMatchObject({ title: 'Error fetching ideas', description: 'Could not retrieve the registry. Please try again later.' });
    expect(describeFailure('submitPost', { code: '42501' })).toMatchObject({ title: 'Error submitting post', description: 'Your message could not be posted. Please try again.' });
    expect(describeFailure('submitIdea', new Error('offline'))).toMatchObject({ title: 'Submission Failed', description: 'Could not add your idea to the registry. Please try again.' });
  });

  it('explains the rate limit, by code or by status', () => {
    const byCode = describeFailure('submitPost', { code: 'PT429', message: 'rate limit exceeded' });
    expect(byCode.reason).toBe('rate-limited');
    expect(byCode.description).toMatch(/few minutes/);
    expect(describeFailure('submitIdea', {}, 429).reason).toBe('rate-limited');
  });

  it('explains each CHECK constraint by name', () => {
    const check = (name: string) => ({ code: '23514', message: `new row for relation "x" violates check constraint "${name}"` });
    expect(describeFailure('submitPost', check('posts_content_length')).description).toContain('2,000 characters');
    expect(describeFailure('submitPost', check('posts_author_name_length')).description).toContain('name');
    expect(describeFailure('submitPost', check('posts_content_links')).description).toContain('2 links');
    expect(describeFailure('submitIdea', check('mota_ideas_links')).description).toContain('3 links');
    expect(describeFailure('submitPost', check('posts_content_not_blank'))).toMatchObject({ title: 'Empty Post' });
    expect(describeFailure('submitIdea', check('mota_ideas_issue_not_blank'))).toMatchObject({ title: 'Missing Fields' });
    expect(describeFailure('submitPost', check('some_future_rule')).reason).toBe('unavailable');
  });

  it('passes a CommunityError through unchanged', () => {
    const error = new CommunityError('submitPost', 'blank', messages.emptyPost);
    expect(describeFailure('submitIdea', error)).toBe(error);
  });
});

describe('ideaFilter: the registry search as a PostgREST or-filter', () => {
  it('is null for an empty filter', () => {
    expect(ideaFilter('   ')).toBeNull();
  });

  it('searches issue, mitigation and proposer for a quoted substring', () => {
    expect(ideaFilter(' voice ')).toBe('issue.ilike."*voice*",mitigation.ilike."*voice*",proposed_by.ilike."*voice*"');
  });

  it('escapes LIKE wildcards and PostgREST syntax', () => {
    const filter = ideaFilter('50%_off, (now) "quoted" \\ *') ?? '';
    const tree = parseQuery(new URLSearchParams({ or: `(${filter})` })).filters[0];
    expect(tree).toMatchObject({ kind: 'or' });
    const values = (tree as { children: { value: string }[] }).children.map((c) => c.value);
    // The database sees: literal %, literal _, the punctuation as typed, and * as one-character wildcard.
    expect(values).toEqual(Array(3).fill('*50\\%\\_off, (now) "quoted" \\\\ _*'));
  });
});

describe('paging', () => {
  it('turns 1-based pages into row ranges, repairing nonsense', () => {
    expect(pageRange(1, 10)).toEqual({ page: 1, from: 0, to: 9 });
    expect(pageRange(3, 10)).toEqual({ page: 3, from: 20, to: 29 });
    expect(pageRange(0, 10).page).toBe(1);
    expect(pageRange(Number.NaN, 10).page).toBe(1);
    expect(pageRange(2.7, 10).page).toBe(2);
  });

  it('always has at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('the Supabase client target', () => {
  it('uses the configured project when set', () => {
    expect(resolveSupabaseTarget({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co/', PUBLIC_SUPABASE_ANON_KEY: 'k' }, 'http://x')).toEqual({
      url: 'https://abc.supabase.co',
      anonKey: 'k',
    });
  });

  it('falls back to the page origin and the development key', () => {
    expect(resolveSupabaseTarget({ PUBLIC_SUPABASE_URL: '', PUBLIC_SUPABASE_ANON_KEY: '' }, 'http://127.0.0.1:4321')).toEqual({
      url: 'http://127.0.0.1:4321',
      anonKey: DEV_ANON_KEY,
    });
  });
});
