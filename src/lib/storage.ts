/**
 * The one way the site touches Web Storage. Every call is safe: storage may be disabled
 * (private modes, blocked cookies), full, or hold values another version wrote, and none of
 * that may break a page.
 */

/** Every key the site stores. Prefixed keys take the email after them. */
export const storageKeys = {
  explorerTypeId: 'explorerTypeId',
  lastExplorerTypeId: 'lastExplorerTypeId',
  lastVisitedPath: 'lastVisitedPath',
  lastVisitedTimestamp: 'lastVisitedTimestamp',
  hasVisited: 'hasVisited',
  bannerDismissed: 'bannerDismissed',
  theme: 'theme',
  fontsCached: 'fontsCached',
  pendingToasts: 'pendingToasts',
  firstLightPrefix: 'firstLightSignup:',
  earlyAccessPrefix: 'earlyAccessOptIn:',
} as const;

export type StorageArea = 'local' | 'session';

function area(kind: StorageArea): Storage | null {
  try {
    const store = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return store ?? null;
  } catch {
    // Reading the property itself throws when storage is blocked.
    return null;
  }
}

export function readString(key: string, kind: StorageArea = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored (blocked or full). */
export function writeString(key: string, value: string, kind: StorageArea = 'local'): boolean {
  try {
    const store = area(kind);
    if (!store) return false;
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeKey(key: string, kind: StorageArea = 'local'): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing to undo: a store we cannot reach holds nothing of ours.
  }
}

/** Parsed JSON, or null when missing, corrupt, or rejected by `accept`. */
export function readJSON<T>(
  key: string,
  kind: StorageArea = 'local',
  accept: (value: unknown) => value is T = (v): v is T => v !== undefined,
): T | null {
  const text = readString(key, kind);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return accept(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJSON(key: string, value: unknown, kind: StorageArea = 'local'): boolean {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return false;
  }
  return writeString(key, text, kind);
}
