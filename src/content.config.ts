import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { dataFile } from './lib/data-file-loader';
import { LINE_TAGS } from './lib/line-bank';
import * as book from './lib/book-content';
import { explorerTypeSchema, quizQuestionSchema } from './lib/quiz-schema';

/**
 * Every collection the author edits under content/. Each schema names its fields, so a typo in
 * a file fails the build with the file and the field. Pages read these, never the files.
 */

const { sitePath } = book;
/** A navigation group with no page of its own is written '#': the header shows it as a toggle. */
const navigationPath = sitePath.or(z.literal('#'));

const navigation = defineCollection({
  loader: dataFile('content/data/navigation.yaml', 'name'),
  schema: z.object({
    name: z.string(),
    path: navigationPath,
    items: z.array(z.object({ name: z.string(), path: sitePath })).optional(),
  }),
});

const pulseQuotes = defineCollection({
  loader: dataFile('content/data/pulse-quotes.yaml'),
  schema: z.object({
    id: z.number().int(),
    text: z.string().min(1),
    source: z.string().optional(),
    icon: z.string().optional(),
  }),
});

const startGuide = defineCollection({
  loader: dataFile('content/data/start-guide.yaml'),
  schema: z.object({
    text: z.string(),
    desc: z.string(),
    path: sitePath,
    icon: z.string(),
  }),
});

// ── Community: the Carob Forum and the M.O.T.A. registry ─────────────────────────
// The pages' prose in content/community/*.md: forum.md (the side description), mota.md (the
// registry's introduction), founding-vision.md (the Founding Vision dialog).
const communityPages = defineCollection({
  loader: glob({ base: './content/community', pattern: '*.md' }),
  schema: z.object({
    title: z.string().min(1),
    /** For search engines and link previews (dialog texts have none). */
    description: z.string().min(50).max(200).optional(),
    eyebrow: z.string().optional(),
    lede: z.string().optional(),
  }),
});
const communityCollections = { communityPages };
// ── end of community ───────────────────────────────────────────────────────────────────────

// ── Book and author pages ────────────────────────────────────────────────────────
// Prose in content/book/ and content/author/ (Markdown: frontmatter + body), lists in
// content/data/. The schemas live in src/lib/book-content.ts, where the unit tests use them too.
const markdown = (base: string, pattern: string) => glob({ base: `./content/${base}`, pattern });

const bookHub = defineCollection({ loader: markdown('book', 'book-hub.md'), schema: book.hubSchema });
const bookSynopsis = defineCollection({ loader: markdown('book', 'synopsis.md'), schema: book.synopsisSchema });
const bookPraise = defineCollection({ loader: markdown('book', 'editorial-praise.md'), schema: book.editorialPraiseSchema });
const bookCoverStory = defineCollection({ loader: markdown('book', 'cover-story.md'), schema: book.coverStorySchema });
const bookCompanion = defineCollection({ loader: markdown('book', 'thematic-depth-guide.md'), schema: book.companionSchema });
const bookMetaNarrative = defineCollection({ loader: markdown('book', 'meta-narrative.md'), schema: book.metaNarrativeSchema });
const bookProse = defineCollection({ loader: markdown('book', 'carob-sentinel.md'), schema: book.proseSchema });
const authorProse = defineCollection({
  loader: markdown('author', '{about,authors-statement,authors-craft,creators-epilogue,gift-essay}.md'),
  schema: book.proseSchema,
});
const authorLetter = defineCollection({ loader: markdown('author', 'legacy-letter.md'), schema: book.letterSchema });
const authorReflection = defineCollection({ loader: markdown('author', 'ai-collaboration-reflection.md'), schema: book.reflectionSchema });
const authorPressKit = defineCollection({ loader: markdown('author', 'press-kit.md'), schema: book.pressKitSchema });
const authorBios = defineCollection({ loader: markdown('author', 'bio-{short,long}.md'), schema: book.bioSchema });
const praise = defineCollection({ loader: dataFile('content/data/praise.yaml', null), schema: book.praiseQuoteSchema });
const coverMotifs = defineCollection({ loader: dataFile('content/data/cover-motifs.yaml', 'name'), schema: book.coverMotifSchema });
const echoQuotes = defineCollection({ loader: dataFile('content/data/echo-quotes.yaml', null), schema: book.echoQuoteSchema });
const companionTopics = defineCollection({ loader: dataFile('content/data/companion-topics.yaml'), schema: book.companionTopicSchema });
const metaNarrativeTopics = defineCollection({
  loader: dataFile('content/data/meta-narrative-topics.yaml'),
  schema: book.metaNarrativeTopicSchema,
});
const bookCollections = {
  bookHub, bookSynopsis, bookPraise, bookCoverStory, bookCompanion, bookMetaNarrative, bookProse, authorProse, authorLetter,
  authorReflection, authorPressKit, authorBios, praise, coverMotifs, echoQuotes, companionTopics, metaNarrativeTopics,
};
// ── end of book and author pages ───────────────────────────────────────────────────────────

