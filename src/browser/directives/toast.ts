import type { ClientDirective } from 'astro';
import { hasToastsWaiting, TOAST_EVENT } from '../../lib/toast';
import { fetchAhead } from '../fetch-ahead';
import { whenIdle } from '../when-idle';
import { whenShown } from '../when-shown';

/**
 * `client:toast`: the toast area (sonner's Toaster) hydrates when there is something to show: a
 * toast raised on this page, or one the previous page carried over. On a page whose island
 * hydrates untouched, React runs anyway: the toast area's code is fetched with the island's and
 * it hydrates at the first idle moment after load, so the first toast shows at once. A reading
 * page runs no React until a toast is raised. Where a control outside any island can raise one
 * (`data-raises-toast`: Share), its code is fetched ahead, without being run, so that the first
 * toast waits only for it to start; elsewhere a reading page downloads none of it. It is fetched
 * as soon as the page has been read in (this island comes last), not at the first idle moment
 * after load: on a slow phone's line the download is long enough that a Share pressed as the
 * page finished loading would wait for all of it.
 */
const toastDirective: ClientDirective = (load, _options, island) => {
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
  if (document.querySelector('astro-island[client="press"]:not([opts*=\'"value":"near"\'])')) {
    void load();
    whenIdle(start);
  } else if (document.querySelector('[data-raises-toast]')) fetchAhead(island);
};

export default toastDirective;
