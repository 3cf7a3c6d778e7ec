import { useEffect, useRef } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import {
  TOAST_EVENT,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  takeCarriedToasts,
  takeQueuedToasts,
  type QueuedToast,
} from '../lib/toast';
import { addToastGestures } from '../browser/toast-gestures';

/** showToast's variants as sonner's toast types (sonner marks each toast with data-type). */
const raise = {
  normal: toast.info,
  success: toast.success,
  destructive: toast.error,
} satisfies Record<QueuedToast['variant'], typeof toast.info>;

/**
 * Where a toast goes: bottom right, as the Toaster says, unless it refuses a press made in a
 * modal dialog (destructive: Missing Fields, Submission Failed), which leaves the dialog open.
 * Such a dialog fills a phone's screen and reaches the bottom of a laptop's, so the toast goes to
 * the top, over the dialog's heading, rather than over its form and its buttons, where the next
 * press would land on the toast. A success closes its dialog, so its toast stays bottom right.
 */
const placeNewToast = ({ variant }: QueuedToast) =>
  variant === 'destructive' && document.querySelector('[aria-modal="true"], dialog:modal')
    ? ('top-center' as const)
    : undefined;

/**
 * Sonner puts a new toast on screen from a zero-delay timer of its own. On a busy phone the
 * browser draws a frame before that timer runs, so the answer to a press showed a frame late.
 * Raised through this, the timer's work runs at once. Only for a toast raised by showToast()
 * (from a press, a reply, a timer): React refuses to render at once inside its own rendering or
 * effects, so the toasts found when the area starts take sonner's timer.
 */
function raiseNow(show: () => void): void {
  const later = window.setTimeout;
  window.setTimeout = ((callback: TimerHandler, delay?: number, ...args: unknown[]) => {
    if (delay || typeof callback !== 'function') return later(callback, delay, ...args);
    (callback as (...a: unknown[]) => void)(...args);
    return 0;
  }) as typeof window.setTimeout;
  try {
    show();
  } finally {
    window.setTimeout = later;
  }
}

/**
 * The toast area on every page: sonner's Toaster and toast(), one toast at a time (a new one
 * replaces the old), fed by showToast() (src/lib/toast.ts) through the page's queue and the
 * toasts a previous page carried over. Sonner places, times (pausing on hover), announces and
 * closes them; src/browser/toast-gestures.ts adds Escape, the pause on focus and the exact swipe.
 */
export default function Toaster() {
  const area = useRef<HTMLElement>(null);

  useEffect(() => {
    const shown = new Set<string>();
    // Of several toasts raised at once only the newest would be visible: show just that one.
    const presentNewest = (messages: QueuedToast[]) => {
      const newest = messages.at(-1);
      // A toast raised in place of one shown (showToast's `replaces`) updates it where it is;
      // any other takes the place of whatever is on screen.
      const inPlace = newest !== undefined && shown.has(newest.id);
      messages.forEach((m) => shown.add(m.id));
      if (!newest) return;
      if (!inPlace) toast.dismiss();
      raise[newest.variant](newest.title, {
        id: newest.id,
        description: newest.description,
        duration: newest.duration,
        position: placeNewToast(newest),
      });
    };
    const drain = () => presentNewest(takeQueuedToasts());
    drain();
    presentNewest(takeCarriedToasts(Date.now(), shown));
    const drainNow = () => raiseNow(drain);
    window.addEventListener(TOAST_EVENT, drainNow);
    const removeGestures = area.current ? addToastGestures(area.current, () => toast.dismiss()) : undefined;
    return () => {
      window.removeEventListener(TOAST_EVENT, drainNow);
      removeGestures?.();
    };
  }, []);

  return (
    <Sonner
      ref={area}
      position="bottom-right"
      visibleToasts={TOAST_LIMIT}
      // F8 is the site's own (src/browser/toast-hotkey.ts); the label still names it.
      hotkey={[]}
      containerAriaLabel={`Notifications ${TOAST_HOTKEY}`}
      swipeDirections={[]}
      toastOptions={{
        unstyled: true,
        closeButton: true,
        closeButtonAriaLabel: 'Dismiss notification',
        classNames: {
          toast:
            'flex w-[min(22rem,calc(100vw-2rem))] touch-pan-y items-start gap-3 rounded-xl border border-l-4 p-4 font-sans shadow-lg',
          info: 'border-line bg-surface text-ink',
          // Fixed light backgrounds keep the light palette (scheme-light) in the dark theme too.
          success: 'scheme-light border-success bg-[#eef6ec] text-ink',
          error: 'scheme-light border-danger bg-[#fbeceb] text-ink',
          icon: 'hidden',
          content: 'min-w-0 flex-1',
          title: 'text-sm font-semibold',
          description: 'mt-1 text-sm leading-snug text-muted',
          closeButton: 'order-last -m-1 rounded p-1 text-muted hover:text-ink',
        },
      }}
    />
  );
}
