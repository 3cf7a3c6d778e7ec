// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import pagefind from 'astro-pagefind';
import securityHeaders from './src/integrations/security-headers.mjs';
import { createHash } from 'node:crypto';
import { HEAD_SCRIPT } from './src/lib/head-script.mjs';
import { embeddedSupabase } from './supabase/local/vite-plugin.mjs';

const site = process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';

// `client:toast` hydrates the toast area only when a toast is waiting (queued by the previous
// page or raised by an island), so pages without islands never download React.
/** @returns {import('astro').AstroIntegration} */
function toastDirective() {
  return {
    name: 'toast-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'toast', entrypoint: './src/scripts/toast-directive.ts' });
      },
    },
  };
}

// Self-hosted variable fonts, Latin subset only. Astro preloads them and derives metric-matched
// fallbacks, so text does not shift when the web font arrives.
/** @param {string} pkg @param {string} file */
const fontFiles = (pkg, file) => `./node_modules/@fontsource-variable/${pkg}/files/${file}`;


// The forum and registry talk to Supabase; without a project configured, to the embedded
// backend on the site's own origin ('self').
const supabaseOrigin = process.env.PUBLIC_SUPABASE_URL ? new URL(process.env.PUBLIC_SUPABASE_URL).origin : null;

export default defineConfig({
  site,
  security: {
    // Astro puts a <meta> policy with the hash of every script and style it emits on each page.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        `connect-src 'self'${supabaseOrigin ? ` ${supabaseOrigin}` : ''}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "worker-src 'self'",
      ],
      // Pagefind's search runs as WebAssembly.
      scriptDirective: {
        resources: ["'self'", "'wasm-unsafe-eval'"],
        // Astro hashes the scripts it bundles; the one inline <head> script is hashed here.
        hashes: [`sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}`],
      },
      // sonner injects its stylesheet and React/Headless UI set style attributes at runtime.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  trailingSlash: 'never',
  // Styles inline into each page: no render-blocking stylesheet request before first paint.
  build: { format: 'file', inlineStylesheets: 'always' },
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Literata',
      cssVariable: '--font-literata',
      fallbacks: ['Georgia', 'serif'],
      options: {
        variants: [
          { src: [fontFiles('literata', 'literata-latin-wght-normal.woff2')], weight: '200 900', style: 'normal' },
          { src: [fontFiles('literata', 'literata-latin-wght-italic.woff2')], weight: '200 900', style: 'italic' },
        ],
      },
    },
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      fallbacks: ['Georgia', 'serif'],
      options: {
        variants: [{ src: [fontFiles('fraunces', 'fraunces-latin-wght-normal.woff2')], weight: '100 900', style: 'normal' }],
      },
    },
  ],
  // Essays need no code highlighting, and Shiki's inline styles would defeat the CSP.
  markdown: { syntaxHighlight: false },
  integrations: [
    react(),
    toastDirective(),
    // Site search index over the pages that mark their content `data-pagefind-body`.
    pagefind(),
    securityHeaders(),
    sitemap({
      // The hidden sign-up page is noindex, and the not-found page is not a page.
      filter: (page) => !/\/(firstlight|404)$/.test(page.replace(/\/$/, '')),
    }),
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
