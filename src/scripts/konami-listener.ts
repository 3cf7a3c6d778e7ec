import { createSequenceMatcher, isTypingTarget } from '../lib/konami';

/** Typing the Konami sequence anywhere but in a form field opens /firstlight (spec §2). */
export function initKonami(): void {
  if (document.documentElement.dataset.konami !== 'on') return;
  const matches = createSequenceMatcher();
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
    if (matches(event.key)) window.location.assign('/firstlight');
  });
}
