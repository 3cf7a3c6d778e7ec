import type { z } from 'astro/zod';
import raw from '../../content/site.json';
import { siteConfigSchema } from './content-schemas';

/** The site configuration the author edits in content/site.json, with the environment applied. */
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
