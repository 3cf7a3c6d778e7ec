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
    // Some faces are local() fallbacks a device may lack, so one failure proves nothing; if all
    // failed (offline), the system serifs stay and the next page tries again. A page set in the
    // fonts fetches any file it still lacks itself (display: optional), so a hasty flag costs nothing.
    void Promise.allSettled(pending).then((results) => {
      if (results.some((r) => r.status === 'fulfilled')) writeString(storageKeys.fontsCached, '1');
    });
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(download) : setTimeout(download, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
