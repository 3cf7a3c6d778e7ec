/** Runs `start` at the first idle moment after the page has loaded (within 2 s of it at worst). */
export function whenIdle(start: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
