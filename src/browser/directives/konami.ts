import type { ClientDirective } from 'astro';
import { isSequenceKeyPress, startsSequence } from '../../lib/konami';

/**
 * `client:konami`: the Konami listener island costs nothing until a visitor presses the
 * sequence's first key. From that key on, every key press is kept in `window.__konamiKeys`
 * while React and the island load; the island replays them (takeBufferedKeys) and listens
 * itself, so a code typed in one breath straight after the page opens still arrives.
 */
const konami: ClientDirective = (load) => {
  const keys: string[] = [];
  window.__konamiKeys = keys;
  let loading = false;
  const onKey = (event: KeyboardEvent) => {
    // The island has taken the keys and listens on its own now.
    if (window.__konamiKeys !== keys) return document.removeEventListener('keydown', onKey);
    if (!isSequenceKeyPress(event) || (!loading && !startsSequence(event.key))) return;
    keys.push(event.key);
    if (loading) return;
    loading = true;
    void load().then((hydrate) => hydrate());
  };
  document.addEventListener('keydown', onKey);
};

export default konami;
