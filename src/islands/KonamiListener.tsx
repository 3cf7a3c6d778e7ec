import { useEffect } from 'react';
import { FIRST_LIGHT_PATH, createSequenceMatcher, isSequenceKeyPress } from '../lib/konami';
import { takeTypedKeys } from '../browser/konami-keys';

/**
 * Typing the Konami sequence anywhere but in a form field opens the hidden First Light page.
 * Started by `client:press="konami"` only once a visitor presses the sequence's first key; the
 * keys pressed while it loaded (src/browser/konami-keys.ts) are replayed first, and First Light
 * is prerendered there once the sequence is under way.
 */
export default function KonamiListener() {
  useEffect(() => {
    const matches = createSequenceMatcher();
    const press = (key: string) => {
      if (matches(key)) window.location.assign(FIRST_LIGHT_PATH);
    };
    const onKey = (event: KeyboardEvent) => {
      if (isSequenceKeyPress(event)) press(event.key);
    };
    // Listen and take the kept keys in one go, so no key falls between the two.
    document.addEventListener('keydown', onKey);
    takeTypedKeys().forEach(press);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return null;
}
