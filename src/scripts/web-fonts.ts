import { readString, storageKeys, writeString } from '../lib/storage';

/**
 * Downloads the site's web fonts once the first page has fully loaded, without applying them
 * there (swapping typefaces under a reader's eyes moves the text). The head script sets the
 * `.fonts` class on later pages once `fontsCached` is recorded, and those pages find the
 * files in the browser's cache.
 */
export function cacheWebFonts(): void {
  if (readString(storageKeys.fontsCached) === '1' || !('fonts' in document)) return;
  const download = () => {
    const pending = [...document.fonts].filter((face) => face.status === 'unloaded').map((face) => face.load());
    // Some faces are local() fallbacks a device may lack; any download that worked is worth using.
    // If none did (offline, blocked), the system serifs stay and the next page tries again.
    void Promise.allSettled(pending).then((results) => {
      if (results.some((r) => r.status === 'fulfilled')) writeString(storageKeys.fontsCached, '1');
    });
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(download) : setTimeout(download, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
