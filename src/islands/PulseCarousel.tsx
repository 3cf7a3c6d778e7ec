import { useEffect, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { nextIndex, previousIndex, wrapIndex } from '../lib/carousel';

export interface PulseQuote {
  id: number;
  text: string;
  source?: string;
  icon?: string;
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

const noSubscription = () => () => {};
/** False in the server's HTML and while React takes it over, true from then on. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Pulse Thoughts: every quote is in the server HTML (all of them readable without JavaScript).
 * Once hydrated it shows one at a time, advancing every `interval` ms and restarting the timer on
 * any change, the visitor's included. It holds still while hovered, while a control has keyboard
 * focus, while paused with its button, and for visitors who prefer reduced motion. A press with a
 * finger or the mouse does not hold it: the button keeps focus, and the turning would stop there.
 */
export default function PulseCarousel({ quotes, interval = 7000 }: { quotes: PulseQuote[]; interval?: number }) {
  const hydrated = useHydrated();
  // `turn` counts every change, so choosing the quote already shown still restarts the timer;
  // `byVisitor` says who made the last one.
  const [{ index, turn, byVisitor }, setShown] = useState({ index: 0, turn: 0, byVisitor: false });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = hydrated && !paused && !hovered && !focused && !reducedMotion;

  const show = (next: number) =>
    setShown((shown) => ({ index: wrapIndex(next, quotes.length), turn: shown.turn + 1, byVisitor: true }));

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(
      () =>
        setShown((shown) => ({ index: nextIndex(shown.index, quotes.length), turn: shown.turn + 1, byVisitor: false })),
      interval,
    );
    return () => window.clearInterval(timer);
  }, [rotating, turn, interval, quotes.length]);

  // Keyboard focus holds the quotes, but not on the Pause button, whose own state says whether
  // they turn.
  const onFocus = (event: FocusEvent<HTMLElement>) =>
    setFocused(!event.target.hasAttribute('data-pulse-toggle') && event.target.matches(':focus-visible'));
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="pulse-heading"
      className="pulse-carousel"
      data-pulse-carousel
      data-interval={interval}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <h2 id="pulse-heading" className="text-center text-step-3">
        Pulse Thoughts
      </h2>
      {/* Announce changes only when the visitor makes them, not on every automatic turn. */}
      <div
        className="relative mt-6 min-h-56 sm:min-h-44"
        aria-live={rotating && !byVisitor ? 'off' : 'polite'}
        data-pulse-live
      >
        {quotes.map((quote, i) => (
          <figure
            key={quote.id}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${quotes.length}`}
            data-pulse-slide
            hidden={hydrated && i !== index}
            // Before hydration only the first shows when scripting is on; every quote without it.
            className={`mx-auto max-w-3xl text-center${!hydrated && i !== 0 ? ' js-hidden' : ''}`}
          >
            {quote.icon && (
              <span aria-hidden="true" className="text-step-3 leading-tight">
                {quote.icon}
              </span>
            )}
            <blockquote className="mt-3 font-display text-step-2 leading-snug text-balance">“{quote.text}”</blockquote>
            {quote.source && <figcaption className="mt-4 font-sans text-sm text-muted">— {quote.source}</figcaption>}
          </figure>
        ))}
      </div>
      <div className="js-only mt-6 flex items-center justify-center gap-3 font-sans" data-pulse-controls>
        <StepButton direction="prev" onClick={() => show(previousIndex(index, quotes.length))} />
        <div className="flex flex-wrap justify-center gap-0.5">
          {quotes.map((quote, i) => (
            <button
              key={quote.id}
              type="button"
              data-pulse-dot={i}
              onClick={() => show(i)}
              aria-label={`Show quote ${i + 1}`}
              aria-pressed={i === index}
              className="group grid size-6 place-items-center"
            >
              <span className="size-2.5 rounded-full border border-ink group-aria-pressed:bg-ink" />
            </button>
          ))}
        </div>
        <StepButton direction="next" onClick={() => show(nextIndex(index, quotes.length))} />
      </div>
      {/* Nothing to pause for visitors who prefer reduced motion: the quote already stands still. */}
      {!reducedMotion && (
        <div className="js-only mt-4 text-center">
          <button
            type="button"
            className="font-sans text-sm font-semibold text-accent underline underline-offset-4"
            onClick={() => setPaused((p) => !p)}
            data-pulse-toggle
          >
            {paused ? 'Play the quotes' : 'Pause the quotes'}
          </button>
        </div>
      )}
    </section>
  );
}

/** The previous or next arrow. */
function StepButton({ direction, onClick }: { direction: 'prev' | 'next'; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-full border border-ink p-2 hover:bg-ink hover:text-paper"
      aria-label={direction === 'prev' ? 'Previous quote' : 'Next quote'}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
        <path
          d={direction === 'prev' ? 'M10 3L5 8l5 5' : 'M6 3l5 5-5 5'}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
    </button>
  );
}
