import { TOAST_HOTKEY } from '../lib/toast';

/**
 * F8 focuses the toast area. Sonner handles it while a toast is shown; with none,
 * focus still moves to the (empty) notifications region so the key is never a dead end.
 */
export function initToastHotkey(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== TOAST_HOTKEY) return;
    if (document.querySelector('[data-sonner-toaster]')) return;
    const region = document.querySelector<HTMLElement>('section[aria-label^="Notifications"]');
    if (region) {
      event.preventDefault();
      region.focus();
    }
  });
}
