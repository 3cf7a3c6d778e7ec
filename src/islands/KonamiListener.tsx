import { useEffect } from 'react';
import { FIRST_LIGHT_PATH, createSequenceMatcher, isSequenceKeyPress, takeBufferedKeys } from '../lib/konami';

/**
 * Typing the Konami sequence anywhere but in a form field opens the hidden First Light page.
 * Hydrated by `client:konami` (src/browser/directives/konami.ts) only once a visitor presses the
 * sequence's first key; the keys pressed while it loaded are replayed first. The directive
 * prerenders First Light once the sequence is under way.
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
    // Listen before taking the kept keys, so no key falls between the directive and the island.
    document.addEventListener('keydown', onKey);
    takeBufferedKeys().forEach(press);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return null;
}
