import { TOAST_HOTKEY } from '../lib/toast';

/**
 * F8 focuses the toast area: the toast list while a toast is shown, else the (empty)
 * notifications region, so the key is never a dead end. Sonner's own hotkey is off (Toaster):
 * it also held its toasts open until the pointer next left them, so a toast reached by F8 never
 * closed. Here focus alone pauses the timer, and leaving restarts it (toast-gestures.ts).
 */
export function initToastHotkey(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== TOAST_HOTKEY) return;
    const area =
      document.querySelector<HTMLElement>('[data-sonner-toaster]') ??
      document.querySelector<HTMLElement>('section[aria-label^="Notifications"]');
    if (area) {
      event.preventDefault();
      area.focus();
    }
  });
}
