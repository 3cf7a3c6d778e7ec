import { readString, storageKeys, writeString } from '../lib/storage';
import { fontFaceFiles } from './head-script.mjs';
import { whenIdle } from './when-idle';

/**
 * Puts the web faces in the HTTP cache, once the first page of a visit is idle, and marks them
 * cached for the head script, which sets the pages after it in them (data-fonts). The files are
 * fetched, not loaded as faces: this page is set in the system serif and stays so, and a face
 * loaded here would only make the browser decode it and restyle the page for nothing.
 */
async function cacheWebFonts(): Promise<void> {
  if (readString(storageKeys.fontsCached) === 'true') return;
  try {
    await Promise.all(
      fontFaceFiles().map(async (file) => {
        // Low: the page the reader taps next comes first.
        const response = await fetch(file, { priority: 'low' });
        if (!response.ok) throw new Error(`${file}: ${response.status}`);
        // Read to the end, so the whole file is in the cache.
        await response.arrayBuffer();
      }),
    );
  } catch {
    // Offline or refused: the next page is set in the system serif too, and tries again.
    return;
  }
  writeString(storageKeys.fontsCached, 'true');
}

export function initWebFonts(): void {
  whenIdle(() => void cacheWebFonts());
}
