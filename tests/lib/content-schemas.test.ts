import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { z } from 'astro/zod';
import raw from '../../content/site.json';
import * as schemas from '../../src/lib/content-schemas';
import { parseEntry } from '../../src/lib/content-schemas';
import { parseSiteConfig } from '../../src/lib/site-config';
import { siteRoutes } from '../../src/lib/site-routes';

/** The frontmatter of a Markdown file, as Astro's glob loader reads it. */
function frontmatter(file: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file} has no frontmatter`);
  return yaml.load(match[1]) as Record<string, unknown>;
}

const essay = frontmatter('content/essays/golden-age.md');
const note = frontmatter('content/fieldnotes/01-sentinel-in-the-storm.md');
const synopsis = frontmatter('content/book/synopsis.md');

/** `data` with the key `from` renamed to `to`, as a typo would leave it. */
function misspell(data: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const { [from]: value, ...rest } = data;
  return { ...rest, [to]: value };
}

/**
 * Every schema a collection or content/site.json is checked with, by its export name; a
 * discriminated union once per kind, as the author's `kind` picks one of its objects.
 */
const everySchema = Object.entries({ ...schemas, explorerTypeSchema: schemas.explorerTypeSchema(siteRoutes()) })
  .filter(([name]) => name.endsWith('Schema'))
  .flatMap(([name, schema]) => {
    if (schema instanceof z.ZodDiscriminatedUnion)
      return schema.options.map((option) => {
        const kind = (option as z.ZodObject).shape.kind as z.ZodLiteral<string>;
        return [`${name} (kind ${kind.value})`, schema, { kind: kind.value }] as const;
      });
    return [[name, schema as z.ZodType, {}] as const];
  });

describe('every collection and content/site.json refuse keys they do not know', () => {
  it('covers each collection', () => {
    expect(everySchema.length).toBeGreaterThanOrEqual(35);
  });

  for (const [name, schema, base] of everySchema) {
    it(name, () => {
      const result = schema.safeParse({ ...base, notAFieldAtAll: 1 });
      expect(result.success).toBe(false);
      const unknown = result.error?.issues.filter((issue) => issue.code === 'unrecognized_keys') ?? [];
      expect(unknown.map((issue) => issue.message)).toEqual([
        expect.stringMatching(/^`notAFieldAtAll` is not a field of .+, which has `/),
      ]);
    });
  }
});

describe('a misspelt key is named with the key it was meant to be', () => {
  it('in an essay', () => {
    expect(() =>
      parseEntry(schemas.essaySchema, 'content/essays/golden-age.md', misspell(essay, 'category', 'categroy')),
    ).toThrow(
      /^content\/essays\/golden-age\.md: \(frontmatter\): `categroy` is not a field of an essay; did you mean `category`\?$/m,
    );
  });

  it('in a field note', () => {
    expect(() =>
      parseEntry(schemas.fieldNoteSchema, 'content/fieldnotes/01.md', misspell(note, 'dateLogged', 'dateLoged')),
    ).toThrow('`dateLoged` is not a field of a field note; did you mean `dateLogged`?');
  });

  it('in a book page, naming its kind', () => {
    expect(() =>
      parseEntry(schemas.bookPageSchema, 'content/book/synopsis.md', misspell(synopsis, 'description', 'decription')),
    ).toThrow('`decription` is not a field of a `synopsis` page; did you mean `description`?');
  });

  it('in an object inside a page, naming where it is', () => {
    const bad = structuredClone(synopsis) as { invitation: Record<string, unknown> };
    bad.invitation = misspell(bad.invitation, 'attribution', 'atribution');
    expect(() => parseEntry(schemas.bookPageSchema, 'content/book/synopsis.md', bad)).toThrow(
      'content/book/synopsis.md: invitation: `atribution` is not a field of the invitation; did you mean `attribution`?',
    );
  });

  it('in content/site.json, at the top and inside a group', () => {
    expect(() => parseSiteConfig(misspell(raw, 'contactEmail', 'contactEmial'), {})).toThrow(
      '`contactEmial` is not a field of the site configuration; did you mean `contactEmail`?',
    );
    const links = { ...raw, socialLinks: misspell(raw.socialLinks, 'twitter', 'twiter') };
    expect(() => parseSiteConfig(links, {})).toThrow(
      'socialLinks: `twiter` is not a field of the social links; did you mean `twitter`?',
    );
  });

  it('lists the fields when none is near enough to be meant', () => {
    expect(() => parseEntry(schemas.essaySchema, 'content/essays/golden-age.md', { ...essay, tags: ['x'] })).toThrow(
      '`tags` is not a field of an essay, which has `title`, `excerpt`, `category`, `pubDate`, `updatedDate`, `draft`, `topics`',
    );
  });

  it('does not take a key beside its own correct spelling for a typo of it', () => {
    expect(() =>
      parseEntry(schemas.essaySchema, 'content/essays/golden-age.md', { ...essay, categroy: 'myth' }),
    ).toThrow(/`categroy` is not a field of an essay, which has /);
  });

  it('names every unknown key of an object', () => {
    const bad = { ...misspell(misspell(essay, 'category', 'categroy'), 'title', 'titel') };
    expect(() => parseEntry(schemas.essaySchema, 'content/essays/golden-age.md', bad)).toThrow(
      '`categroy` is not a field of an essay; did you mean `category`?; `titel` is not a field of an essay; did you mean `title`?',
    );
  });
});

