declare global {
  interface Window {
    __sitePainted?: boolean;
  }
}

/** Runs `start` at the first contentful paint (the head script marks it), or now if that has passed. */
export function whenPainted(start: () => void): void {
  if (window.__sitePainted) start();
  else window.addEventListener('site:painted', start, { once: true });
}
