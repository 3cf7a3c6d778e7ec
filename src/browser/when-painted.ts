/**
 * Runs `run` once the page has shown its first content (its first contentful paint), or at once
 * if it already has. What is fetched before that shares the phone's slow line and its processor
 * with the page's own text, so an island's code, the toast area's and every guess at the next
 * page wait for it. A page the browser prerenders paints nothing in front of anyone: its islands'
 * code is fetched while it is drawn, so that it is ready when it is opened.
 */
export function whenPainted(run: () => void): void {
  if ((document as Document & { prerendering?: boolean }).prerendering) return run();
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    // No paint timing: the first frame is the first paint.
    afterNextFrame(run);
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Runs `run` once the next frame has been drawn: a task queued from the frame's callback runs after it. */
export function afterNextFrame(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run));
}
