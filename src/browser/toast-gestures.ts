import { TOAST_SWIPE_THRESHOLD_PX } from '../lib/toast';
import { createToastTimer } from '../lib/toast-timer';
import { modalIsOpen } from './dialogs';

export interface ToastGestures {
  /** Times the toast just shown, for `duration` ms (Infinity: until dismissed). */
  time(duration: number): void;
  /** Removes every listener and forgets the toast being timed. */
  remove(): void;
}

/**
 * What the site's toasts do beyond sonner's options, from the visitor's own input on sonner's
 * toast area, each ending in `dismiss`:
 * - Escape dismisses the toast, wherever focus is (sonner's Escape only folds its list up), but
 *   in an open modal dialog, where Escape closes the dialog and only that;
 * - the toast's time runs out (createToastTimer), held while the pointer is on the area, while
 *   focus is in it and while the page is hidden;
 * - a swipe right dismisses at exactly TOAST_SWIPE_THRESHOLD_PX and springs back below it. Sonner's
 *   own swipe, switched off with `swipeDirections={[]}`, dismisses at a fixed 45 px or any quick flick.
 */
export function addToastGestures(region: HTMLElement, dismiss: () => void): ToastGestures {
  const timer = createToastTimer(dismiss);

  const onKey = (event: KeyboardEvent) => {
    // Read as the key goes down, before the dialog's own Escape closes it.
    if (event.key === 'Escape' && !modalIsOpen() && region.querySelector('[data-sonner-toast]')) dismiss();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (!region.contains(event.relatedTarget as Node | null)) timer.hold('focused', false);
  };

  let drag: { toast: HTMLElement; startX: number; distance: number } | null = null;
  const onPointerDown = (event: PointerEvent) => {
    if (!(event.target instanceof Element) || event.target.closest('button')) return;
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
  document.addEventListener('visibilitychange', () => timer.hold('hidden', document.hidden), options);
  region.addEventListener('pointerenter', () => timer.hold('hovered', true), options);
  region.addEventListener('pointerleave', () => timer.hold('hovered', false), options);
  region.addEventListener('focusin', () => timer.hold('focused', true), options);
  region.addEventListener('focusout', onFocusOut, options);
  region.addEventListener('pointerdown', onPointerDown, options);
  region.addEventListener('pointermove', onPointerMove, options);
  region.addEventListener('pointerup', onPointerEnd, options);
  region.addEventListener('pointercancel', onPointerEnd, options);

  return {
    time: timer.start,
    remove() {
      controller.abort();
      timer.stop();
    },
  };
}
