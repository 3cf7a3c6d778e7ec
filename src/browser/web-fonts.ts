import { readString, storageKeys, writeString } from '../lib/storage';
import { fontFaceFiles } from './head-script.mjs';
import { whenIdle } from './when-idle';

/**
 * Puts the web faces in the HTTP cache and marks them cached for the head script, which sets the
 * pages after this one in them (data-fonts). The files are fetched, not loaded as faces: this page
 * is set in the system serif and stays so, and a face loaded here would only make the browser
 * decode it and restyle the page for nothing.
 */
async function cacheWebFonts(): Promise<void> {
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

/**
 * How long the reader stays on the page before the faces are fetched. They are for the pages
 * after this one: a visitor who leaves sooner never sees them, and meanwhile the phone's slow
 * line is this page's and the next one's (82 KiB of font files took two fifths of a reading
 * page's first three seconds on it).
 */
export const STAYED_MS = 10_000;

export function initWebFonts(): void {
  if (readString(storageKeys.fontsCached) === 'true') return;
  whenIdle(() => setTimeout(() => void cacheWebFonts(), STAYED_MS));
}
