import { globSync, readFileSync } from 'node:fs';
import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { dataFile } from './lib/data-file-loader';
import { siteRoutes } from './lib/site-routes';
import * as schema from './lib/content-schemas';

/**
 * Every collection the author edits under content/, each wired to its schema in
 * src/lib/content-schemas.ts, so a typo in a file fails the build with the file and the field.
 * Pages read these, never the files.
 */

const MARKDOWN = '**/[^_]*.{md,mdx}';

/**
 * One entry per Markdown file. Two files with one address (an essay as `x.md` and as
 * `x/index.mdx`) stop the build: Astro's glob keeps one of them, without a word on a first
 * build, and the other's essay is gone from the site. So does a day the calendar lacks, which
 * YAML would have moved to another.
 */
function markdown(folder: string): Loader {
  const loader = glob({ base: `./content/${folder}`, pattern: MARKDOWN });
  return {
    ...loader,
    load: async (context) => {
      await loader.load(context);
      const kept = context.store
        .values()
        .map((entry) => entry.filePath)
        .filter((file): file is string => file !== undefined);
      const misdated = kept.flatMap((file) =>
        schema.daysNotInTheCalendar(readFileSync(file, 'utf8')).map((day) => `${file}: ${day}`),
      );
      if (misdated.length > 0) throw new Error(misdated.join('\n'));
      const lost = schema.filesSharingAnAddress(
        kept,
        globSync(MARKDOWN, { cwd: `content/${folder}` }).map((file) => `content/${folder}/${file}`),
      );
      if (lost.length > 0) throw new Error(lost.join('\n'));
    },
  };
}

export const collections = {
  // One file per page; the file name is the entry's id, its `kind` the layout it feeds.
  book: defineCollection({ loader: markdown('book'), schema: schema.bookPageSchema }),
  author: defineCollection({ loader: markdown('author'), schema: schema.authorPageSchema }),
  home: defineCollection({ loader: markdown('home'), schema: schema.homeSectionSchema }),
  communityPages: defineCollection({ loader: markdown('community'), schema: schema.communityPageSchema }),
  legalPages: defineCollection({ loader: markdown('legal'), schema: schema.legalPageSchema }),
  essays: defineCollection({ loader: markdown('essays'), schema: schema.essaySchema }),
  fieldNotes: defineCollection({ loader: markdown('fieldnotes'), schema: schema.fieldNoteSchema }),

  // Lists, one entry per item, in the file's order. A count is the number the page is laid out for.
  navigation: defineCollection({
    loader: dataFile('content/data/navigation.yaml', { id: 'name' }),
    schema: schema.navigationSchema,
  }),
  pulseQuotes: defineCollection({
    loader: dataFile('content/data/pulse-quotes.yaml'),
    schema: schema.pulseQuoteSchema,
  }),
  startGuide: defineCollection({ loader: dataFile('content/data/start-guide.yaml'), schema: schema.startGuideSchema }),
  praise: defineCollection({
    loader: dataFile('content/data/praise.yaml', { id: null, count: 6 }),
    schema: schema.praiseQuoteSchema,
  }),
  coverMotifs: defineCollection({
    loader: dataFile('content/data/cover-motifs.yaml', { id: 'name', count: 4 }),
    schema: schema.coverMotifSchema,
  }),
  echoQuotes: defineCollection({
    loader: dataFile('content/data/echo-quotes.yaml', { id: null, count: 3 }),
    schema: schema.echoQuoteSchema,
  }),
  companionTopics: defineCollection({
    loader: dataFile('content/data/companion-topics.yaml', { count: 8 }),
    schema: schema.companionTopicSchema,
  }),
  metaNarrativeTopics: defineCollection({
    loader: dataFile('content/data/meta-narrative-topics.yaml', { count: 4 }),
    schema: schema.metaNarrativeTopicSchema,
  }),
  quizQuestions: defineCollection({ loader: dataFile('content/data/quiz.yaml'), schema: schema.quizQuestionSchema }),
  explorerTypes: defineCollection({
    loader: dataFile('content/data/explorer-types.yaml'),
    schema: schema.explorerTypeSchema(siteRoutes()),
  }),
  essayCategories: defineCollection({
    loader: dataFile('content/data/essay-categories.yaml', { id: 'slug' }),
    schema: schema.essayCategorySchema,
  }),
  topics: defineCollection({
    loader: dataFile('content/data/topics.yaml', { id: 'slug' }),
    schema: schema.topicSchema,
  }),
  lineBank: defineCollection({ loader: dataFile('content/data/line-bank.yaml'), schema: schema.lineBankSchema }),
  engageCards: defineCollection({
    loader: dataFile('content/data/engage.yaml', { id: 'title' }),
    schema: schema.engageCardSchema,
  }),
};
