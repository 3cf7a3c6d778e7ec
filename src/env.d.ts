/// <reference types="astro/client" />

// The site's own client directives (src/browser/directives/).
declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Keep every press that lands before hydration; hydrate at idle after load, with "load" at
     * once, with "near" within a screen of view, or sooner when reached for (press.ts).
     */
    'client:press'?: boolean | 'load' | 'near';
    /** Hydrate when a visitor starts the Konami sequence (konami.ts). */
    'client:konami'?: boolean;
    /** Hydrate when a toast is raised or carried over, or at idle beside another island (toast.ts). */
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
