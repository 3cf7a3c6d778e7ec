/**
 * Printing a page with accordions prints every panel: each <details data-print-open> is opened
 * before printing and put back as it was afterwards. (Browsers that support ::details-content
 * already print them open through the page's print styles; this covers the rest.) A
 * [data-print] button opens the print dialog.
 */
export function initPrintDetails(): void {
  let reopened: HTMLDetailsElement[] = [];
  window.addEventListener('beforeprint', () => {
    const all = [...document.querySelectorAll<HTMLDetailsElement>('details[data-print-open]')];
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
  document.querySelectorAll<HTMLButtonElement>('[data-print]').forEach((button) => {
    button.addEventListener('click', () => window.print());
  });
}
