import type { ClientDirective } from 'astro';
import {
  FIRST_LIGHT_PATH,
  SEQUENCE_UNDER_WAY,
  createSequenceMatcher,
  isSequenceKeyPress,
  startsSequence,
} from '../../lib/konami';
import { prerenderPage } from '../prerender-page';

/**
 * `client:konami`: the Konami listener island is fetched and run only once a visitor presses the
 * sequence's first key. Nothing is fetched ahead for it: the nine keys still to come give React
 * (a kilobyte for the island itself) time to arrive, and a reading page downloads no React for a
 * sequence most readers never type. From that key on, every key press is kept in
 * `window.__konamiKeys` while the island starts; the island replays them (takeBufferedKeys) and
 * listens itself, so a code typed in one breath straight after the page opens still arrives.
 *
 * Once the sequence is under way, First Light is prerendered from here, whether or not the
 * island has started: typed as the page opens, the keys would otherwise wait for React before
 * the prerender could begin, and its last key would open a page still being drawn.
 */
const konami: ClientDirective = (load) => {
  const keys: string[] = [];
  window.__konamiKeys = keys;
  let loading = false;
  const underWay = createSequenceMatcher(SEQUENCE_UNDER_WAY);
  let prerendered = false;
  const onKey = (event: KeyboardEvent) => {
    if (!isSequenceKeyPress(event)) return;
    if (!prerendered && underWay(event.key)) {
      prerendered = true;
      prerenderPage(FIRST_LIGHT_PATH, { onTheWay: true });
    }
    if (window.__konamiKeys !== keys) {
      // The island has taken the keys and listens on its own now.
      if (prerendered) document.removeEventListener('keydown', onKey);
      return;
    }
    if (!loading && !startsSequence(event.key)) return;
    keys.push(event.key);
    if (loading) return;
    loading = true;
    void load().then((hydrate) => hydrate());
  };
  document.addEventListener('keydown', onKey);
};

export default konami;
