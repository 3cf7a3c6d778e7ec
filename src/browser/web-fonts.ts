import { readString, storageKeys, writeString } from '../lib/storage';
import { whenIdle } from './when-idle';

/** The files of the page's own @font-face rules (the web faces; the fallbacks are local()). */
function fontFiles(): string[] {
  const files = new Set<string>();
  for (const sheet of document.styleSheets) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      // A sheet from another origin cannot be read; the site's own are inline.
      continue;
    }
    for (const rule of rules) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      for (const [, url] of rule.style.getPropertyValue('src').matchAll(/url\("?([^")]+)"?\)/g))
        files.add(new URL(url, document.baseURI).href);
    }
  }
  return [...files];
}

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
      fontFiles().map(async (file) => {
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
