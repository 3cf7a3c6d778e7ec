// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

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

export default defineConfig({
  site,
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [
    react(),
    toastDirective(),
    sitemap({
      // The hidden sign-up page is noindex, and the not-found page is not a page.
      filter: (page) => !/\/(firstlight|404)$/.test(page.replace(/\/$/, '')),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
