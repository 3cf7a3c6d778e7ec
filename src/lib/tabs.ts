/** Pure logic of tab lists (the /book tabs, the forum's views): hash to tab, key to tab. */

/** The index of the tab whose id the hash names ("#editorial-praise"), or `fallback`. */
export function tabFromHash(hash: string, ids: readonly string[], fallback = 0): number {
  let name = hash.replace(/^#/, '');
  try {
    name = decodeURIComponent(name);
  } catch {
    return fallback;
  }
  const index = ids.indexOf(name);
  return index === -1 ? fallback : index;
}

/** The tab a key press moves to (arrows wrap, Home and End jump), or null for other keys. */
export function tabForKey(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
