// @ts-check
import { defineConfig, envField, fontProviders } from 'astro/config';
import { loadEnv } from 'vite';
import { readFileSync } from 'node:fs';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import pagefind from 'astro-pagefind';
import browser from './src/integrations/browser.mjs';
import searchAhead from './src/integrations/search-ahead.mjs';
import securityHeaders from './src/integrations/security-headers.mjs';
import siteLinks from './src/integrations/site-links.mjs';
import socialCards from './src/integrations/social-cards.mjs';
import { embeddedSupabase } from './supabase/embedded/vite-plugin.mjs';

// The address the author keeps in content/site.json, unless the deployment names another.
const DEFAULT_SITE_URL = JSON.parse(readFileSync('content/site.json', 'utf8')).siteUrl;

// The build's environment (shell, then .env), declared and checked once in `env.schema` below;
// pages and islands read it through astro:env. The config itself needs two values before
// astro:env exists: the site's address and the Supabase origin its CSP allows.
const { PUBLIC_SITE_URL, PUBLIC_SUPABASE_URL } = loadEnv(
  process.env.NODE_ENV ?? 'production',
  process.cwd(),
  'PUBLIC_',
);
const site = PUBLIC_SITE_URL || DEFAULT_SITE_URL;
// Astro checks `site` before `env.schema` below, and would only say "Invalid URL".
if (!URL.canParse(site)) {
  const [name, value] = PUBLIC_SITE_URL ? ['PUBLIC_SITE_URL', PUBLIC_SITE_URL] : ['siteUrl in content/site.json', site];
  throw new Error(`${name} is "${value}", not a URL such as https://genesis-novel.example`);
}

// The forum and registry talk to Supabase; without a project configured, to the embedded
// backend on the site's own origin ('self').
const supabaseOrigin =
  PUBLIC_SUPABASE_URL && URL.canParse(PUBLIC_SUPABASE_URL) ? new URL(PUBLIC_SUPABASE_URL).origin : null;

export default defineConfig({
  site,
  env: {
    schema: {
      // The canonical origin in links, the sitemap and social cards (pages read it as `site`).
      PUBLIC_SITE_URL: envField.string({ context: 'server', access: 'public', url: true, default: DEFAULT_SITE_URL }),
      // A real Supabase project; unset, the forum and registry use the embedded backend on the
      // site's own origin, which accepts PUBLIC_SUPABASE_ANON_KEY or the development key.
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', url: true, optional: true }),
      PUBLIC_SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
    },
  },
  security: {
    // Astro puts a <meta> policy with the hash of every script and style it emits on each page.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self'",
        "font-src 'self'",
        `connect-src 'self'${supabaseOrigin ? ` ${supabaseOrigin}` : ''}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "worker-src 'self'",
      ],
      // Pagefind's search runs as WebAssembly. Astro adds the hash of every script it bundles or
      // injects (the <head> script, src/integrations/browser.mjs); every page lists every
      // Speculation Rules the site may run (BaseLayout, src/browser/next-page.ts).
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
      // sonner injects its stylesheet and React/Headless UI set style attributes at runtime.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  trailingSlash: 'never',
  // Styles inline into each page: no render-blocking stylesheet request before first paint.
  build: { format: 'file', inlineStylesheets: 'always' },
  // Self-hosted fonts, cut down to the Latin the site sets and the weights its CSS uses by
  // scripts/subset-fonts.mjs (its output is committed in src/fonts/). A visit's first page is set
  // in the system serif and caches them once the reader has stayed on it; the pages after it are
  // set in them (src/browser/web-fonts.ts). `display: optional`: a page whose font is not at hand
  // in time stays in the metric-matched fallback, so text never changes typeface under the reader.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Literata',
      cssVariable: '--font-literata',
      fallbacks: ['Georgia', 'serif'],
      display: 'optional',
      options: {
        variants: [
          { src: ['./src/fonts/literata-latin-wght-normal.woff2'], weight: '400 700', style: 'normal' },
          { src: ['./src/fonts/literata-latin-wght-italic.woff2'], weight: '400', style: 'italic' },
        ],
      },
    },
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      fallbacks: ['Georgia', 'serif'],
      display: 'optional',
      options: {
        variants: [{ src: ['./src/fonts/fraunces-latin-wght-normal.woff2'], weight: '400 600', style: 'normal' }],
      },
    },
  ],
  // Essays need no code highlighting, and Shiki's inline styles would defeat the CSP.
  markdown: { syntaxHighlight: false },
  integrations: [
    // Essays and field notes may be .mdx, using the components the essay page passes them.
    mdx(),
    react(),
    // Site search index over the pages that mark their content `data-pagefind-body`. What is hidden
    // from screen readers (a card's emoji, an arrow drawn beside a link) is decoration, and kept
    // out of the excerpts too.
    pagefind({ indexConfig: { excludeSelectors: ['[aria-hidden="true"]'] } }),
    // Beside the index, what a search needs before Pagefind's WebAssembly arrives (after pagefind()).
    searchAhead(),
    // The <head> script and the client directives of src/browser/.
    browser(),
    securityHeaders(),
    // Every page's own 1200 × 630 card, drawn from its head after the build (cached between builds).
    socialCards(),
    sitemap({
      // The hidden sign-up page is noindex, and the not-found page is not a page.
      filter: (page) => !/\/(firstlight|404)$/.test(page.replace(/\/$/, '')),
    }),
    // Last, once every file is written: a link to a page, file or place the site lacks stops the build.
    siteLinks(),
  ],
  vite: {
    // embeddedSupabase: the forum/registry backend on the dev server's origin (npm run dev).
    plugins: [tailwindcss(), embeddedSupabase()],
    build: {
      // Scripts stay external files: cached across pages, and Astro's inlining breaks the search
      // script's import of Pagefind by URL (the preload helper is missing from inlined code).
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
    },
  },
});
