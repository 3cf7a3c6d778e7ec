import type { ClientDirective } from 'astro';
import { fetchAhead } from '../fetch-ahead';
import { onIntent } from '../intent';
import { whenIdle } from '../when-idle';

/**
 * Keeps every press that lands on an island before React owns it, and hands each one over once it
 * does. The server's markup has no handlers: a click there would do nothing, and a form would
 * submit itself to the page's own address. So a click or submit is cancelled on its way down,
 * the island starts at once, and the press is dispatched again after; React hydrates the part of
 * an island a discrete event reaches synchronously, so the press does what it says.
 */
function keepPresses(island: HTMLElement, start: () => void): () => void {
  const kept: (() => void)[] = [];
  const keep = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const { target } = event;
    if (event instanceof SubmitEvent && target instanceof HTMLFormElement) {
      const { submitter } = event;
      kept.push(() => target.requestSubmit(submitter));
    } else if (event instanceof MouseEvent && target) {
      const init: MouseEventInit = { bubbles: true, cancelable: true, composed: true, detail: event.detail };
      kept.push(() => target.dispatchEvent(new MouseEvent('click', init)));
    }
    start();
  };
  island.addEventListener('click', keep, true);
  island.addEventListener('submit', keep, true);
  return () => {
    island.removeEventListener('click', keep, true);
    island.removeEventListener('submit', keep, true);
    kept.splice(0).forEach((replay) => replay());
  };
}

/** Once the island is within a screen of the viewport. */
function whenNear(island: HTMLElement, start: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: '100% 0px' },
  );
  // <astro-island> is display: contents and has no box of its own to observe.
  for (const child of island.children) observer.observe(child);
}

/**
 * `client:press`, for an island made to be pressed: no press is ever lost, whenever it lands
 * (keepPresses). By default its code is fetched at once, alongside the page (the island is the
 * point of its page: a press at load then waits for no download), and it hydrates at the first
 * idle moment after load; with `="load"` it hydrates as soon as its code is there (it fetches what
 * it shows); with `="near"` its code is fetched ahead at idle without being run, and it starts
 * once it comes within a screen of view (it sits further down a reading page, which runs no React
 * until then). In every case it starts sooner if the visitor points at it, touches it, tabs into
 * it or presses it, and once started, fetches ahead what it imports only when pressed.
 */
const press: ClientDirective = (load, options, island) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void load()
      .then((hydrate) => hydrate())
      .then(() => {
        handOver();
        // What the island imports only once pressed (the forum's counted fields) is fetched at
        // the next idle moment, and not run.
        whenIdle(() => fetchAhead(island));
      });
  };
  const handOver = keepPresses(island, start);
  onIntent(island, start);
  if (options.value === 'load') start();
  else if (options.value === 'near') {
    whenIdle(() => fetchAhead(island));
    whenNear(island, start);
  } else {
    // Astro's load() imports the island's modules; the browser keeps them, so start() calling
    // it again waits for nothing fetched twice.
    void load();
    whenIdle(start);
  }
};

export default press;
