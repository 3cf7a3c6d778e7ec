import type { ClientDirective } from 'astro';
import { whenPainted } from './when-painted';

/** Calls `start` once any of the island's elements is in the viewport. */
function whenVisible(island: HTMLElement, start: () => void): void {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    start();
  });
  // <astro-island> is display: contents and has no box of its own to observe.
  for (const child of island.children) observer.observe(child);
}

/**
 * `client:afterpaint`: hydrate the island after the first contentful paint, the moment the head
 * script starts the page's other scripts (head-script.mjs). The island's server
 * HTML is on screen from the first paint; its JavaScript never competes with that paint.
 * `client:afterpaint="visible"` also waits until the island is in view, so a reader who never
 * reaches it never loads it.
 */
const afterPaint: ClientDirective = (load, options, island) => {
  const hydrate = async () => (await load())();
  const start = options.value === 'visible' ? () => whenVisible(island, () => void hydrate()) : () => void hydrate();
  whenPainted(start);
};

export default afterPaint;
