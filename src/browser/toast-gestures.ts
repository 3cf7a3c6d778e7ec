import { TOAST_SWIPE_THRESHOLD_PX } from '../lib/toast';

/**
 * What the site's toasts do that sonner does not, wired onto sonner's own toast area:
 * - Escape dismisses the toast, wherever focus is;
 * - the timer also pauses while focus is inside the toast (sonner pauses on hover only): focus
 *   counts as the "interacting" sonner already pauses for, signalled with the pointer events
 *   its list listens to;
 * - a swipe right dismisses at exactly TOAST_SWIPE_THRESHOLD_PX and springs back below it.
 *   Sonner's own swipe (45 px, or any quick flick) is switched off with `swipeDirections={[]}`.
 * Returns the function that removes the listeners.
 */
export function addToastGestures(region: HTMLElement, dismiss: () => void): () => void {
  const list = () => region.querySelector<HTMLElement>('[data-sonner-toaster]');
  const signal = (type: 'pointerdown' | 'pointerup') =>
    list()?.dispatchEvent(new PointerEvent(type, { bubbles: true }));

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && region.querySelector('[data-sonner-toast]')) dismiss();
  };
  const onFocusIn = () => signal('pointerdown');
  const onFocusOut = (event: FocusEvent) => {
    if (!region.contains(event.relatedTarget as Node | null)) signal('pointerup');
  };

  let drag: { toast: HTMLElement; startX: number; distance: number } | null = null;
  const onPointerDown = (event: PointerEvent) => {
    if (!event.isTrusted || !(event.target instanceof Element) || event.target.closest('button')) return;
    const toast = event.target.closest<HTMLElement>('[data-sonner-toast]');
    if (toast) drag = { toast, startX: event.clientX, distance: 0 };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag) return;
    drag.distance = Math.max(0, event.clientX - drag.startX);
    drag.toast.style.translate = `${drag.distance}px 0`;
  };
  const onPointerEnd = () => {
    if (!drag) return;
    if (drag.distance >= TOAST_SWIPE_THRESHOLD_PX) dismiss();
    else drag.toast.style.translate = '';
    drag = null;
  };

  // One signal removes every listener.
  const controller = new AbortController();
  const options = { signal: controller.signal };
  document.addEventListener('keydown', onKey, options);
  region.addEventListener('focusin', onFocusIn, options);
  region.addEventListener('focusout', onFocusOut, options);
  region.addEventListener('pointerdown', onPointerDown, options);
  region.addEventListener('pointermove', onPointerMove, options);
  region.addEventListener('pointerup', onPointerEnd, options);
  region.addEventListener('pointercancel', onPointerEnd, options);
  return () => controller.abort();
}
