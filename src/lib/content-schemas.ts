import { z } from 'astro/zod';
import { EXPLORER_TYPE_IDS, QUIZ_OPTION_COUNT } from './quiz';
import { LINE_TAGS } from './line-bank';

/**
 * Every schema the author's files are checked against: the collections under content/ (wired
 * to their files in src/content.config.ts) and content/site.json. Free of Astro's virtual
 * modules, so the unit tests check the real files, and malformed ones, with these same schemas.
 * Page objects are strict: a misspelt key is an error, not a silently ignored field.
 */

const text = z.string().trim().min(1, 'must not be empty');
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');
/** The description search engines and link previews show. */
const description = text.max(200, 'must be at most 200 characters (it is the search-result snippet)');
/** A calendar day written as YYYY-MM-DD in frontmatter or YAML. */
const calendarDay = z.coerce.date();

/** A path on this site, optionally with a #fragment: every internal link in the content. */
export const sitePath = z.string().regex(/^\/[a-z0-9\-/#]*$/, 'must be a site path such as /book');
/** A navigation group with no page of its own is written '#': the header shows it as a toggle. */
const navigationPath = sitePath.or(z.literal('#'));

// ── content/site.json ──────────────────────────────────────────────────────────────────

/** The site configuration; every key is read by the site. */
export const siteConfigSchema = z
  .object({
    siteName: z.string().min(1),
    siteDescription: z.string().min(1),
    siteUrl: z.url(),
    contactEmail: z.email(),
    newsletterRecipientEmail: z.email(),
    socialLinks: z.object({ twitter: z.url(), instagram: z.url(), facebook: z.url() }),
    forum: z.object({ postsPerPage: z.int().positive().max(100) }),
    enableKonamiCode: z.boolean(),
    onboardingVersion: z.string().regex(/^\d+\.\d+\.\d+$/),
  })
  .strict();

// ── Pages: content/book/, content/author/, content/home/ ────────────────────────────────
// One Markdown file per page (or home-page section). Its `kind` names the layout it feeds, so
// each file is checked against the fields that layout reads.

const pageFields = {
  title: text,
  description,
  /** Small capitals above the title. */
  eyebrow: text.optional(),
  /** One or two sentences under the title, set larger than the body. */
  lede: text.optional(),
};

const quoteWithSource = z.object({ text, source: text }).strict();
const titledText = z.object({ title: text, text }).strict();
const link = z.object({ text, href: sitePath }).strict();

/** A reading page: frontmatter for the head, Markdown body for the text. */
const prosePage = z
  .object({
    kind: z.literal('prose'),
    ...pageFields,
    /** Closing line under the text, e.g. "Elias Varros, Lisbon, spring". */
    signature: text.optional(),
  })
  .strict();

/** book-hub.md: the head of /book and the cards that lead further. */
const hubPage = z
  .object({
    kind: z.literal('hub'),
    ...pageFields,
    tabsLabel: text,
    links: z
      .array(z.object({ title: text, text, href: sitePath, cta: text }).strict())
      .min(2, 'must hold at least 2 links'),
  })
  .strict();

/** synopsis.md */
const synopsisPage = z
  .object({
    kind: z.literal('synopsis'),
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

/** editorial-praise.md: the body is the editor's comment. */
const editorialPraisePage = z
  .object({ kind: z.literal('editorial-praise'), ...pageFields, editor: z.object({ name: text, role: text }).strict() })
  .strict();

/** cover-story.md: the body is the design text. */
const coverStoryPage = z
  .object({ kind: z.literal('cover-story'), ...pageFields, quote: quoteWithSource, echoHeading: text })
  .strict();

/** thematic-depth-guide.md: the body is the guide's introduction. */
const companionPage = z
  .object({
    kind: z.literal('companion'),
    ...pageFields,
    metaExperiment: z.object({ title: text, text }).strict(),
    reflectionQuestions: z.array(text).length(3, 'must hold exactly 3 questions'),
  })
  .strict();

/** meta-narrative.md: the body is the page's introduction. */
const metaNarrativePage = z
  .object({
    kind: z.literal('meta-narrative'),
    ...pageFields,
    callouts: z.array(titledText).min(1, 'must hold at least one callout'),
  })
  .strict();

/** legacy-letter.md */
const letterPage = prosePage.extend({
  kind: z.literal('letter'),
  curatorNote: z.object({ title: text, button: text, text }).strict(),
});

/** ai-collaboration-reflection.md */
const reflectionPage = prosePage.extend({
  kind: z.literal('reflection'),
  authorNote: text,
  memo: z.object({ button: text, title: text, text, signature: text }).strict(),
  themes: z
    .array(z.object({ title: text, text: text.regex(/coming soon/i, 'must say the content is coming soon') }).strict())
    .length(5, 'must hold exactly 5 themes'),
});

/** press-kit.md: the body is the kit's introduction. */
const pressKitPage = z
  .object({
    kind: z.literal('press-kit'),
    ...pageFields,
    endorsement: quoteWithSource,
    facts: z.array(z.object({ label: text, value: text }).strict()).min(4, 'must hold at least 4 facts'),
  })
  .strict();

/** bio-short.md, bio-long.md: the downloadable biographies. */
const bioPage = z
  .object({ kind: z.literal('bio'), title: text, words: z.number().int().positive().optional() })
  .strict();

/** The home page, one file per section, top to bottom. */
export const homeSectionSchema = z.discriminatedUnion('kind', [
  /** The opening: the body is the line under the title; `pageTitle` is the browser tab's. */
  z
    .object({ kind: z.literal('hero'), pageTitle: text, eyebrow: text, title: text, cta: link, openingCta: text })
    .strict(),
  /** The endorsement quote and the button that opens the full assessment. */
  z.object({ kind: z.literal('endorsement'), title: text, quote: text, caption: text, button: text }).strict(),
  /** The dialog: the body is the assessment, `note` the small print under it. */
  z.object({ kind: z.literal('assessment'), title: text, note: text }).strict(),
  /** The body is the section's text. */
  z.object({ kind: z.literal('section'), eyebrow: text, title: text, cta: link.optional() }).strict(),
]);

// One schema per collection: the file's `kind` picks the fields it must have, and a missing or
// unknown kind is reported with the kinds the collection has.
export const bookPageSchema = z.discriminatedUnion('kind', [
  hubPage,
  synopsisPage,
  editorialPraisePage,
  coverStoryPage,
  companionPage,
  metaNarrativePage,
  prosePage,
]);
export const authorPageSchema = z.discriminatedUnion('kind', [
  prosePage,
  letterPage,
  reflectionPage,
  pressKitPage,
  bioPage,
]);

/** content/community/*.md: the forum's side text, the registry's introduction, the Founding Vision dialog. */
export const communityPageSchema = z.object({
  title: z.string().min(1),
  /** For search engines and link previews (dialog texts have none). */
  description: z.string().min(50).max(200).optional(),
  eyebrow: z.string().optional(),
  lede: z.string().optional(),
});

/** content/legal/<route>.md: privacy, terms, cookies and submission guidelines. */
export const legalPageSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  lastUpdated: z.string().regex(/^[A-Z][a-z]+ \d{4}$/, 'must be a month and year, such as June 2025'),
});

// ── Lists in content/data/*.yaml, used by the pages above ───────────────────────────────

export const navigationSchema = z.object({
  name: z.string(),
  path: navigationPath,
  items: z.array(z.object({ name: z.string(), path: sitePath })).optional(),
});

export const pulseQuoteSchema = z.object({
  id: z.number().int(),
  text: z.string().min(1),
  source: z.string().optional(),
  icon: z.string().optional(),
});

export const startGuideSchema = z.object({
  text: z.string(),
  desc: z.string(),
  path: sitePath,
  icon: z.string(),
});

/** praise.yaml: one entry per praise quote (the page shows six). */
export const praiseQuoteSchema = z.object({ quote: text, name: text, role: text }).strict();

/** cover-motifs.yaml */
export const coverMotifSchema = z
  .object({
    name: z.enum(['The Core', 'The Code', 'The Shore', 'The Silence']),
    subtitle: text,
    text,
  })
  .strict();

/** echo-quotes.yaml: the quotes that take turns on /coverstory. */
export const echoQuoteSchema = quoteWithSource;

/** companion-topics.yaml: the eight thematic topics. */
export const companionTopicSchema = z
  .object({ id: slug, title: text, summary: text, questions: z.array(text).min(2, 'must hold at least 2 questions') })
  .strict();

/** meta-narrative-topics.yaml. */
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

/** quiz.yaml. Rules across entries (4 questions, type order, reachability) are in quizContentProblems(). */
export const quizQuestionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, 'must be a short id such as q1'),
  text: z.string().trim().min(1),
  options: z
    .array(
      z.object({
        text: z.string().trim().min(1),
        score: z
          .number()
          .int()
          .min(0)
          .max(EXPLORER_TYPE_IDS.length - 1, `must be an explorer type index, 0–${EXPLORER_TYPE_IDS.length - 1}`),
      }),
    )
    .length(QUIZ_OPTION_COUNT, `each question has exactly ${QUIZ_OPTION_COUNT} options`),
});

