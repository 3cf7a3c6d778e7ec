import { copyText } from '../lib/clipboard';
import { ALL_LINES, COPY_FAILURE, COPY_SUCCESS, filterLines, resultSummary } from '../lib/line-bank';
import { showToast, TOAST_COPY_MS } from '../lib/toast';

/**
 * The Line Bank's behaviour without React: the chips filter the quotes already in the HTML
 * (hiding, never removing them), and each Copy button writes its line to the clipboard and says
 * so with the spec's toast. Without JavaScript the chips and buttons stay hidden and every line
 * is shown.
 */
export function initLineBank(root: HTMLElement): void {
  const chips = [...root.querySelectorAll<HTMLButtonElement>('[data-chip]')];
  const items = [...root.querySelectorAll<HTMLElement>('[data-line]')].map((el) => ({
    el,
    tags: (el.dataset.tags ?? '').split('|').filter(Boolean),
  }));
  const status = root.querySelector<HTMLElement>('[data-line-status]');
  const empty = root.querySelector<HTMLElement>('[data-line-empty]');

  const select = (chip: string) => {
    const shown = new Set(filterLines(items, chip));
    for (const item of items) item.el.hidden = !shown.has(item);
    for (const button of chips) button.setAttribute('aria-pressed', String(button.dataset.chip === chip));
    if (empty) empty.hidden = shown.size > 0;
    if (status) status.textContent = resultSummary(shown.size, items.length, chip);
    root.dataset.selected = chip;
  };

  for (const button of chips) button.addEventListener('click', () => select(button.dataset.chip ?? ALL_LINES));

  root.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-copy]');
    if (!button) return;
    const text = button.dataset.copy;
    const copied = text ? await copyText(text) : false;
    if (copied) showToast(COPY_SUCCESS.title, COPY_SUCCESS.description, { variant: 'normal', duration: TOAST_COPY_MS });
    else showToast(COPY_FAILURE.title, COPY_FAILURE.description, { duration: TOAST_COPY_MS });
  });

  select(ALL_LINES);
}
