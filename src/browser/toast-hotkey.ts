import { TOAST_HOTKEY } from '../lib/toast';
import { modalIsOpen } from './dialogs';

/**
 * F8 focuses the toast area: the toast shown, wherever it is placed (sonner keeps a list for each
 * place a toast has been, and the first may be an empty one at the screen's foot while the toast
 * is at the top), else the notifications region, so the key is never a dead end, even before the
 * toast area runs. Sonner's own hotkey is off (Toaster): it focuses a list, whose box is a line
 * under its toasts. Focus in the area holds the toast's time (toast-gestures.ts). While a modal
 * dialog is open the key does nothing: the dialog keeps the keyboard, and a screen reader hears
 * the toast from its live region.
 */
export function initToastHotkey(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== TOAST_HOTKEY || modalIsOpen()) return;
    const area =
      [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]:not([data-removed="true"])')].at(-1) ??
      document.querySelector<HTMLElement>('section[aria-label^="Notifications"]');
    if (area) {
      event.preventDefault();
      area.focus();
    }
  });
}
