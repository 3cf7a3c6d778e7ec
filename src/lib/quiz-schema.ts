import { z } from 'astro/zod';
import { EXPLORER_TYPE_IDS, QUIZ_OPTION_COUNT } from './quiz';
import { isSpecRoute, specRoutes } from './spec-routes';

/**
 * Schemas for content/data/quiz.yaml and content/data/explorer-types.yaml (used by
 * src/content.config.ts and by the unit tests, which check the real files with them).
 * Rules across entries (4 questions, type order, reachability) are in quizContentProblems().
 */

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

export const explorerTypeSchema = z.object({
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
        path: z.string().refine(isSpecRoute, {
          message: `must be one of the site's routes: ${specRoutes.join(', ')}`,
        }),
      }),
    )
    .min(1),
});

export type QuizQuestionEntry = z.infer<typeof quizQuestionSchema>;
export type ExplorerTypeEntry = z.infer<typeof explorerTypeSchema>;
