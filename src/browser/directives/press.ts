import type { ClientDirective } from 'astro';
import { isSequenceKeyPress, startsSequence } from '../../lib/konami';
import { hasShareSheet } from '../../lib/share-sheet';
import { readCarriedToasts, TOAST_EVENT } from '../../lib/toast';
import { connectAhead, fetchAhead } from '../fetch-ahead';
import { onIntent } from '../intent';
import { whenIdle } from '../when-idle';
import { whenPainted } from '../when-painted';
import { whenShown } from '../when-shown';

/**
 * When an island starts (`client:press="…"`): with no value at the first idle moment after load
 * (the island is the point of its page), `load` once the page has painted (it fetches what it
 * shows; the connection it reads over is opened as its code is fetched, connectAhead), `near`
 * once it comes within a screen of view (further down a reading page), `toast` when there is a
 * toast to show (the toast area), `konami` at the Konami sequence's first key (its listener).
 */
export type IslandStart = 'load' | 'near' | 'toast' | 'konami';

/**
 * Whether an island on this page starts without being touched, so React runs anyway. This is the
 * one directive of the site, bundled once into each page: every island's decision is made here.
 */
let startsUntouched = false;

/**
 * Keeps every press that lands on an island before React owns it, and hands each one over once it
 * does. The server's markup has no handlers: a click there would do nothing, and a form would
 * submit itself to the page's own address. So a click or submit is cancelled on its way down,
 * the island starts at once, and the press is dispatched again after; React hydrates the part of
 * an island a discrete event reaches synchronously, so the press does what it says.
 */
function keepPresses(island: HTMLElement, start: () => void): { handOver: () => void; forget: () => void } {
  const kept: (() => void)[] = [];
  const keep = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const { target } = event;
    if (event instanceof SubmitEvent && target instanceof HTMLFormElement) {
      const { submitter } = event;
      kept.push(() => target.requestSubmit(submitter));
    } else if (event instanceof MouseEvent && target) {
      const init: MouseEventInit = { bubbles: true, cancelable: true, composed: true, detail: event.detail };
      kept.push(() => target.dispatchEvent(new MouseEvent('click', init)));
    }
    start();
  };
  island.addEventListener('click', keep, true);
  island.addEventListener('submit', keep, true);
  return {
    handOver: () => {
      island.removeEventListener('click', keep, true);
      island.removeEventListener('submit', keep, true);
      kept.splice(0).forEach((replay) => replay());
    },
    // Presses made while code that never came was awaited: done later, they would surprise.
    forget: () => void kept.splice(0),
  };
}

/** Once the island is within a screen of the viewport. */
function whenNear(island: HTMLElement, start: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: '100% 0px' },
  );
  // <astro-island> is display: contents and has no box of its own to observe.
  for (const child of island.children) observer.observe(child);
}

/**
 * Whether a control outside any island (`data-raises-toast`) can raise a toast on this browser.
 * Share (`="unless-share-sheet"`) hands the link to the device's share sheet where there is one,
 * as on phones, and raises a toast only where there is none.
 */
const raisesToastHere = () =>
  [...document.querySelectorAll<HTMLElement>('[data-raises-toast]')].some(
    (control) => control.dataset.raisesToast !== 'unless-share-sheet' || !hasShareSheet(),
  );

/**
 * The toast area (sonner's Toaster) starts when there is something to show: a toast raised on
 * this page, or one the previous page carried over. Beside an island that starts untouched, React
 * runs anyway: its code is fetched ahead with the island's and it starts at the first idle moment
 * after load, so the first toast shows at once. A reading page runs no React until a toast is
 * raised. Where a control outside any island can raise one on this browser (raisesToastHere), its
 * code is fetched ahead once the page has painted, without being run, so that the first toast
 * waits only for it to start; elsewhere a reading page downloads none of it.
 */
function whenToast(island: HTMLElement, start: () => void): void {
  window.addEventListener(TOAST_EVENT, start);
  // Carried toasts are read when the page is shown: a prerendered page may be opened later.
  whenShown(() => {
    if (readCarriedToasts().length) start();
  });
  // The toast area comes after every other island of the page (BaseLayout): each has decided.
  if (startsUntouched) {
    whenPainted(() => fetchAhead(island));
    whenIdle(start);
  } else if (raisesToastHere()) whenPainted(() => fetchAhead(island));
}

/**
 * The Konami listener starts at the sequence's first key. Nothing is fetched ahead for it: the
 * nine keys still to come give React (a kilobyte for the island itself) time to arrive, and a
 * reading page downloads no React for a sequence most readers never type. The keys typed
 * meanwhile are kept for it (src/browser/konami-keys.ts).
 */
function whenSequenceStarts(start: () => void): void {
  const onKey = (event: KeyboardEvent) => {
    if (!isSequenceKeyPress(event) || !startsSequence(event.key)) return;
    document.removeEventListener('keydown', onKey);
    start();
  };
  document.addEventListener('keydown', onKey);
}

/**
 * `client:press`: decides when an island starts (IslandStart), and, for an island made to be
 * pressed, keeps every press that lands before it has (keepPresses). Without a value its code is
 * fetched ahead as soon as the page has painted (whenPainted: nothing of an island comes before
 * the page's own text; a press at load then waits for little or no download), and it starts at
 * the first idle moment after load; with `near` its code is fetched ahead at idle. A
 * pressed island starts sooner if the visitor points at it, touches it, tabs into it or presses
 * it, and once started, fetches ahead what it imports only when pressed.
 */
const press: ClientDirective = (load, options, island) => {
  const when = options.value as IslandStart | true;
  let started = false;
  let afterStart = () => {};
  let afterFailure = () => {};
  // Astro tells when an island's code could not be fetched, its own second try included (a phone
  // losing its signal): the island is still the server's markup with nothing behind it, so its
  // presses stay kept, and the next one (or the next toast) starts it again.
  let failed = false;
  island.addEventListener('astro:hydration-error', () => (failed = true));
  const start = () => {
    if (started) return;
    started = true;
    void load()
      .then((hydrate) => hydrate())
      .then(() => {
        if (!failed) return afterStart();
        failed = false;
        started = false;
        afterFailure();
      });
  };
  if (when === 'toast') return whenToast(island, start);
  if (when === 'konami') return whenSequenceStarts(start);
  const { handOver, forget } = keepPresses(island, start);
  afterFailure = forget;
  afterStart = () => {
    handOver();
    // What the island imports only once pressed (the forum's counted fields) is fetched at the
    // next idle moment, and not run.
    whenIdle(() => fetchAhead(island));
  };
  onIntent(island, start);
  if (when === 'near') {
    whenIdle(() => fetchAhead(island));
    whenNear(island, start);
    return;
  }
  startsUntouched = true;
  if (when === 'load')
    whenPainted(() => {
      connectAhead(island);
      start();
    });
  else {
    whenPainted(() => fetchAhead(island));
    whenIdle(start);
  }
};

export default press;
