import { z } from 'astro/zod';
import { closestWord } from './closest-word';
import { EXPLORER_TYPE_IDS, QUIZ_OPTION_COUNT } from './quiz';
import { LINE_TAGS } from './line-bank';

/**
 * Every schema the author's files are checked against: the collections under content/ (wired
 * to their files in src/content.config.ts) and content/site.json. Free of Astro's virtual
 * modules, so the unit tests check the real files, and malformed ones, with these same schemas.
 * Every object is strict (`fields`): a misspelt key is an error naming the key it was meant to be,
 * not a silently ignored field beside a "required" one the author can see they wrote.
 */

/**
 * An object with exactly `shape`'s keys. `noun` is what the object is to the author, for the
 * message on a key it does not know: "`categroy` is not a field of an essay; did you mean
 * `category`?", or, when no field is near enough to be meant, the fields it has. Only fields the
 * file leaves out are suggested: a key beside its own correct spelling is not a typo of it.
 */
function fields<S extends z.core.$ZodLooseShape>(noun: string, shape: S) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      const given = issue.input ?? {};
      const missing = known.filter((key) => !(key in given));
      return issue.keys
        .map((key) => {
          const meant = closestWord(key, missing);
          return meant
            ? `\`${key}\` is not a field of ${noun}; did you mean \`${meant}\`?`
            : `\`${key}\` is not a field of ${noun}, which has ${known.map((k) => `\`${k}\``).join(', ')}`;
        })
        .join('; ');
    },
  });
}

/**
 * What an author reads for a field left out, or written as another kind of value, in place of
 * the validator's own words ("Required", "Expected type boolean, received string").
 */
function inAuthorsWords(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.input === undefined) return 'is missing';
  if (issue.code !== 'invalid_type') return undefined;
  return {
    boolean: 'must be true or false',
    number: 'must be a number, written without quotes',
    string: 'must be text',
    array: 'must be a list, such as [memory, grief]',
  }[issue.expected as string];
}

const text = z.string({ error: inAuthorsWords }).trim().min(1, 'must not be empty');
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');
/**
 * The limits on any text that becomes a page's meta description, which search engines show as the
 * result's snippet: cut off beyond about 200 characters, and, shorter than a sentence or two, often
 * replaced by whatever text of the page they pick.
 */
const SNIPPET_MIN = 50;
const SNIPPET_MAX = 200;
const SNIPPET_TOO_SHORT = `must be a sentence or two, at least ${SNIPPET_MIN} characters (it is the search-result snippet)`;
const SNIPPET_TOO_LONG = `must be at most ${SNIPPET_MAX} characters (it is the search-result snippet)`;
/** The description search engines and link previews show. */
const description = text.min(SNIPPET_MIN, SNIPPET_TOO_SHORT).max(SNIPPET_MAX, SNIPPET_TOO_LONG);
/**
 * A calendar day written as YYYY-MM-DD in frontmatter or YAML. YAML reads an unquoted one as a
 * date already; any other text is refused rather than guessed at (JavaScript reads "March 5" as
 * 5 March 2001, and "2026-02-30" as 2 March).
 */
const CALENDAR_DAY = 'must be a day written YYYY-MM-DD, such as 2026-06-01';
const calendarDay = z
  .union([z.date({ error: CALENDAR_DAY }), z.iso.date({ error: CALENDAR_DAY })], {
    error: (issue) => (issue.input === undefined ? `is missing: it ${CALENDAR_DAY}` : undefined),
  })
  .transform((day) => (typeof day === 'string' ? new Date(day) : day));

/**
 * The days in a Markdown file's frontmatter that the calendar lacks. YAML reads an unquoted
 * 2026-02-30 as a date, rolled over to 2 March, before any schema sees it, so the file's own
 * text is read for them: each is `key: day is not a day of the calendar`.
 */
export function daysNotInTheCalendar(fileText: string): string[] {
  const frontmatter = fileText.match(/^---\r?\n([\s\S]*?)\r?\n---/)?.[1] ?? '';
  return [...frontmatter.matchAll(/^([\w-]+):[ \t]*(\d{4}-\d\d-\d\d)[ \t]*(?:#.*)?$/gm)]
    .filter(([, , day]) => !z.iso.date().safeParse(day).success)
    .map(([, key, day]) => `${key}: ${day} is not a day of the calendar`);
}

/**
 * The Markdown files the loader kept no entry for, because another file has their address (an
 * essay as `x.md` and as `x/index.mdx`): each is `file: another file has its address, twin`.
 * Paths are the project's (`content/essays/x.md`).
 */
export function filesSharingAnAddress(kept: readonly string[], all: readonly string[]): string[] {
  const address = (file: string) => file.replace(/(\/index)?\.mdx?$/, '');
  return all
    .filter((file) => !kept.includes(file))
    .map((file) => {
      const twin = kept.find((other) => address(other) === address(file));
      return `${file}: another file has its address${twin ? `, ${twin}` : ''}`;
    });
}

/** A path on this site, optionally with a #fragment: every internal link in the content. */
export const sitePath = z.string().regex(/^\/[a-z0-9\-/#]*$/, 'must be a site path such as /book');
/** A navigation group with no page of its own is written '#': the header shows it as a toggle. */
const navigationPath = sitePath.or(z.literal('#'));

// ── content/site.json ──────────────────────────────────────────────────────────────────

/** The site configuration; every key is read by the site. */
export const siteConfigSchema = fields('the site configuration', {
  siteName: z.string().min(1),
  /** The home page's meta description. */
  siteDescription: description,
  siteUrl: z.url(),
  contactEmail: z.email(),
  newsletterRecipientEmail: z.email(),
  socialLinks: fields('the social links', { twitter: z.url(), instagram: z.url(), facebook: z.url() }),
  forum: fields('the forum settings', { postsPerPage: z.int().positive().max(100) }),
  enableKonamiCode: z.boolean(),
  onboardingVersion: z.string().regex(/^\d+\.\d+\.\d+$/),
});

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

const quoteWithSource = fields('a quote', { text, source: text });
const link = fields('a link', { text, href: sitePath });

/** A page of `kind`: its own fields beside `kind`. */
const page = <K extends string, S extends z.core.$ZodLooseShape>(kind: K, shape: S) =>
  fields(`a \`${kind}\` page`, { kind: z.literal(kind), ...shape });

