import { prefetch } from 'astro:prefetch';
import { whenFetchedAhead } from './fetch-ahead';

/** How long a link rests in view before its page is fetched, as in Astro's own viewport strategy. */
const IN_VIEW_MS = 300;

/**
 * Fetches the page behind each internal link that has rested in view for a moment, as Astro's
 * viewport strategy does, but not before the code this page fetches ahead for its first press
 * has arrived. On a slow link everything in flight shares the bandwidth: Astro's strategy, which
 * fetches at once, held the toast area, the carousel and the Konami listener back by about half a
 * second behind the six or more pages in view. `prefetch` skips other sites, this page, pages
 * already fetched, and Save-Data or 2G connections.
 */
export function prefetchLinksInView(): void {
  const timers = new Map<Element, number>();
  const observer = new IntersectionObserver((entries) => {
    for (const { target, isIntersecting } of entries) {
      window.clearTimeout(timers.get(target));
      timers.delete(target);
      if (!isIntersecting || !(target instanceof HTMLAnchorElement)) continue;
      const rested = () => {
        observer.unobserve(target);
        void whenFetchedAhead().then(() => prefetch(target.href));
      };
      timers.set(target, window.setTimeout(rested, IN_VIEW_MS));
    }
  });
  for (const link of document.querySelectorAll('a[href]')) observer.observe(link);
}
