import { z } from 'astro/zod';

/**
 * Schemas for the book and author pages (content/book/, content/author/, and the YAML lists in
 * content/data/ they use). src/content.config.ts wires them to collections; they live here, free
 * of Astro's virtual modules, so unit tests can check the real files and malformed ones.
 * Every object is strict: a misspelt key is an error, not a silently ignored field.
 */

const text = z.string().trim().min(1, 'must not be empty');
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');
/** The description search engines and link previews show. */
const description = text.max(200, 'must be at most 200 characters (it is the search-result snippet)');

const pageFields = {
  title: text,
  description,
  /** Small capitals above the title. */
  eyebrow: text.optional(),
  /** One or two sentences under the title, set larger than the body. */
  lede: text.optional(),
};

/** A reading page: frontmatter for the head, Markdown body for the text. */
export const proseSchema = z
  .object({
    ...pageFields,
    /** Closing line under the text, e.g. "Elias Varros, Lisbon, spring". */
    signature: text.optional(),
  })
  .strict();

const quoteWithSource = z.object({ text, source: text }).strict();
const titledText = z.object({ title: text, text }).strict();

/** A path on this site, optionally with a #fragment: every internal link in the content. */
export const sitePath = z.string().regex(/^\/[a-z0-9\-/#]*$/, 'must be a site path such as /book');

/** content/book/book-hub.md: the head of /book and the cards that lead further. */
export const hubSchema = z
  .object({
    ...pageFields,
    tabsLabel: text,
    links: z.array(z.object({ title: text, text, href: sitePath, cta: text }).strict()).min(2, 'must hold at least 2 links'),
  })
  .strict();

/** content/book/synopsis.md */
export const synopsisSchema = z
  .object({
    ...pageFields,
    invitation: z.object({ text, attribution: z.literal('AI Editorial Assessment') }).strict(),
    highlights: z
      .tuple([
        z.object({ title: z.literal('Core Conflict'), text }).strict(),
        z.object({ title: z.literal('Central Theme'), text }).strict(),
        z.object({ title: z.literal('Narrative Style'), text }).strict(),
      ])
      .describe('the three highlight tiles: Core Conflict, Central Theme, Narrative Style'),
  })
  .strict();

/** content/book/editorial-praise.md: the body is the editor's comment. */
export const editorialPraiseSchema = z
  .object({ ...pageFields, editor: z.object({ name: text, role: text }).strict() })
  .strict();

/** content/data/praise.yaml: one entry per praise quote (the page shows six). */
export const praiseQuoteSchema = z.object({ quote: text, name: text, role: text }).strict();

/** content/book/cover-story.md: the body is the design text. */
export const coverStorySchema = z
  .object({ ...pageFields, quote: quoteWithSource, echoHeading: text })
  .strict();

/** content/data/cover-motifs.yaml */
export const coverMotifSchema = z
  .object({
    name: z.enum(['The Core', 'The Code', 'The Shore', 'The Silence']),
    subtitle: text,
    text,
  })
  .strict();

/** content/data/echo-quotes.yaml: the quotes that take turns on /coverstory. */
export const echoQuoteSchema = quoteWithSource;

/** content/book/thematic-depth-guide.md: the body is the guide's introduction. */
export const companionSchema = z
  .object({
    ...pageFields,
    metaExperiment: z.object({ title: text, text }).strict(),
    reflectionQuestions: z.array(text).length(3, 'must hold exactly 3 questions'),
  })
  .strict();

/** content/data/companion-topics.yaml: the eight thematic topics. */
export const companionTopicSchema = z
  .object({ id: slug, title: text, summary: text, questions: z.array(text).min(2, 'must hold at least 2 questions') })
  .strict();

/** content/book/meta-narrative.md: the body is the page's introduction. */
export const metaNarrativeSchema = z
  .object({ ...pageFields, callouts: z.array(titledText).min(1, 'must hold at least one callout') })
  .strict();

/** content/data/meta-narrative-topics.yaml. */
export const metaNarrativeTopicSchema = z
  .object({
    id: slug,
    title: text,
    intro: text,
    keyQuestions: z.array(text).min(1).optional(),
    discussionPrompts: z.array(text).min(1),
    keyThemes: z.array(text).min(1),
    futureQuestions: z.array(text).min(1),
    pullQuote: z.object({ text, source: text.optional() }).strict(),
    authorReflection: text,
    sidebarText: text,
    concludingThought: text,
  })
  .strict();

/** content/author/legacy-letter.md */
export const letterSchema = proseSchema.extend({
  curatorNote: z.object({ title: text, button: text, text }).strict(),
});

/** content/author/ai-collaboration-reflection.md */
export const reflectionSchema = proseSchema.extend({
  authorNote: text,
  memo: z.object({ button: text, title: text, text, signature: text }).strict(),
  themes: z
    .array(z.object({ title: text, text: text.regex(/coming soon/i, 'must say the content is coming soon') }).strict())
    .length(5, 'must hold exactly 5 themes'),
});

/** content/author/press-kit.md: the body is the kit's introduction. */
export const pressKitSchema = z
  .object({
    ...pageFields,
    endorsement: quoteWithSource,
    facts: z.array(z.object({ label: text, value: text }).strict()).min(4, 'must hold at least 4 facts'),
  })
  .strict();

/** content/author/bio-short.md, bio-long.md: the downloadable biographies. */
export const bioSchema = z.object({ title: text, words: z.number().int().positive().optional() }).strict();

/**
 * Which schema checks which file: the source of truth for the unit tests and for the
 * collections in src/content.config.ts.
 */
export const bookContentFiles = {
  'content/book/book-hub.md': hubSchema,
  'content/book/synopsis.md': synopsisSchema,
  'content/book/editorial-praise.md': editorialPraiseSchema,
  'content/book/cover-story.md': coverStorySchema,
  'content/book/thematic-depth-guide.md': companionSchema,
  'content/book/meta-narrative.md': metaNarrativeSchema,
  'content/book/carob-sentinel.md': proseSchema,
  'content/author/about.md': proseSchema,
  'content/author/authors-statement.md': proseSchema,
  'content/author/authors-craft.md': proseSchema,
  'content/author/creators-epilogue.md': proseSchema,
  'content/author/gift-essay.md': proseSchema,
  'content/author/legacy-letter.md': letterSchema,
  'content/author/ai-collaboration-reflection.md': reflectionSchema,
  'content/author/press-kit.md': pressKitSchema,
  'content/author/bio-short.md': bioSchema,
  'content/author/bio-long.md': bioSchema,
} as const;

export const bookDataFiles = {
  'content/data/praise.yaml': { schema: praiseQuoteSchema, count: 6 },
  'content/data/cover-motifs.yaml': { schema: coverMotifSchema, count: 4 },
  'content/data/echo-quotes.yaml': { schema: echoQuoteSchema, count: 3 },
  'content/data/companion-topics.yaml': { schema: companionTopicSchema, count: 8 },
  'content/data/meta-narrative-topics.yaml': { schema: metaNarrativeTopicSchema, count: 4 },
} as const;

/** "content/book/synopsis.md: highlights.1.title: …", one line per problem. */
export function describeProblems(file: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => `${file}: ${issue.path.map(String).join('.') || '(frontmatter)'}: ${issue.message}`)
    .join('\n');
}

/** Parses one entry, throwing an error that names the file and every bad field. */
export function parseEntry<T extends z.ZodType>(schema: T, file: string, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(describeProblems(file, result.error));
  return result.data;
}

/** Checks that a list has the number of entries the page is designed for. */
export function expectCount<T>(list: T[], count: number, file: string): T[] {
  if (list.length !== count) throw new Error(`${file}: expected ${count} entries, found ${list.length}`);
  return list;
}
