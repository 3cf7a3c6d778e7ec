import { QUIZ_PATH } from '../lib/quiz';
import { storageKeys, writeString } from '../lib/storage';
import { fetchPageOnPress } from './fetch-page-on-press';
import { forgetExplorerTypes } from './quiz-return';

/**
 * An explorer portal: remembers the last portal visited, and 'Take Quiz Again'
 * forgets the saved result so the quiz starts afresh instead of sending the visitor back here.
 * The quiz is fetched from the moment the button is pressed, as a link's page is. Without this
 * script (pressed before it runs, say) the button is a plain form submit, and the quiz page
 * forgets the types itself (RETAKE_PARAM).
 */
export function initExplorerPortal(): void {
  const portal = document.querySelector<HTMLElement>('[data-explorer-portal]');
  const id = portal?.dataset.typeId;
  if (!portal || !id) return;
  writeString(storageKeys.lastExplorerTypeId, id);

  const retake = portal.querySelector<HTMLFormElement>('[data-retake-quiz]');
  if (!retake) return;
  fetchPageOnPress(retake, QUIZ_PATH);
  retake.addEventListener('submit', (event) => {
    event.preventDefault();
    forgetExplorerTypes();
    window.location.assign(QUIZ_PATH);
  });
}
