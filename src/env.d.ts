/// <reference types="astro/client" />

// The site's own client directive (src/integrations/after-paint-directive.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:afterpaint'?: boolean;
  }
}

export {};
