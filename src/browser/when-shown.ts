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
