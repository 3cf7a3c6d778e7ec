import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import raw from '../../content/site.json';
import { parseSiteConfig } from '../../src/lib/site-config';

/** Every leaf of the file as a dotted path: forum.postsPerPage, socialLinks.twitter … */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
}

const sourceText = readdirSync('src', { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.(ts|tsx|astro|mjs)$/.test(e.name) && e.name !== 'site-config.ts')
  .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
  .join('\n');

describe('site configuration', () => {
  it('accepts the shipped file and carries the site constants', () => {
    const config = parseSiteConfig(raw, {});
    expect(config.forum.postsPerPage).toBe(10);
    expect(config.enableKonamiCode).toBe(true);
    expect(config.onboardingVersion).toBe('1.0.0');
    expect(Object.keys(config.socialLinks)).toEqual(['twitter', 'instagram', 'facebook']);
  });

  it('has no key the site does not read', () => {
    // socialLinks are read as a whole (the footer lists each); every other leaf by name.
    const unread = leafPaths(raw)
      .filter((path) => !path.startsWith('socialLinks.'))
      .filter((path) => !new RegExp(`siteConfig\\.${path.replace(/\./g, '\\.')}\\b`).test(sourceText));
    expect(unread).toEqual([]);
    expect(sourceText).toMatch(/siteConfig\.socialLinks\b/);
  });

  it('takes the year from the clock, not the file', () => {
    expect(parseSiteConfig(raw, {}, new Date('2031-03-01')).currentYear).toBe(2031);
  });

  it('lets the environment choose the canonical origin', () => {
    expect(parseSiteConfig(raw, { PUBLIC_SITE_URL: 'https://genesis.example/' }).siteUrl).toBe(
      'https://genesis.example',
    );
  });

  it('names the bad field when the file is wrong', () => {
    expect(() => parseSiteConfig({ ...raw, contactEmail: 'not-an-email' }, {})).toThrow(/contactEmail/);
    expect(() => parseSiteConfig({ ...raw, forum: { postsPerPage: 0 } }, {})).toThrow(/forum\.postsPerPage/);
    expect(() => parseSiteConfig({ ...raw, surprise: true }, {})).toThrow(/surprise|unrecognized/i);
  });
});
