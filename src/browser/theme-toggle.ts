import { storageKeys, writeString } from '../lib/storage';
import { eachTimeShown } from './when-shown';

type Theme = 'light' | 'dark';

const systemTheme = (): Theme => (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
const currentTheme = (): Theme => (document.documentElement.dataset.theme as Theme | undefined) ?? systemTheme();

/**
 * The header's theme switch: flips between light and dark and remembers the choice. Until the
 * visitor chooses, the site follows the system setting (and its changes) through CSS alone.
 */
export function initThemeToggle(): void {
  const buttons = document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]');
  const sync = () => buttons.forEach((b) => b.setAttribute('aria-pressed', String(currentTheme() === 'dark')));
  buttons.forEach((button) =>
    button.addEventListener('click', () => {
      const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
      document.documentElement.dataset.theme = next;
      writeString(storageKeys.theme, next);
      sync();
    }),
  );
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', sync);
  // A page drawn ahead, or kept for Back, takes the theme chosen since when it is shown (head-script.mjs).
  eachTimeShown(sync);
}
