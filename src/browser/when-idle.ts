import { whenPainted } from './when-painted';
import { whenShown } from './when-shown';

/**
 * Runs `start` at the first idle moment after the page has loaded and painted (within 2 s of it
 * at worst), and, for a page the browser prerendered, once the visitor has opened it: what waits
 * for idle (islands starting, code and rows read ahead, fonts for later pages, the next page) is
 * for a reader of this page, and a page drawn ahead that did it took the processor from the
 * presses on the page the reader was on. The load can come before the first paint has been
 * shown (an idle moment falls between drawing a frame and its reaching the screen), hence both.
 */
export function whenIdle(start: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start);
  whenShown(() =>
    whenPainted(() => {
      if (document.readyState === 'complete') idle();
      else window.addEventListener('load', idle, { once: true });
    }),
  );
}
