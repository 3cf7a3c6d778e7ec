import type { ClientDirective } from 'astro';
import { hasToastsWaiting, TOAST_EVENT } from '../../lib/toast';
import { whenPainted } from './when-painted';

/**
 * `client:toast`: the toast area hydrates when there is something to show: a toast carried over
 * from the previous page, one raised before this ran, or the first showToast() on this page.
 * A page that never raises one loads no React for it. A carried toast waits for the first
 * paint, like every other script (after-paint-directive.ts); a raised one comes from a script
 * that already waited.
 */
const toastDirective: ClientDirective = (load) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    window.removeEventListener(TOAST_EVENT, hydrate);
    void load().then((run) => run());
  };
  window.addEventListener(TOAST_EVENT, hydrate);
  if (!hasToastsWaiting()) return;
  whenPainted(hydrate);
};

export default toastDirective;
