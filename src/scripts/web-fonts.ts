import { readString, storageKeys, writeString } from '../lib/storage';

/** The files the page's own @font-face rules download (local() sources have none). */
function webFontFiles(): string[] {
  const files = new Set<string>();
  for (const sheet of document.styleSheets) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // A stylesheet from another origin (an extension's) cannot be read, and is not ours.
    }
    for (const rule of rules) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      for (const [, url] of rule.style.getPropertyValue('src').matchAll(/url\(["']?([^"')]+)["']?\)/g))
        files.add(new URL(url, sheet.href ?? document.baseURI).href);
    }
  }
  return [...files];
}

/**
 * Downloads the site's web fonts once the first page has fully loaded, without applying them
 * there (swapping typefaces under a reader's eyes moves the text). The head script sets the
 * `.fonts` class on later pages once `fontsCached` is recorded, and those pages find the
 * files in the browser's cache.
 *
 * The files are fetched, not loaded as faces: loading a FontFace also decodes it, looks up its
 * local() fallbacks (a synchronous round trip to the browser process each, in Chrome on Windows
 * and Linux) and restyles the page for the new faces, all on the main thread of a page that
 * never uses them.
 */
export function cacheWebFonts(): void {
  if (readString(storageKeys.fontsCached) === '1') return;
  const download = () => {
    const files = webFontFiles().map((file) =>
      fetch(file).then((response) => {
        if (!response.ok) throw new Error(`${file}: ${response.status}`);
        return response.blob();
      }),
    );
    // If every file failed (offline), the system serifs stay and the next page tries again. A page
    // set in the fonts fetches any file it still lacks itself (display: optional), so a hasty flag
    // costs nothing.
    void Promise.allSettled(files).then((results) => {
      if (results.some((r) => r.status === 'fulfilled')) writeString(storageKeys.fontsCached, '1');
    });
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(download) : setTimeout(download, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
