/**
 * Element ids that are unique within one page and the same on every build. Drawings that
 * appear twice on a page (the cover in the header and in a tab) need distinct gradient ids, and
 * a random id would make two builds of the same content differ. The counter lives in the page's
 * own render state (Astro.locals), so it restarts on every page.
 */
export function nextElementId(pageState: { elementIds?: Record<string, number> }, prefix: string): string {
  const counts = (pageState.elementIds ??= {});
  counts[prefix] = (counts[prefix] ?? 0) + 1;
  return counts[prefix] === 1 ? prefix : `${prefix}-${counts[prefix]}`;
}
