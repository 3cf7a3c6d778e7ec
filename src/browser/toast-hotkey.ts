import { TOAST_HOTKEY } from '../lib/toast';
import { modalIsOpen } from './dialogs';

/**
 * F8 focuses the toast area: the toast list while a toast is shown, else the (empty)
 * notifications region, so the key is never a dead end, even before the toast area runs. Sonner's
 * own hotkey is off (Toaster): it focuses a list that exists only while a toast shows. Focus in
 * the area holds the toast's time (toast-gestures.ts). While a modal dialog is open the key does
 * nothing: the dialog keeps the keyboard, and a screen reader hears the toast from its live region.
 */
export function initToastHotkey(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== TOAST_HOTKEY || modalIsOpen()) return;
    const area =
      document.querySelector<HTMLElement>('[data-sonner-toaster]') ??
      document.querySelector<HTMLElement>('section[aria-label^="Notifications"]');
    if (area) {
      event.preventDefault();
      area.focus();
    }
  });
}
