import { describe, expect, it } from 'vitest';
import { CommunityError, describeFailure, messages } from '../../src/lib/community/messages';

describe('describeFailure: supabase-js errors to toasts', () => {
  it('uses the spec messages for failed reads and unexplained failed writes', () => {
    expect(describeFailure('fetchPosts', { code: '', message: 'TypeError: fetch failed' })).toMatchObject({
      title: 'Error fetching posts',
      description: 'Could not retrieve the dialogue. Please try again later.',
      reason: 'unavailable',
    });
    expect(describeFailure('fetchIdeas', null)).toMatchObject({
      title: 'Error fetching ideas',
      description: 'Could not retrieve the registry. Please try again later.',
    });
    expect(describeFailure('submitPost', { code: '42501' })).toMatchObject({
      title: 'Error submitting post',
      description: 'Your message could not be posted. Please try again.',
    });
    expect(describeFailure('submitIdea', new Error('offline'))).toMatchObject({
      title: 'Submission Failed',
      description: 'Could not add your idea to the registry. Please try again.',
    });
  });

  it('explains the rate limit, by code or by status', () => {
    const byCode = describeFailure('submitPost', { code: 'PT429', message: 'rate limit exceeded' });
    expect(byCode.reason).toBe('rate-limited');
    expect(byCode.description).toMatch(/few minutes/);
    expect(describeFailure('submitIdea', {}, 429).reason).toBe('rate-limited');
  });

  it('explains each CHECK constraint by name', () => {
    const check = (name: string) => ({
      code: '23514',
      message: `new row for relation "x" violates check constraint "${name}"`,
    });
    expect(describeFailure('submitPost', check('posts_content_length')).description).toContain('2,000 characters');
    expect(describeFailure('submitPost', check('posts_author_name_length')).description).toContain('name');
    expect(describeFailure('submitPost', check('posts_content_links')).description).toContain('2 links');
    expect(describeFailure('submitPost', check('posts_content_lines'))).toMatchObject({
      reason: 'too-many-lines',
      description: expect.stringContaining('runs past 40 lines'),
    });
    expect(describeFailure('submitIdea', check('mota_ideas_links')).description).toContain('3 links');
    expect(describeFailure('submitPost', check('posts_content_not_blank'))).toMatchObject({ title: 'Empty Post' });
    expect(describeFailure('submitIdea', check('mota_ideas_issue_not_blank'))).toMatchObject({
      title: 'Missing Fields',
    });
    expect(describeFailure('submitPost', check('some_future_rule')).reason).toBe('unavailable');
  });

  it('passes a CommunityError through unchanged', () => {
    const error = new CommunityError('submitPost', 'blank', messages.emptyPost);
    expect(describeFailure('submitIdea', error)).toBe(error);
  });
});
