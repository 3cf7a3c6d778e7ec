/**
 * Runs `show` once the page is in front of the visitor: now, or, for a page the browser
 * prerendered on its own (from its address bar's suggestions, say), when the visitor opens it.
 * What a visit does (record it, take the toasts the previous page left) must not happen for a
 * page never opened.
 */
export function whenShown(show: () => void): void {
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener('prerenderingchange', show, { once: true });
  else show();
}

/**
 * Runs `show` each time the page comes in front of the visitor: as whenShown, and again when
 * Back or Forward brings it out of the browser's back/forward cache, as it was, with none of
 * its scripts run again. What each view of a page does (record the visit) goes here.
 */
export function eachTimeShown(show: () => void): void {
  whenShown(show);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) show();
  });
}
