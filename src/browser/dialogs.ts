/**
 * A modal dialog is open: a static one (showModal) or one an island draws (Headless UI's, marked
 * aria-modal). The page around it is out of reach until it closes, the toast area included.
 */
export function modalIsOpen(): boolean {
  return document.querySelector('[aria-modal="true"], dialog:modal') !== null;
}

/**
 * Static dialogs open through invoker commands (`command="show-modal" commandfor=…`), which
 * need no script. Browsers without them get the same behaviour from this listener.
 */
export function initDialogFallback(): void {
  if ('commandForElement' in HTMLButtonElement.prototype) return;
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[commandfor]');
    if (!button) return;
    const dialog = document.getElementById(button.getAttribute('commandfor') ?? '');
    if (!(dialog instanceof HTMLDialogElement)) return;
    const command = button.getAttribute('command');
    if (command === 'show-modal' && !dialog.open) dialog.showModal();
    if (command === 'close') dialog.close();
  });
  // Light dismiss for browsers without closedby="any": a click on the backdrop closes.
  document.querySelectorAll('dialog').forEach((dialog) => {
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
  });
}
