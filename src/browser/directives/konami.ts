import type { ClientDirective } from 'astro';
import { isSequenceKeyPress, startsSequence } from '../../lib/konami';
import { fetchAhead } from '../fetch-ahead';
import { whenIdle } from '../when-idle';

/**
 * `client:konami`: the Konami listener island runs nothing until a visitor presses the
 * sequence's first key. Its code (a kilobyte, importing only React, which the toast area fetches
 * ahead too) is fetched ahead at idle, so that key waits only for React to start, not for a
 * download behind whatever else the page is fetching. From that key on, every key press is kept
 * in `window.__konamiKeys` while the island starts; the island replays them (takeBufferedKeys)
 * and listens itself, so a code typed in one breath straight after the page opens still arrives.
 */
const konami: ClientDirective = (load, _options, island) => {
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
  whenIdle(() => fetchAhead(island));
};

export default konami;
