import { describe, expect, it } from 'vitest';
import raw from '../../content/site.json';
import { parseSiteConfig } from '../../src/lib/site-config';

describe('site configuration', () => {
  it('accepts the shipped file and carries the spec constants', () => {
    const config = parseSiteConfig(raw, {});
    expect(config.quiz.totalQuestions).toBe(5);
    expect(config.forum.postsPerPage).toBe(10);
    expect(config.lineBank.linesPerPage).toBe(12);
    expect(config.enableKonamiCode).toBe(true);
    expect(config.enableOnboarding).toBe(false);
    expect(config.onboardingVersion).toBe('1.0.0');
    expect(Object.values(config.featureFlags)).toEqual([false, false, false]);
    expect(Object.keys(config.socialLinks)).toEqual(['twitter', 'instagram', 'facebook']);
  });

  it('takes the year from the clock, not the file', () => {
    expect(parseSiteConfig(raw, {}, new Date('2031-03-01')).currentYear).toBe(2031);
  });

  it('lets the environment choose the canonical origin and the backend', () => {
    const config = parseSiteConfig(raw, {
      PUBLIC_SITE_URL: 'https://genesis.example/',
      PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
      PUBLIC_SUPABASE_ANON_KEY: 'anon',
    });
    expect(config.siteUrl).toBe('https://genesis.example');
    expect(config.supabase).toEqual({ url: 'https://abc.supabase.co', anonKey: 'anon' });
    expect(parseSiteConfig(raw, {}).supabase).toEqual({ url: null, anonKey: null });
  });

  it('names the bad field when the file is wrong', () => {
    expect(() => parseSiteConfig({ ...raw, contactEmail: 'not-an-email' }, {})).toThrow(/contactEmail/);
    expect(() => parseSiteConfig({ ...raw, forum: { postsPerPage: 0 } }, {})).toThrow(/forum\.postsPerPage/);
    expect(() => parseSiteConfig({ ...raw, surprise: true }, {})).toThrow(/surprise|unrecognized/i);
  });
});
