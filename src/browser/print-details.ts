/**
 * Printing a page prints every accordion's panel. Browsers that support ::details-content do it
 * through the page's print styles alone; in the rest, each closed <details> in <main> is opened
 * before printing and put back as it was afterwards. A [data-print] button opens the print dialog.
 */
export function initPrintDetails(): void {
  document.querySelectorAll<HTMLButtonElement>('[data-print]').forEach((button) => {
    button.addEventListener('click', () => window.print());
  });
  if (CSS.supports('selector(::details-content)')) return;
  let reopened: HTMLDetailsElement[] = [];
  window.addEventListener('beforeprint', () => {
    const all = [...document.querySelectorAll<HTMLDetailsElement>('main details')];
    reopened = all.filter((d) => !d.open);
    // Opening several in a name="…" group would close the others, so lift the group first.
    all.forEach((d) => {
      if (d.name) {
        d.dataset.printName = d.name;
        d.removeAttribute('name');
      }
    });
    reopened.forEach((d) => (d.open = true));
  });
  window.addEventListener('afterprint', () => {
    reopened.forEach((d) => (d.open = false));
    document.querySelectorAll<HTMLDetailsElement>('details[data-print-name]').forEach((d) => {
      d.name = d.dataset.printName ?? '';
      delete d.dataset.printName;
    });
    reopened = [];
  });
}
