import { storageKeys, writeString } from '../lib/storage';

/** Dismiss hides the What's New banner for this browser session only. */
export function initBanner(): void {
  document.querySelectorAll<HTMLButtonElement>('[data-dismiss-banner]').forEach((button) => {
    button.addEventListener('click', () => {
      writeString(storageKeys.bannerDismissed, 'true', 'session');
      document.documentElement.dataset.bannerDismissed = '';
      document.getElementById('main')?.focus({ preventScroll: true });
    });
  });
}
