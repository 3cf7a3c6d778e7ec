/** Runs `start` at the next idle moment (within 2 s at worst). */
export function nextIdle(start: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start);
}

/** Runs `start` at the first idle moment after the page has loaded (within 2 s of it at worst). */
export function whenIdle(start: () => void): void {
  if (document.readyState === 'complete') nextIdle(start);
  else window.addEventListener('load', () => nextIdle(start), { once: true });
}