/** Closing line under the text, e.g. "Elias Varros, Lisbon, spring". */
const signature = text.optional();

/** A reading page: frontmatter for the head, Markdown body for the text. */
const prosePage = page('prose', { ...pageFields, signature });

/** book-hub.md: the head of /book and the cards that lead further. */
const hubPage = page('hub', {
  ...pageFields,
  tabsLabel: text,
  links: z
    .array(fields('a link card', { title: text, text, href: sitePath, cta: text }))
    .min(2, 'must hold at least 2 links'),
});

/** synopsis.md */
const highlight = <T extends string>(title: T) => fields('a highlight tile', { title: z.literal(title), text });
const synopsisPage = page('synopsis', {
  ...pageFields,
  invitation: fields('the invitation', { text, attribution: z.literal('AI Editorial Assessment') }),
  highlights: z
    .tuple([highlight('Core Conflict'), highlight('Central Theme'), highlight('Narrative Style')])
    .describe('the three highlight tiles: Core Conflict, Central Theme, Narrative Style'),
});

/** editorial-praise.md: the body is the editor's comment. */
const editorialPraisePage = page('editorial-praise', {
  ...pageFields,
  editor: fields('the editor', { name: text, role: text }),
});

/** cover-story.md: the body is the design text. */
const coverStoryPage = page('cover-story', { ...pageFields, quote: quoteWithSource, echoHeading: text });

/** thematic-depth-guide.md: the body is the guide's introduction. */
const companionPage = page('companion', {
  ...pageFields,
  metaExperiment: fields('the meta-experiment', { title: text, text }),
  reflectionQuestions: z.array(text).length(3, 'must hold exactly 3 questions'),
});

/** meta-narrative.md: the body is the page's introduction. */
const metaNarrativePage = page('meta-narrative', {
  ...pageFields,
  callouts: z.array(fields('a callout', { title: text, text })).min(1, 'must hold at least one callout'),
});

/** legacy-letter.md */
const letterPage = page('letter', {
  ...pageFields,
  signature,
  curatorNote: fields("the curator's note", { title: text, button: text, text }),
});

/** ai-collaboration-reflection.md */
const reflectionPage = page('reflection', {
  ...pageFields,
  signature,
  authorNote: text,
  memo: fields('the memo', { button: text, title: text, text, signature: text }),
  themes: z
    .array(fields('a theme', { title: text, text: text.regex(/coming soon/i, 'must say the content is coming soon') }))
    .length(5, 'must hold exactly 5 themes'),
});

/** press-kit.md: the body is the kit's introduction. */
const pressKitPage = page('press-kit', {
  ...pageFields,
  endorsement: quoteWithSource,
  facts: z.array(fields('a fact', { label: text, value: text })).min(4, 'must hold at least 4 facts'),
});

/** bio-short.md, bio-long.md: the downloadable biographies. */
const bioPage = page('bio', { title: text, words: z.number().int().positive().optional() });

/** A section of the home page, of `kind`. */
const section = <K extends string, S extends z.core.$ZodLooseShape>(kind: K, shape: S) =>
  fields(`a \`${kind}\` section`, { kind: z.literal(kind), ...shape });

