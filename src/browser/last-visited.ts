import { storageKeys, writeString } from '../lib/storage';

/** Every page view records where the visitor was and when. */
export function recordVisit(now = new Date()): void {
  writeString(storageKeys.lastVisitedPath, window.location.pathname);
  writeString(storageKeys.lastVisitedTimestamp, now.toISOString());
}
