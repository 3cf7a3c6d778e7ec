import { z } from 'astro/zod';
import raw from '../../content/site.json';

/** The site configuration the author edits in content/site.json; every key is used by the site. */
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

export type SiteConfig = z.infer<typeof siteConfigSchema> & { currentYear: number };

interface Env {
  PUBLIC_SITE_URL?: string;
}

/** Validates the configuration file and applies the environment; throws naming the bad field. */
export function parseSiteConfig(input: unknown, env: Env, now = new Date()): SiteConfig {
  const result = siteConfigSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`content/site.json is invalid:\n  ${problems.join('\n  ')}`);
  }
  const config = result.data;
  return {
    ...config,
    siteUrl: (env.PUBLIC_SITE_URL || config.siteUrl).replace(/\/$/, ''),
    currentYear: now.getFullYear(),
  };
}

// Astro's `site`, which astro.config.mjs takes from PUBLIC_SITE_URL (declared and checked there).
export const siteConfig: SiteConfig = parseSiteConfig(raw, { PUBLIC_SITE_URL: import.meta.env.SITE });
