import type { ClientDirective } from 'astro';
import { readCarriedToasts, TOAST_EVENT } from '../lib/toast';

/**
 * `client:toast`: hydrate the toast area when there is a toast to show: one carried over from
 * the previous page, one already queued, or the first one raised on this page.
 */
const toastDirective: ClientDirective = (load) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    window.removeEventListener(TOAST_EVENT, hydrate);
    await (await load())();
  };
  if (readCarriedToasts().length > 0 || (window.__siteToasts?.length ?? 0) > 0) {
    void hydrate();
  } else {
    window.addEventListener(TOAST_EVENT, hydrate);
  }
};

export default toastDirective;
