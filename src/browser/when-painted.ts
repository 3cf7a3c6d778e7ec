let painted: Promise<void> | undefined;

/**
 * Runs `then` once the page has painted for the first time. What a page fetches or runs for
 * later (island code, modules preloaded, pages fetched or drawn ahead) waits for it, so the first
 * paint waits for nothing but the page's own HTML, CSS, fonts and scripts. The paint is known from
 * the browser's paint timing, reported once the frame is on screen; where the browser reports
 * none, from the task after the first frame.
 */
export function whenPainted(then: () => void): void {
  painted ??= new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve));
      return;
    }
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  void painted.then(then);
}