/** The home page, one file per section, top to bottom. */
export const homeSectionSchema = z.discriminatedUnion('kind', [
  /** The opening: the body is the line under the title; `pageTitle` is the browser tab's. */
  section('hero', { pageTitle: text, eyebrow: text, title: text, cta: link, openingCta: text }),
  /** The endorsement quote and the button that opens the full assessment. */
  section('endorsement', { title: text, quote: text, caption: text, button: text }),
  /** The dialog: the body is the assessment, `note` the small print under it. */
  section('assessment', { title: text, note: text }),
  /** The body is the section's text. */
  section('section', { eyebrow: text, title: text, cta: link.optional() }),
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
export const communityPageSchema = fields('a community page', {
  title: z.string().min(1),
  /** For search engines and link previews (dialog texts have none). */
  description: description.optional(),
  eyebrow: z.string().optional(),
  lede: z.string().optional(),
});

/** content/legal/<route>.md: privacy, terms, cookies and submission guidelines. */
export const legalPageSchema = fields('a legal page', {
  title: z.string().min(1),
  description,
  lastUpdated: z.string().regex(/^[A-Z][a-z]+ \d{4}$/, 'must be a month and year, such as June 2025'),
});

// ── Lists in content/data/*.yaml, used by the pages above ───────────────────────────────

export const navigationSchema = fields('a navigation entry', {
  name: z.string(),
  path: navigationPath,
  items: z.array(fields('a navigation item', { name: z.string(), path: sitePath })).optional(),
});

export const pulseQuoteSchema = fields('a Pulse quote', {
  id: z.number().int(),
  text: z.string().min(1),
  source: z.string().optional(),
  icon: z.string().optional(),
});

export const startGuideSchema = fields('a Start Here step', {
  text: z.string(),
  desc: z.string(),
  path: sitePath,
  icon: z.string(),
});

/** praise.yaml: one entry per praise quote (the page shows six). */
export const praiseQuoteSchema = fields('a praise quote', { quote: text, name: text, role: text });

/** cover-motifs.yaml */
export const coverMotifSchema = fields('a cover motif', {
  name: z.enum(['The Core', 'The Code', 'The Shore', 'The Silence']),
  subtitle: text,
  text,
});

/** echo-quotes.yaml: the quotes that take turns on /coverstory. */
export const echoQuoteSchema = quoteWithSource;

/** companion-topics.yaml: the eight thematic topics. */
export const companionTopicSchema = fields('a companion topic', {
  id: slug,
  title: text,
  summary: text,
  questions: z.array(text).min(2, 'must hold at least 2 questions'),
});

/** meta-narrative-topics.yaml. */
export const metaNarrativeTopicSchema = fields('a meta-narrative topic', {
  id: slug,
  title: text,
  intro: text,
  keyQuestions: z.array(text).min(1).optional(),
  discussionPrompts: z.array(text).min(1),
  keyThemes: z.array(text).min(1),
  futureQuestions: z.array(text).min(1),
  pullQuote: fields('the pull quote', { text, source: text.optional() }),
  authorReflection: text,
  sidebarText: text,
  concludingThought: text,
});

/** quiz.yaml. Rules across entries (4 questions, type order, reachability) are in quizContentProblems(). */
export const quizQuestionSchema = fields('a quiz question', {
  id: z.string().regex(/^[a-z0-9-]+$/, 'must be a short id such as q1'),
  text: z.string().trim().min(1),
  options: z
    .array(
      fields('an answer option', {
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
  fields('an explorer type', {
    id: z.enum(EXPLORER_TYPE_IDS),
    /** Shown as 'You are The <name>'. */
    name: z.string().trim().min(1),
    colors: fields("an explorer type's colors", {
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
        fields('a curated link', {
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

export const essayCategorySchema = fields('an essay category', {
  slug: addressSlug('/essays/<slug>'),
  title: z.string().min(1),
  /** The category page's meta description. */
  description,
  icon: z.string().min(1),
});

export const topicSchema = fields('a topic', {
  slug: addressSlug('/essays/topics/<slug>'),
  title: z.string().min(1),
  /** The topic page's meta description. */
  description,
});

export const lineBankSchema = fields('a Line Bank line', {
  id: z.number().int().positive(),
  line: z.string().min(1),
  source: z.string().optional(),
  tags: z.array(z.enum(LINE_TAGS)).min(1, 'give every line at least one tag'),
});

export const engageCardSchema = fields('an engage card', {
  icon: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  link: sitePath,
  cta: z.string().min(1),
});

// ── Writings: content/essays/, content/fieldnotes/ ──────────────────────────────────────

/** One essay: a Markdown or MDX file, or an index file in a folder of its own beside its images. */
export const essaySchema = fields('an essay', {
  title: text,
  /** Shown in the index and the feeds, and the essay page's meta description. */
  excerpt: description,
  category: z
    .string({ error: inAuthorsWords })
    .regex(/^[a-z0-9-]+$/, 'must be a category slug from content/data/essay-categories.yaml'),
  pubDate: calendarDay,
  updatedDate: calendarDay.optional(),
  draft: z.boolean({ error: inAuthorsWords }).default(false),
  /** Slugs from content/data/topics.yaml; an unknown one fails the build naming the file. */
  topics: z
    .array(z.string().regex(/^[a-z0-9-]+$/, 'must be a topic slug from content/data/topics.yaml'), {
      error: inAuthorsWords,
    })
    .optional(),
});

/** One field note; the body is the full text. */
export const fieldNoteSchema = fields('a field note', {
  id: z.number({ error: inAuthorsWords }).int().positive(),
  title: text,
  dateLogged: calendarDay,
  location: text,
  linkedScene: text,
  icon: text,
  /** Shown before the note is opened, and the note page's meta description. */
  preview: description,
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