// ── Curious Mind quiz and explorer portals ────────────────────────────────────────
// Per-entry schemas live in src/lib/quiz-schema.ts (the unit tests check the real files with
// them); rules across entries (4 questions, type order, reachability) run in src/lib/quiz-data.ts.
const quizQuestions = defineCollection({
  loader: dataFile('content/data/quiz.yaml'),
  schema: quizQuestionSchema,
});

const explorerTypes = defineCollection({
  loader: dataFile('content/data/explorer-types.yaml'),
  schema: explorerTypeSchema,
});
// ── end of quiz block ─────────────────────────────────────────────────────────────────────────

// ─── Writings and community: essays, Line Bank, field notes, Engage hub, legal pages ───

/** A calendar day written as YYYY-MM-DD in frontmatter or YAML. */
const calendarDay = z.coerce.date();

const essayCategories = defineCollection({
  loader: dataFile('content/data/essay-categories.yaml', 'slug'),
  schema: z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and hyphens, as in the address /essays/<slug>'),
    title: z.string().min(1),
    description: z.string().min(1),
    icon: z.string().min(1),
  }),
});

const topics = defineCollection({
  loader: dataFile('content/data/topics.yaml', 'slug'),
  schema: z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and hyphens, as in the address /essays/topics/<slug>'),
    title: z.string().min(1),
    description: z.string().min(1),
  }),
});

/**
 * One Markdown or MDX file per essay in content/essays/ (or an index file in a folder of its
 * own, beside its images); the file name, or the folder's, is its address.
 */
const essays = defineCollection({
  loader: glob({ pattern: '**/[^_]*.{md,mdx}', base: './content/essays' }),
  schema: z.object({
    title: z.string().min(1),
    excerpt: z.string().min(20, 'write a sentence or two: it is shown in the index and the feed'),
    category: z.string().regex(/^[a-z0-9-]+$/, 'must be a category slug from content/data/essay-categories.yaml'),
    pubDate: calendarDay,
    updatedDate: calendarDay.optional(),
    draft: z.boolean().default(false),
    /** Slugs from content/data/topics.yaml; an unknown one fails the build naming the file. */
    topics: z.array(z.string().regex(/^[a-z0-9-]+$/, 'must be a topic slug from content/data/topics.yaml')).optional(),
  }),
});

const lineBank = defineCollection({
  loader: dataFile('content/data/line-bank.yaml'),
  schema: z.object({
    id: z.number().int().positive(),
    line: z.string().min(1),
    source: z.string().optional(),
    tags: z.array(z.enum(LINE_TAGS)).min(1, 'give every line at least one tag'),
  }),
});

/** One Markdown or MDX file per field note in content/fieldnotes/; the body is the full text. */
const fieldNotes = defineCollection({
  loader: glob({ pattern: '**/[^_]*.{md,mdx}', base: './content/fieldnotes' }),
  schema: z.object({
    id: z.number().int().positive(),
    title: z.string().min(1),
    dateLogged: calendarDay,
    location: z.string().min(1),
    linkedScene: z.string().min(1),
    icon: z.string().min(1),
    preview: z.string().min(1),
  }),
});

const engageCards = defineCollection({
  loader: dataFile('content/data/engage.yaml', 'title'),
  schema: z.object({
    icon: z.string().min(1),
    title: z.string().min(1),
    description: z.string().min(1),
    link: sitePath,
    cta: z.string().min(1),
  }),
});

/** Privacy, terms, cookies and submission guidelines: content/legal/<route>.md. */
const legalPages = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/legal' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    lastUpdated: z.string().regex(/^[A-Z][a-z]+ \d{4}$/, 'must be a month and year, such as June 2025'),
  }),
});

const writingsCollections = { essayCategories, topics, essays, lineBank, fieldNotes, engageCards, legalPages };
// ─── end of writings and community ───

const quizCollections = { quizQuestions, explorerTypes };

export const collections = {
  navigation,
  pulseQuotes,
  startGuide,
  ...communityCollections,
  ...bookCollections,
  ...quizCollections,
  ...writingsCollections,
};
