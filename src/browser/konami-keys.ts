import {
  FIRST_LIGHT_PATH,
  SEQUENCE_UNDER_WAY,
  createSequenceMatcher,
  isSequenceKeyPress,
  startsSequence,
} from '../lib/konami';
import { prerenderPage } from './next-page';

/** Keys typed since the sequence's first key, until the listener island takes them. */
const typed: string[] = [];
let taken = false;

/**
 * Keeps the keys of a Konami sequence typed while the listener island, which starts at the
 * sequence's first key (`client:press="konami"`), is on its way: a code typed in one breath
 * straight after the page opens still arrives. Once the sequence is under way, First Light is
 * prerendered from here, whether or not the island has started: typed as the page opens, the keys
 * would otherwise wait for React before the prerender could begin, and the last key would open a
 * page still being drawn.
 */
export function keepKonamiKeys(): void {
  const underWay = createSequenceMatcher(SEQUENCE_UNDER_WAY);
  let prerendered = false;
  const onKey = (event: KeyboardEvent) => {
    if (!isSequenceKeyPress(event)) return;
    if (!prerendered && underWay(event.key)) {
      prerendered = true;
      prerenderPage(FIRST_LIGHT_PATH, { onTheWay: true });
    }
    if (!taken && (typed.length || startsSequence(event.key))) typed.push(event.key);
    if (taken && prerendered) document.removeEventListener('keydown', onKey);
  };
  document.addEventListener('keydown', onKey);
}

/** The keys typed before the island listened, handed over once: from then on it listens itself. */
export function takeTypedKeys(): string[] {
  taken = true;
  return typed.splice(0);
}
