import type { ClientDirective } from 'astro';
import { isSequenceKeyPress, startsSequence } from '../../lib/konami';

/**
 * `client:konami`: the Konami listener island is fetched and run only once a visitor presses the
 * sequence's first key. Nothing is fetched ahead for it: the nine keys still to come give React
 * (a kilobyte for the island itself) time to arrive, and a reading page downloads no React for a
 * sequence most readers never type. From that key on, every key press is kept in
 * `window.__konamiKeys` while the island starts; the island replays them (takeBufferedKeys) and
 * listens itself, so a code typed in one breath straight after the page opens still arrives.
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
