import type { ClientDirective } from 'astro';
import { onIntent } from '../../scripts/intent';
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
 * Hydrates when the visitor reaches for the island. A click that lands while the island's code
 * is still on its way is held back from the server's markup, which has no handlers, and clicked
 * again once React owns the island: React hydrates an island synchronously when a click reaches
 * it, so the press does what it says. The click itself also counts as reaching for the island: a
 * screen reader's browse mode presses a button without moving focus or a pointer to it.
 */
function hydrateOnIntent(island: HTMLElement, hydrate: () => Promise<void>): void {
  let held: HTMLElement | null = null;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void hydrate().then(() => {
      island.removeEventListener('click', hold, true);
      held?.click();
    });
  };
  const hold = (event: MouseEvent) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.target instanceof HTMLElement) held = event.target;
    start();
  };
  island.addEventListener('click', hold, true);
  onIntent(island, start);
}

/**
 * `client:afterpaint`: hydrate the island after the first contentful paint, the moment the head
 * script starts the page's other scripts (head-script.mjs). The island's server HTML is on screen
 * from the first paint; its JavaScript never competes with that paint.
 * - `client:afterpaint="visible"` also waits until the island is in view, so a reader who never
 *   reaches it never loads it;
 * - `client:afterpaint="intent"` waits until the visitor reaches for it (points at it, touches it
 *   or tabs into it), for an island whose first screen is a button: the page loads no React until
 *   someone is about to press it.
 */
const afterPaint: ClientDirective = (load, options, island) => {
  const hydrate = async () => (await load())();
  whenPainted(() => {
    if (options.value === 'visible') whenVisible(island, () => void hydrate());
    else if (options.value === 'intent') hydrateOnIntent(island, hydrate);
    else void hydrate();
  });
};

export default afterPaint;
