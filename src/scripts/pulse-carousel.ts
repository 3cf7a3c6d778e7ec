import { nextIndex, previousIndex, wrapIndex } from '../lib/carousel';

export function initPulseCarousel(root: HTMLElement): void {
  const slides = [...root.querySelectorAll<HTMLElement>('[data-pulse-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-pulse-dot]')];
  const live = root.querySelector<HTMLElement>('[data-pulse-live]');
  const interval = Number(root.dataset.interval ?? 7000);
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let index = 0;
  let timer: number | undefined;
  let hovered = false;
  let focused = false;

  const restart = () => {
    window.clearInterval(timer);
    const rotating = !hovered && !focused && !reducedMotion.matches;
    // Announce changes only when the visitor makes them, not on every automatic turn.
    live?.setAttribute('aria-live', rotating ? 'off' : 'polite');
    if (rotating) timer = window.setInterval(() => show(nextIndex(index, slides.length)), interval);
  };

  const show = (next: number) => {
    index = wrapIndex(next, slides.length);
    slides.forEach((slide, i) => (slide.hidden = i !== index));
    dots.forEach((dot, i) => dot.setAttribute('aria-pressed', String(i === index)));
    restart();
  };

  root.querySelector('[data-pulse-prev]')?.addEventListener('click', () => show(previousIndex(index, slides.length)));
  root.querySelector('[data-pulse-next]')?.addEventListener('click', () => show(nextIndex(index, slides.length)));
  dots.forEach((dot, i) => dot.addEventListener('click', () => show(i)));
  root.addEventListener('pointerenter', () => ((hovered = true), restart()));
  root.addEventListener('pointerleave', () => ((hovered = false), restart()));
  root.addEventListener('focusin', () => ((focused = true), restart()));
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) (focused = false), restart();
  });
  reducedMotion.addEventListener('change', restart);

  slides.forEach((slide) => slide.classList.remove('js-hidden'));
  show(0);
}
