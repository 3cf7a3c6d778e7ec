import { readdirSync, readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { countWords } from '../../src/lib/essays';
import { siteConfig } from '../../src/lib/site-config';
import { storageKeys } from '../../src/lib/storage';

/** Checks on the author's content that a schema cannot express. */
function read(path: string) {
  const text = readFileSync(path, 'utf8');
  const [, front, body] = text.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/) ?? [];
  return { data: yaml.load(front) as Record<string, unknown>, body };
}
const sections = (body: string) => body.match(/^## .+$/gm) ?? [];

describe('essays', () => {
  // The spec's three; the author may add more.
  const files = ['decline-gathering.md', 'golden-age.md', 'only-voice.md'];

  it('are the three Philosophical Inquiries of the spec', () => {
    for (const file of files) expect(read(`content/essays/${file}`).data.category).toBe('philosophy');
  });

  it('are each between 1,200 and 2,000 words', () => {
    for (const file of files) {
      const words = countWords(read(`content/essays/${file}`).body);
      expect(words, file).toBeGreaterThanOrEqual(1200);
      expect(words, file).toBeLessThanOrEqual(2000);
    }
  });
});

describe('field notes', () => {
  it('are the three of the spec, ids 1 to 3, and any the author adds, logged in id order', () => {
    const notes = readdirSync('content/fieldnotes').map((f) => read(`content/fieldnotes/${f}`).data);
    expect(notes.map((n) => n.id)).toEqual(expect.arrayContaining([1, 2, 3]));
    const byId = [...notes].sort((a, b) => Number(a.id) - Number(b.id));
    const days = byId.map((n) => new Date(n.dateLogged as string).getTime());
    expect(days).toEqual([...days].sort((a, b) => a - b));
  });
});

describe('legal pages', () => {
  const privacy = read('content/legal/privacy-policy.md');
  const cookies = read('content/legal/cookie-notice.md');

  it('privacy statement: 7 sections, June 2025, not for children under 16', () => {
    expect(privacy.data.title).toBe('Privacy & Notice Statement');
    expect(privacy.data.lastUpdated).toBe('June 2025');
    expect(sections(privacy.body)).toHaveLength(7);
    expect(privacy.body).toMatch(/not intended for children under 16/);
  });

  it('terms of use: 6 sections', () => {
    expect(sections(read('content/legal/terms-of-use.md').body)).toHaveLength(6);
  });

  it('submission guidelines: what is welcome, what is declined, what happens next', () => {
    expect(sections(read('content/legal/submission-guidelines.md').body)).toEqual([
      '## What is welcome',
      '## What is declined',
      '## What happens next',
    ]);
  });

  it('privacy statement and cookie notice name every key the site stores, and no other', () => {
    const stored: string[] = Object.values(storageKeys);
    for (const page of [privacy, cookies]) {
      for (const key of stored) expect(page.body, key).toContain(`\`${key}\``);
      // Each key is named in code type; a key the site no longer writes must leave the page too.
      const named = [...page.body.matchAll(/`([^`]+)`/g)].map(([, key]) => key);
      expect(named.filter((key) => !stored.includes(key))).toEqual([]);
    }
  });

  it('give the site contact address from content/site.json', () => {
    for (const page of [privacy, cookies, read('content/legal/terms-of-use.md')]) {
      expect(page.body).toContain(siteConfig.contactEmail);
    }
  });
});
