import { readString, storageKeys, writeString } from '../lib/storage';

/** Offers the Start Here guide until the visitor has left it once, by any way. */
export function initStartGuide(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-start-guide-button]');
  const dialog = document.getElementById('start-guide');
  if (!button || !(dialog instanceof HTMLDialogElement)) return;
  if (readString(storageKeys.hasVisited) !== null) return;

  const version = dialog.querySelector<HTMLElement>('[data-start-guide]')?.dataset.version ?? '1';
  const remember = () => {
    writeString(storageKeys.hasVisited, version);
    button.hidden = true;
  };
  button.hidden = false;
  dialog.addEventListener('close', () => {
    remember();
    // The dialog gave the keyboard back to its button, which is gone now.
    document.getElementById('main')?.focus({ preventScroll: true });
  });
  dialog.querySelectorAll('[data-start-guide-choice]').forEach((link) => link.addEventListener('click', remember));
  // Back from the page a choice led to brings this page out of the back/forward cache as it was
  // left, the guide still open.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && dialog.open) dialog.close();
  });
}
