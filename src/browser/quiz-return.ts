import { EXPLORER_TYPE_IDS, RETAKE_PARAM, explorerPath, savedTypeAction } from '../lib/quiz';
import { readString, removeKey, storageKeys } from '../lib/storage';

/** Take Quiz Again: the saved result and the last portal are forgotten, so the quiz starts afresh. */
export function forgetExplorerTypes(): void {
  removeKey(storageKeys.explorerTypeId);
  removeKey(storageKeys.lastExplorerTypeId);
}

/**
 * The quiz page for a visitor who has taken the quiz before: a saved explorer type that still
 * exists sends them straight to its portal; one that does not is forgotten, and the quiz is
 * offered. Reached from Take Quiz Again's form (RETAKE_PARAM), it forgets both types instead and
 * drops the query from the address. This runs as the page's own script, not in the quiz island,
 * so a returning visitor is sent on without waiting for React, which the island loads only once
 * the page is idle; and only once the page is shown (whenShown): a portal prerenders the quiz
 * while its visitor's result is still saved, and Take Quiz Again forgets it before opening it.
 * The build fails unless the content's types are exactly EXPLORER_TYPE_IDS.
 */
export function sendReturningExplorer(): void {
  const url = new URL(window.location.href);
  if (url.searchParams.has(RETAKE_PARAM)) {
    forgetExplorerTypes();
    url.searchParams.delete(RETAKE_PARAM);
    window.history.replaceState(window.history.state, '', url);
    return;
  }
  const action = savedTypeAction(readString(storageKeys.explorerTypeId), EXPLORER_TYPE_IDS);
  if (action.kind === 'redirect') window.location.replace(explorerPath(action.id));
  else if (action.kind === 'remove') removeKey(storageKeys.explorerTypeId);
}