/** A Tailwind class of one kind, e.g. `bg-sea` or `text-paper`. */
const classOf = (prefix: 'bg' | 'border' | 'text') =>
  z.string().regex(new RegExp(`^${prefix}-[a-z0-9-]+$`), `must be a single ${prefix}-… class such as ${prefix}-sea`);

/**
 * explorer-types.yaml. A portal's curated links must lead to pages that exist: `routes` are the
 * site's fixed routes, read from src/pages by the caller (src/lib/site-routes.ts).
 */
export const explorerTypeSchema = (routes: readonly string[]) =>
  z.object({
    id: z.enum(EXPLORER_TYPE_IDS),
    /** Shown as 'You are The <name>'. */
    name: z.string().trim().min(1),
    colors: z.object({
      /** The portal banner's background. */
      primary: classOf('bg'),
      /** The accent rule on the banner and on each curated link. */
      secondary: classOf('border'),
      /** Text on the primary background (must keep AA contrast with it). */
      text: classOf('text'),
    }),
    /** Paragraphs separated by a blank line; blank shows 'Your unique path awaits...'. */
    description: z.string().optional(),
    curatedLinks: z
      .array(
        z.object({
          icon: z.string().min(1),
          title: z.string().trim().min(1),
          teaser: z.string().trim().min(1),
          path: z.string().refine((path) => routes.includes(path), {
            message: `must be one of the site's routes: ${routes.join(', ')}`,
          }),
        }),
      )
      .min(1),
  });

