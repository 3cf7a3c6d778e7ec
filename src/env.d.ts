/// <reference types="astro/client" />

// The site's own client directive (src/browser/directives/press.ts).
declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * When the island starts: at idle after load; "load" at once; "near" within a screen of view;
     * "toast" when a toast is raised or carried over; "konami" at the sequence's first key. A
     * press that lands before then is kept, and the island starts sooner when reached for.
     */
    'client:press'?: boolean | import('./browser/directives/press').IslandStart;
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
