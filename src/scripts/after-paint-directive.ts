import type { ClientDirective } from 'astro';

declare global {
  interface Window {
    __sitePainted?: boolean;
  }
}

/**
 * `client:afterpaint`: hydrate the island after the first contentful paint, the moment the head
 * script starts the page's other scripts (src/lib/head-script.mjs). The island's server
 * HTML is on screen from the first paint; its JavaScript never competes with that paint.
 */
const afterPaint: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  if (window.__sitePainted) void hydrate();
  else window.addEventListener('site:painted', () => void hydrate(), { once: true });
};

export default afterPaint;
