import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import {
  authorPageSchema,
  bookPageSchema,
  coverMotifSchema,
  companionTopicSchema,
  echoQuoteSchema,
  homeSectionSchema,
  parseEntry,
  praiseQuoteSchema,
  metaNarrativeTopicSchema,
} from '../../src/lib/content-schemas';

/** Every page file and the schema its collection checks it with. */
const pageFiles = Object.entries({ book: bookPageSchema, author: authorPageSchema, home: homeSectionSchema }).flatMap(
  ([folder, schema]) => readdirSync(`content/${folder}`).map((name) => [`content/${folder}/${name}`, schema] as const),
);
const dataFiles = {
  'content/data/praise.yaml': { schema: praiseQuoteSchema, count: 6 },
  'content/data/cover-motifs.yaml': { schema: coverMotifSchema, count: 4 },
  'content/data/echo-quotes.yaml': { schema: echoQuoteSchema, count: 3 },
  'content/data/companion-topics.yaml': { schema: companionTopicSchema, count: 8 },
  'content/data/meta-narrative-topics.yaml': { schema: metaNarrativeTopicSchema, count: 4 },
};

/** The frontmatter of a Markdown file, as Astro's glob loader reads it. */
function frontmatter(file: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file} has no frontmatter`);
  return yaml.load(match[1]) as Record<string, unknown>;
}
const clone = <T>(value: T): T => structuredClone(value);

describe('the shipped book, author and home content', () => {
  it('has every page the site reads', () => {
    expect(pageFiles.length).toBeGreaterThanOrEqual(25);
  });

  for (const [file, schema] of pageFiles) {
    it(`${file} matches its schema and has a body`, () => {
      expect(() => parseEntry(schema, file, frontmatter(file))).not.toThrow();
      const body = readFileSync(file, 'utf8')
        .replace(/^---[\s\S]*?\n---/, '')
        .trim();
      // The hub's and the endorsement's text is all in their frontmatter; every other page reads its body.
      if (file !== 'content/book/book-hub.md' && file !== 'content/home/endorsement.md')
        expect(body.length, `${file} body`).toBeGreaterThan(0);
    });
  }

  for (const [file, { schema, count }] of Object.entries(dataFiles)) {
    it(`${file} holds ${count} valid entries`, () => {
      const list = yaml.load(readFileSync(file, 'utf8')) as unknown[];
      expect(list).toHaveLength(count);
      list.forEach((item, i) => expect(() => parseEntry(schema, `${file}[${i}]`, item)).not.toThrow());
    });
  }

  it('reading pages are substantial (several hundred words; the long pieces longer)', () => {
    const words = (file: string) =>
      readFileSync(file, 'utf8')
        .replace(/^---[\s\S]*?\n---/, '')
        .split(/\s+/)
        .filter(Boolean).length;
    for (const file of [
      'content/book/synopsis.md',
      'content/book/carob-sentinel.md',
      'content/author/about.md',
      'content/author/creators-epilogue.md',
      'content/author/gift-essay.md',
    ]) {
      expect(words(file), file).toBeGreaterThanOrEqual(350);
    }
    for (const file of [
      'content/author/authors-statement.md',
      'content/author/authors-craft.md',
      'content/author/legacy-letter.md',
      'content/author/ai-collaboration-reflection.md',
    ]) {
      expect(words(file), file).toBeGreaterThanOrEqual(800);
    }
  });
});

describe('malformed entries fail naming the file and the field', () => {
  const synopsis = frontmatter('content/book/synopsis.md');

  it('a misnamed highlight tile', () => {
    const bad = clone(synopsis) as { highlights: { title: string }[] };
    bad.highlights[1].title = 'Main Theme';
    expect(() => parseEntry(bookPageSchema, 'content/book/synopsis.md', bad)).toThrow(
      /^content\/book\/synopsis\.md: highlights\.1\.title: /m,
    );
  });

  it('a missing invitation attribution', () => {
    const bad = clone(synopsis) as { invitation: Record<string, unknown> };
    delete bad.invitation.attribution;
    expect(() => parseEntry(bookPageSchema, 'content/book/synopsis.md', bad)).toThrow(
      /synopsis\.md: invitation\.attribution: /,
    );
  });

  it('a misspelt key is an error, not ignored', () => {
    const bad = { ...clone(synopsis), decription: 'typo' };
    expect(() => parseEntry(bookPageSchema, 'content/book/synopsis.md', bad)).toThrow(/synopsis\.md: .*decription/);
  });

  it('an empty praise quote', () => {
    expect(() =>
      parseEntry(praiseQuoteSchema, 'content/data/praise.yaml[2]', { quote: '  ', name: 'A', role: 'B' }),
    ).toThrow('content/data/praise.yaml[2]: quote: must not be empty');
  });

  it('a reflection with four themes, or a theme that does not say it is coming soon', () => {
    const reflection = frontmatter('content/author/ai-collaboration-reflection.md') as { themes: { text: string }[] };
    const four = { ...clone(reflection), themes: reflection.themes.slice(0, 4) };
    expect(() => parseEntry(authorPageSchema, 'content/author/ai-collaboration-reflection.md', four)).toThrow(
      /reflection\.md: themes: must hold exactly 5 themes/,
    );
    const wrong = clone(reflection);
    wrong.themes[3].text = 'Here is the full text.';
    expect(() => parseEntry(authorPageSchema, 'content/author/ai-collaboration-reflection.md', wrong)).toThrow(
      /themes\.3\.text: must say the content is coming soon/,
    );
  });

  it('a meta-narrative topic without discussion prompts, and a companion with two closing questions', () => {
    const topics = yaml.load(readFileSync('content/data/meta-narrative-topics.yaml', 'utf8')) as Record<
      string,
      unknown
    >[];
    const bad = clone(topics[0]);
    delete bad.discussionPrompts;
    expect(() => parseEntry(metaNarrativeTopicSchema, 'content/data/meta-narrative-topics.yaml[0]', bad)).toThrow(
      /topics\.yaml\[0\]: discussionPrompts: /,
    );
    const companion = frontmatter('content/book/thematic-depth-guide.md') as { reflectionQuestions: string[] };
    const two = { ...clone(companion), reflectionQuestions: companion.reflectionQuestions.slice(0, 2) };
    expect(() => parseEntry(bookPageSchema, 'content/book/thematic-depth-guide.md', two)).toThrow(
      /thematic-depth-guide\.md: reflectionQuestions: must hold exactly 3 questions/,
    );
  });

  it('a page without a kind, or with one its collection does not have', () => {
    const { kind: _kind, ...withoutKind } = clone(synopsis);
    expect(() => parseEntry(bookPageSchema, 'content/book/synopsis.md', withoutKind)).toThrow(
      /^content\/book\/synopsis\.md: kind: Invalid discriminator value\. Expected 'hub' \| 'synopsis' \| 'editorial-praise' \| 'cover-story' \| 'companion' \| 'meta-narrative' \| 'prose'$/,
    );
    expect(() =>
      parseEntry(bookPageSchema, 'content/book/synopsis.md', { ...clone(synopsis), kind: 'letter' }),
    ).toThrow(/synopsis\.md: kind: Invalid discriminator value/);
  });

  it('lists every problem, one line each', () => {
    expect(() => parseEntry(praiseQuoteSchema, 'content/data/praise.yaml[0]', { quote: 'x' })).toThrow(
      /praise\.yaml\[0\]: name: [^\n]+\ncontent\/data\/praise\.yaml\[0\]: role: /,
    );
  });
});
