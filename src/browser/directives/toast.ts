import type { ClientDirective } from 'astro';
import { hasToastsWaiting, TOAST_EVENT } from '../../lib/toast';
import { whenIdle } from '../when-idle';
import { whenShown } from '../when-shown';

/**
 * `client:toast`: the toast area (sonner's Toaster) hydrates when there is something to show: a
 * toast raised on this page, or one the previous page carried over. On a page whose island
 * hydrates untouched, React is there anyway, so it also hydrates at the first idle moment after
 * load and the first toast shows at once; a reading page runs no React until a toast is raised.
 */
const toastDirective: ClientDirective = (load) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    window.removeEventListener(TOAST_EVENT, start);
    void load().then((hydrate) => hydrate());
  };
  window.addEventListener(TOAST_EVENT, start);
  // Carried toasts are read when the page is shown: a prerendered page may be opened later.
  whenShown(() => {
    if (hasToastsWaiting()) start();
  });
  // An island that hydrates untouched (client:press, not "near") means React runs anyway.
  if (document.querySelector('astro-island[client="press"]:not([opts*=\'"value":"near"\'])')) whenIdle(start);
};

export default toastDirective;
