import { QUIZ_PATH } from '../lib/quiz';
import { storageKeys, writeString } from '../lib/storage';
import { prerenderPage } from './next-page';
import { forgetExplorerTypes } from './quiz-return';
import { whenIdle } from './when-idle';
import { eachTimeShown } from './when-shown';

/**
 * An explorer portal: remembers the last portal visited, once it is shown (the quiz prerenders
 * its portal), and 'Take Quiz Again' forgets the saved result so the quiz starts afresh instead
 * of sending the visitor back here. The quiz, the one page this page's main button leads to, is
 * prerendered once the page is idle, so that it opens at once. Without this script (pressed
 * before it runs, say) the button is a plain form submit, and the quiz page forgets the types
 * itself (RETAKE_PARAM).
 */
export function initExplorerPortal(): void {
  const portal = document.querySelector<HTMLElement>('[data-explorer-portal]');
  const id = portal?.dataset.typeId;
  if (!portal || !id) return;
  eachTimeShown(() => writeString(storageKeys.lastExplorerTypeId, id));

  const retake = portal.querySelector<HTMLFormElement>('[data-retake-quiz]');
  if (!retake) return;
  whenIdle(() => prerenderPage(QUIZ_PATH));
  retake.addEventListener('submit', (event) => {
    event.preventDefault();
    forgetExplorerTypes();
    window.location.assign(QUIZ_PATH);
  });
}
