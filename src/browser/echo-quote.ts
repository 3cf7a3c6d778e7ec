import { nextIndex } from '../lib/carousel';

/**
 * Rotates the echo quotes on /coverstory every `data-interval` ms (5000). Stops while the
 * visitor hovers or focuses it, while paused with its button, and for prefers-reduced-motion.
 */
export function initEchoQuote(root: HTMLElement): void {
  const slides = [...root.querySelectorAll<HTMLElement>('[data-echo-slide]')];
  const toggle = root.querySelector<HTMLButtonElement>('[data-echo-toggle]');
  const live = root.querySelector<HTMLElement>('[data-echo-live]');
  const interval = Number(root.dataset.interval ?? 5000);
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let index = 0;
  let timer: number | undefined;
  let paused = false;
  let hovered = false;
  let focused = false;

  const show = (next: number) => {
    index = next;
    slides.forEach((slide, i) => slide.toggleAttribute('data-active', i === index));
  };

  const restart = () => {
    window.clearInterval(timer);
    timer = undefined;
    const rotating = slides.length > 1 && !paused && !hovered && !focused && !reducedMotion.matches;
    // Screen readers hear a change only when the visitor is in control, not every five seconds.
    live?.setAttribute('aria-live', rotating ? 'off' : 'polite');
    if (rotating) timer = window.setInterval(() => show(nextIndex(index, slides.length)), interval);
    root.dataset.rotating = String(rotating);
  };

  if (toggle) {
    // Nothing to pause for visitors who prefer reduced motion: the quote already stands still.
    const syncToggle = () => (toggle.hidden = reducedMotion.matches);
    syncToggle();
    reducedMotion.addEventListener('change', syncToggle);
    toggle.addEventListener('click', () => {
      paused = !paused;
      // The label says what a press will do; a pressed state beside it would contradict it.
      toggle.textContent = paused ? 'Play the echoes' : 'Pause the echoes';
      restart();
    });
  }
  root.addEventListener('pointerenter', () => ((hovered = true), restart()));
  root.addEventListener('pointerleave', () => ((hovered = false), restart()));
  // Focus on the pause button itself does not pause: its own state says whether it rotates.
  root.addEventListener('focusin', (event) => ((focused = event.target !== toggle), restart()));
  root.addEventListener('focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    restart();
  });
  reducedMotion.addEventListener('change', restart);
  show(0);
  restart();
}
