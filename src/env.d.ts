/// <reference types="astro/client" />

// The site's own client directive (see astro.config.mjs and src/scripts/toast-directive.ts).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:toast'?: boolean;
  }
}

export {};
