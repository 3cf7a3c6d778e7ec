import { explorerPath, savedTypeAction } from '../lib/quiz';
import { readString, removeKey, storageKeys } from '../lib/storage';

/**
 * The quiz page for a visitor who has taken the quiz before: a saved explorer type that still
 * exists sends them straight to its portal; one that does not is forgotten, and the quiz is
 * offered. This runs as the page's own script, not in the quiz island, so a returning visitor
 * is sent on without waiting for React, which the island loads only when someone reaches for it.
 */
export function sendReturningExplorer(): void {
  const known = document.querySelector<HTMLElement>('[data-explorer-ids]')?.dataset.explorerIds?.split(' ');
  if (!known) return;
  const action = savedTypeAction(readString(storageKeys.explorerTypeId), known);
  if (action.kind === 'redirect') window.location.replace(explorerPath(action.id));
  else if (action.kind === 'remove') removeKey(storageKeys.explorerTypeId);
}
