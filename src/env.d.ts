/// <reference types="astro/client" />

// The site's own client directives (src/integrations/scripts-after-paint/).
declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate after the first paint; with "visible", once the island is also in view; with
     * "intent", once the visitor reaches for it (scripts-after-paint/after-paint-directive.ts).
     */
    'client:afterpaint'?: boolean | 'visible' | 'intent';
    /** Hydrate when a visitor starts the Konami sequence (scripts-after-paint/konami-directive.ts). */
    'client:konami'?: boolean;
    /** Hydrate when a toast is raised or carried over (scripts-after-paint/toast-directive.ts). */
    'client:toast'?: boolean;
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
