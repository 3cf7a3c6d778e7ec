import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { dataFile } from './lib/data-file-loader';
import { explorerTypeSchema, quizQuestionSchema } from './lib/quiz-schema';

/**
 * Every collection the author edits under content/. Each schema names its fields, so a typo in
 * a file fails the build with the file and the field. Pages read these, never the files.
 */

export const sitePath = z.string().regex(/^(\/[a-z0-9\-/#]*|#)$/, 'must be a site path such as /book');

const navigation = defineCollection({
  loader: dataFile('content/data/navigation.yaml', 'name'),
  schema: z.object({
    name: z.string(),
    path: sitePath,
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

// ── Curious Mind quiz and explorer portals (issue 5) ────────────────────────────────────────
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

export const collections = { navigation, pulseQuotes, startGuide, quizQuestions, explorerTypes };