/** The slug a page's address is built from, as `address` shows. */
const addressSlug = (address: string) =>
  z.string().regex(/^[a-z0-9-]+$/, `must be lower-case letters, digits and hyphens, as in the address ${address}`);

export const essayCategorySchema = z.object({
  slug: addressSlug('/essays/<slug>'),
  title: z.string().min(1),
  description: z.string().min(1),
  icon: z.string().min(1),
});

export const topicSchema = z.object({
  slug: addressSlug('/essays/topics/<slug>'),
  title: z.string().min(1),
  description: z.string().min(1),
});

export const lineBankSchema = z.object({
  id: z.number().int().positive(),
  line: z.string().min(1),
  source: z.string().optional(),
  tags: z.array(z.enum(LINE_TAGS)).min(1, 'give every line at least one tag'),
});

export const engageCardSchema = z.object({
  icon: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  link: sitePath,
  cta: z.string().min(1),
});

// ── Writings: content/essays/, content/fieldnotes/ ──────────────────────────────────────

/** One essay: a Markdown or MDX file, or an index file in a folder of its own beside its images. */
export const essaySchema = z.object({
  title: z.string().min(1),
  excerpt: z.string().min(20, 'write a sentence or two: it is shown in the index and the feed'),
  category: z.string().regex(/^[a-z0-9-]+$/, 'must be a category slug from content/data/essay-categories.yaml'),
  pubDate: calendarDay,
  updatedDate: calendarDay.optional(),
  draft: z.boolean().default(false),
  /** Slugs from content/data/topics.yaml; an unknown one fails the build naming the file. */
  topics: z.array(z.string().regex(/^[a-z0-9-]+$/, 'must be a topic slug from content/data/topics.yaml')).optional(),
});

/** One field note; the body is the full text. */
export const fieldNoteSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1),
  dateLogged: calendarDay,
  location: z.string().min(1),
  linkedScene: z.string().min(1),
  icon: z.string().min(1),
  preview: z.string().min(1),
});

export type QuizQuestionEntry = z.infer<typeof quizQuestionSchema>;
export type ExplorerTypeEntry = z.infer<ReturnType<typeof explorerTypeSchema>>;

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