describe('text that becomes a search-result snippet is 50 to 200 characters', () => {
  const tooLong = 'The well was older than the church, and the bucket rope was replaced every Easter. '.repeat(3);
  const message = 'must be at most 200 characters (it is the search-result snippet)';

  it('an essay excerpt, as a book page description', () => {
    expect(tooLong.length).toBeGreaterThan(200);
    expect(() =>
      parseEntry(schemas.essaySchema, 'content/essays/golden-age.md', { ...essay, excerpt: tooLong }),
    ).toThrow(`content/essays/golden-age.md: excerpt: ${message}`);
    expect(() =>
      parseEntry(schemas.bookPageSchema, 'content/book/synopsis.md', { ...synopsis, description: tooLong }),
    ).toThrow(`content/book/synopsis.md: description: ${message}`);
    const atTheLimit = tooLong.slice(0, 200);
    expect(() =>
      parseEntry(schemas.essaySchema, 'content/essays/golden-age.md', { ...essay, excerpt: atTheLimit }),
    ).not.toThrow();
  });

  it('a field note preview and the other meta descriptions the author writes', () => {
    expect(() =>
      parseEntry(schemas.fieldNoteSchema, 'content/fieldnotes/01.md', { ...note, preview: tooLong }),
    ).toThrow(`preview: ${message}`);
    expect(() => parseSiteConfig({ ...raw, siteDescription: tooLong }, {})).toThrow(`siteDescription: ${message}`);
    const topic = { slug: 'memory', title: 'Memory', description: tooLong };
    expect(() => parseEntry(schemas.topicSchema, 'content/data/topics.yaml[0]', topic)).toThrow(
      `description: ${message}`,
    );
    expect(() =>
      parseEntry(schemas.essayCategorySchema, 'content/data/essay-categories.yaml[0]', { ...topic, icon: '🦉' }),
    ).toThrow(`description: ${message}`);
  });

  it('a sentence or two at least: a shorter one is refused, as a page description as an excerpt', () => {
    const short = 'The well was older than the church.';
    const message = 'must be a sentence or two, at least 50 characters (it is the search-result snippet)';
    expect(() => parseEntry(schemas.essaySchema, 'content/essays/golden-age.md', { ...essay, excerpt: short })).toThrow(
      `content/essays/golden-age.md: excerpt: ${message}`,
    );
    expect(() => parseEntry(schemas.fieldNoteSchema, 'content/fieldnotes/01.md', { ...note, preview: short })).toThrow(
      `preview: ${message}`,
    );
    const topic = { slug: 'memory', title: 'Memory', description: short };
    expect(() => parseEntry(schemas.topicSchema, 'content/data/topics.yaml[0]', topic)).toThrow(
      `description: ${message}`,
    );
    expect(() => parseSiteConfig({ ...raw, siteDescription: short }, {})).toThrow(`siteDescription: ${message}`);
    expect(() =>
      parseEntry(schemas.essaySchema, 'content/essays/golden-age.md', { ...essay, excerpt: tooLong.slice(0, 50) }),
    ).not.toThrow();
  });

  it('holds for every essay the author has written', () => {
    const essays = readdirSync('content/essays', { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.mdx?$/.test(file),
    );
    expect(essays.length).toBeGreaterThanOrEqual(4);
    for (const file of essays) {
      expect(() => parseEntry(schemas.essaySchema, file, frontmatter(`content/essays/${file}`))).not.toThrow();
    }
  });
});

describe("a field left out or of the wrong kind is named in the author's words", () => {
  const file = 'content/essays/golden-age.md';
  it('in an essay', () => {
    const without = (key: string) => Object.fromEntries(Object.entries(essay).filter(([k]) => k !== key));
    expect(() => parseEntry(schemas.essaySchema, file, without('category'))).toThrow(`${file}: category: is missing`);
    expect(() => parseEntry(schemas.essaySchema, file, without('pubDate'))).toThrow(
      `${file}: pubDate: is missing: it must be a day written YYYY-MM-DD, such as 2026-06-01`,
    );
    expect(() => parseEntry(schemas.essaySchema, file, { ...essay, draft: 'yes' })).toThrow(
      `${file}: draft: must be true or false`,
    );
    expect(() => parseEntry(schemas.essaySchema, file, { ...essay, topics: 'memory' })).toThrow(
      `${file}: topics: must be a list, such as [memory, grief]`,
    );
  });
  it('in a field note', () => {
    const noteFile = 'content/fieldnotes/01.md';
    expect(() => parseEntry(schemas.fieldNoteSchema, noteFile, { ...note, id: '5' })).toThrow(
      `${noteFile}: id: must be a number, written without quotes`,
    );
    const { location: _, ...noLocation } = note;
    expect(() => parseEntry(schemas.fieldNoteSchema, noteFile, noLocation)).toThrow(
      `${noteFile}: location: is missing`,
    );
  });
});

describe('a day is written YYYY-MM-DD, and nothing else is guessed at', () => {
  const message = 'must be a day written YYYY-MM-DD, such as 2026-06-01';
  const file = 'content/essays/golden-age.md';

  it('as YAML reads it unquoted, or quoted', () => {
    const unquoted = parseEntry(schemas.essaySchema, file, {
      ...essay,
      ...(yaml.load('pubDate: 2026-02-28') as object),
    });
    expect(unquoted.pubDate.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    const quoted = parseEntry(schemas.essaySchema, file, { ...essay, pubDate: '2026-02-28' });
    expect(quoted.pubDate.toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('refuses a day written otherwise, or one the month does not have', () => {
    for (const day of ['March 5', '30/11/2026', '2026-02-30', '2026-6-1'])
      expect(() => parseEntry(schemas.essaySchema, file, { ...essay, pubDate: day }), day).toThrow(
        `${file}: pubDate: ${message}`,
      );
    expect(() =>
      parseEntry(schemas.fieldNoteSchema, 'content/fieldnotes/01.md', { ...note, dateLogged: 'June 2025' }),
    ).toThrow(`dateLogged: ${message}`);
  });

  it('finds, in the file itself, an unquoted day the calendar lacks, which YAML would roll over', () => {
    const file = (frontmatter: string) => `---\ntitle: The Lamp\n${frontmatter}\n---\n\n2026-02-30: in the text.\n`;
    expect(schemas.daysNotInTheCalendar(file('pubDate: 2026-02-30\nupdatedDate: 2026-13-01 # a comment'))).toEqual([
      'pubDate: 2026-02-30 is not a day of the calendar',
      'updatedDate: 2026-13-01 is not a day of the calendar',
    ]);
    expect(schemas.daysNotInTheCalendar(file('pubDate: 2028-02-29\ndateLogged: 2026-12-31'))).toEqual([]);
    // Quoted, it is the schema's to refuse, as above.
    expect(schemas.daysNotInTheCalendar(file("pubDate: '2026-02-30'"))).toEqual([]);
  });

  it('names each Markdown file left without an entry because another has its address, and that file', () => {
    const kept = ['content/essays/golden-age.md', 'content/essays/only-voice.md'];
    expect(
      schemas.filesSharingAnAddress(kept, [...kept, 'content/essays/golden-age/index.mdx', 'content/essays/x.mdx']),
    ).toEqual([
      'content/essays/golden-age/index.mdx: another file has its address, content/essays/golden-age.md',
      'content/essays/x.mdx: another file has its address',
    ]);
    expect(schemas.filesSharingAnAddress(kept, kept)).toEqual([]);
  });
});
