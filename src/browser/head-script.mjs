// The one inline script, run in <head> before the first paint so nothing flashes or shifts. It is
// put into every page as source text (src/integrations/browser.mjs), so it stands alone: the
// storage keys are spelled out ('theme' is storageKeys.theme, 'bannerDismissed' is
// storageKeys.bannerDismissed, 'fontsCached' is storageKeys.fontsCached in src/lib/storage.ts),
// and the one function it shares is handed to it as source text too.

/**
 * The files of the page's web faces, from the @font-face rules in its <head> (the metric-matched
 * fallbacks are local() faces, with no file). Stands alone: the head script receives it as source.
 * @returns {string[]}
 */
export function fontFaceFiles() {
  const files = [];
  for (const style of document.head.querySelectorAll('style')) {
    if (!style.textContent?.includes('@font-face')) continue;
    for (const rule of style.sheet?.cssRules ?? []) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      for (const [, url] of rule.style.getPropertyValue('src').matchAll(/url\("?([^")]+)"?\)/g)) files.push(url);
    }
  }
  return files;
}

/** @param {typeof fontFaceFiles} faceFiles */
export function headScript(faceFiles) {
  const root = document.documentElement;
  // Scripting is on: the .js-only and .js-hidden utilities follow it.
  root.classList.add('js');
  try {
    // The web faces are in the cache (src/browser/web-fonts.ts): this page is set in them. Decided
    // once, before the first paint: a prerendered page keeps the faces it was drawn in.
    if (localStorage.getItem('fontsCached') === 'true') {
      root.dataset.fonts = '';
      // `font-display: optional` keeps a face only if it is there within 100 ms of being asked
      // for; read from the cache beside a busy first layout, a face missed that and the page
      // stayed in the fallback. A preloaded face holds the first paint until it is there (at
      // most those 100 ms), and from the cache that is a few milliseconds.
      for (const href of faceFiles()) {
        const link = document.createElement('link');
        Object.assign(link, { rel: 'preload', as: 'font', type: 'font/woff2', crossOrigin: 'anonymous', href });
        document.head.append(link);
      }
    }
  } catch {
    // Storage may be blocked; the page stays in the system serif.
  }
  const applyStoredChoices = () => {
    try {
      // The visitor's chosen theme; without one, the system's.
      const theme = localStorage.getItem('theme');
      if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
      else delete root.dataset.theme;
      // The What's New banner stays hidden for the session once dismissed.
      if (sessionStorage.getItem('bannerDismissed') === 'true') root.dataset.bannerDismissed = '';
    } catch {
      // Storage may be blocked; the defaults stand.
    }
  };
  applyStoredChoices();
  // Controls outside the islands (.js-only) show from here on, but answer only once the page's
  // module scripts have run, which on a slow line may be seconds after the page is drawn. A press
  // on one before then is held, and made again at DOMContentLoaded, which comes after them. Islands
  // keep their own presses (src/browser/directives/press.ts); a button the browser itself acts on
  // (a form's, or one opening a dialog by `commandfor` where that is supported) is left to it.
  const held = [];
  const hold = (event) => {
    const button = event.target instanceof Element && event.target.closest('button[type=button]');
    if (!button || button.closest('astro-island') || (button.hasAttribute('commandfor') && 'command' in button)) return;
    event.stopImmediatePropagation();
    held.push(button);
  };
  addEventListener('click', hold, true);
  document.addEventListener('DOMContentLoaded', () => {
    removeEventListener('click', hold, true);
    held.forEach((button) => button.click());
  });
  // Back or Forward may bring the page out of the back/forward cache as it was left: the visitor
  // may have switched the theme or dismissed the banner on the pages since.
  addEventListener('pageshow', (event) => event.persisted && applyStoredChoices());
  // The site has no page for an explorer type it does not know, so its address gets the
  // not-found page (data-not-found): the visitor is sent to the quiz before anything is drawn,
  // without waiting for a script file, and the address leaves the history.
  if ('notFound' in root.dataset && location.pathname.startsWith('/explorer/')) {
    root.style.visibility = 'hidden';
    location.replace('/curious-mind-quiz');
  }
  if (document.prerendering) {
    // A prerendered page was drawn before it was opened: the visitor may have switched the theme
    // or dismissed the banner since.
    document.addEventListener('prerenderingchange', applyStoredChoices, { once: true });
    // Chromium lays out a prerendered page after its DOMContentLoaded, which waits for its module
    // scripts (on a slow line, still on their way when the tap that opens it comes), or once it
    // is opened. Asked for as soon as it is parsed, the layout is done while the visitor is still
    // on the page before, and opening it leaves only its paint to do.
    document.addEventListener('readystatechange', () => root.getBoundingClientRect(), { once: true });
  }
}
