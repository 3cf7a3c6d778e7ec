/// <reference types="astro/client" />

// The site's own client directive (src/integrations/after-paint-directive.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:afterpaint'?: boolean;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** Per-page counters behind nextElementId() in src/lib/element-ids.ts. */
      elementIds?: Record<string, number>;
    }
  }
}

export {};
