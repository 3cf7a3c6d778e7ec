import { readCarriedToasts, TOAST_EVENT } from '../lib/toast';

/**
 * The toast area is rendered into every page as static HTML (BaseLayout) and hydrated with
 * React only when there is a toast to show: one carried over from the previous page, one
 * already queued, or the first one raised on this page. Pages that never toast load no React,
 * and none carries Astro's island runtime just for this.
 */
export function initToastArea(): void {
  const host = document.querySelector<HTMLElement>('[data-toast-area]');
  if (!host) return;
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    window.removeEventListener(TOAST_EVENT, hydrate);
    const [{ createElement }, { hydrateRoot }, { default: Toaster }] = await Promise.all([
      import('react'),
      import('react-dom/client'),
      import('../islands/Toaster'),
    ]);
    hydrateRoot(host, createElement(Toaster));
  };
  if (readCarriedToasts().length > 0 || (window.__siteToasts?.length ?? 0) > 0) void hydrate();
  else window.addEventListener(TOAST_EVENT, hydrate);
}
