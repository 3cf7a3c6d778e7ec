import type { ClientDirective } from 'astro';
import { hasToastsWaiting, TOAST_EVENT } from '../../lib/toast';

/**
 * `client:toast`: the toast area hydrates when there is something to show: a toast carried over
 * from the previous page, one raised before this ran, or the first showToast() on this page.
 * A page that never raises one loads no React for it.
 */
const toastDirective: ClientDirective = (load) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    window.removeEventListener(TOAST_EVENT, hydrate);
    void load().then((run) => run());
  };
  if (hasToastsWaiting()) hydrate();
  else window.addEventListener(TOAST_EVENT, hydrate);
};

export default toastDirective;
