import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { dataFile } from './lib/data-file-loader';

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

// ── Community: the Carob Forum and the M.O.T.A. registry (issue 7) ─────────────────────────
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

export const collections = { navigation, pulseQuotes, startGuide, ...communityCollections };
