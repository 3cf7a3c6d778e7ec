import { useEffect, useRef } from 'react';
import { Toaster as Sonner, toast, type ToasterProps } from 'sonner';
import {
  TOAST_EVENT,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  takeCarriedToasts,
  takeQueuedToasts,
  type QueuedToast,
} from '../lib/toast';
import { addToastGestures } from '../browser/toast-gestures';
import { EDGE_PX, PHONE_EDGE_PX, placeToast, topToastOffset } from '../lib/toast-placement';
import { SITE_CHROME } from '../browser/site-chrome';
import { modalIsOpen } from '../browser/dialogs';

/** showToast's variants as sonner's toast types (sonner marks each toast with data-type). */
const raise = {
  normal: toast.info,
  success: toast.success,
  destructive: toast.error,
} satisfies Record<QueuedToast['variant'], typeof toast.info>;

/**
 * The control a visitor is at: the one focused, which is the one just pressed where a press
 * focuses (not in Safari), and the one under the pointer, where the pointer still rests after a
 * click (and, on a touch screen, where the last tap landed). A focused region (the list's top
 * after a step to another page, <main> after the Start Here guide) is not a control.
 */
const CONTROL = 'button, a[href], input, select, textarea, summary';
function controlsAt(): Element[] {
  const focused = document.activeElement?.closest(CONTROL);
  const hovered = [...document.querySelectorAll(':hover')].at(-1)?.closest(CONTROL);
  // A toast's own close button is not among them: the new toast takes its place.
  return [focused, hovered].filter(
    (control): control is Element => control != null && !control.closest('[data-sonner-toaster]'),
  );
}

/**
 * Where a new toast goes, from what is on screen as it is raised (src/lib/toast-placement.ts). A
 * top-right toast's distance from the top is set on the area as --toast-top, which the Toaster's
 * offsets read; any other position keeps sonner's own.
 */
function placeNewToast({ variant }: QueuedToast, area: HTMLElement) {
  const screen = document.documentElement;
  // The viewport that sonner's fixed toasts are placed in: without the scroll bar.
  const viewport = { width: screen.clientWidth, height: screen.clientHeight };
  const position = placeToast({
    variant,
    inModal: modalIsOpen(),
    at: controlsAt().map((control) => control.getBoundingClientRect()),
    viewport,
    remPx: parseFloat(getComputedStyle(screen).fontSize),
  });
  if (position === 'top-right') {
    // The sticky header, and the What's New banner below it while the page is scrolled to its top.
    const bottoms = [...document.querySelectorAll(SITE_CHROME)].map((bar) => bar.getBoundingClientRect().bottom);
    area.style.setProperty('--toast-top', `${topToastOffset(bottoms, viewport)}px`);
  } else area.style.removeProperty('--toast-top');
  return position;
}

// F8 is the site's own (src/browser/toast-hotkey.ts), since sonner's hotkey reaches its list only
// while a toast shows and once the area runs; the area's label still names it.
const NO_HOTKEY: string[] = [];
// The swipe is the site's own too (src/browser/toast-gestures.ts).
const NO_SWIPE: ToasterProps['swipeDirections'] = [];

// Sonner's own distances from the edges (24 px, 16 px on a phone), but a top-right toast's from
// the top, placeNewToast's --toast-top.
const OFFSET: ToasterProps['offset'] = { top: `var(--toast-top, ${EDGE_PX}px)` };
const MOBILE_OFFSET: ToasterProps['mobileOffset'] = { top: `var(--toast-top, ${PHONE_EDGE_PX}px)` };

const TOAST_OPTIONS: ToasterProps['toastOptions'] = {
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
    // Never taller than the screen (a long Random Idea on a short screen, or with the text set
    // large): what does not fit scrolls within the toast, its close button staying in view (the
    // screen less the toast's distances from its edges, sonner's 24 px or --toast-top, and its
    // padding). A scrolling box starts the browser's reading of a finger afresh: it too leaves a
    // sideways swipe to the toast.
    content: 'min-w-0 flex-1 max-h-[calc(100dvh-var(--toast-top,24px)-5rem)] touch-pan-y overflow-y-auto',
    title: 'text-sm font-semibold',
    description: 'mt-1 text-sm leading-snug text-muted',
    closeButton: 'order-last -m-1 rounded p-1 text-muted hover:text-ink',
  },
};

/**
 * The toast area on every page: sonner's Toaster and toast(), one toast at a time (a new one
 * replaces the old), fed by showToast() (src/lib/toast.ts) through the page's queue and the
 * toasts a previous page carried over. Sonner places, announces and closes them;
 * src/browser/toast-gestures.ts times them and adds Escape and the exact swipe.
 */
export default function Toaster() {
  const area = useRef<HTMLElement>(null);
  const newest = useRef<QueuedToast['id']>(undefined);

  useEffect(() => {
    const gestures = addToastGestures(area.current!, () => toast.dismiss());
    const shown = new Set<string>();
    // Of several toasts raised at once only the newest would be visible: show just that one.
    // One raised in place of one shown (showToast's `replaces`) updates it where it is.
    const presentNewest = (messages: QueuedToast[]) => {
      messages.forEach((m) => shown.add(m.id));
      const last = messages.at(-1);
      if (!last) return;
      // Sonner keeps every toast raised and only hides all but the newest (visibleToasts): the one
      // shown before is dismissed as its successor comes, so that it does not come back when the
      // newest goes. Sonner lists toasts and takes dismissals in the order they were made, so the
      // dismissal finds the older toast listed. (useSonner's list would tell the same, at the cost
      // of a second render of the whole area for every toast, before the toast's first frame.)
      if (newest.current !== undefined && newest.current !== last.id) toast.dismiss(newest.current);
      newest.current = last.id;
      raise[last.variant](last.title, {
        id: last.id,
        description: last.description,
        duration: Infinity,
        position: placeNewToast(last, area.current!),
      });
      gestures.time(last.duration);
    };
    const drain = () => presentNewest(takeQueuedToasts());
    drain();
    presentNewest(takeCarriedToasts(Date.now(), shown));
    window.addEventListener(TOAST_EVENT, drain);
    return () => {
      window.removeEventListener(TOAST_EVENT, drain);
      gestures.remove();
    };
  }, []);

  return (
    <Sonner
      ref={area}
      position="bottom-right"
      visibleToasts={TOAST_LIMIT}
      hotkey={NO_HOTKEY}
      containerAriaLabel={`Notifications ${TOAST_HOTKEY}`}
      swipeDirections={NO_SWIPE}
      offset={OFFSET}
      mobileOffset={MOBILE_OFFSET}
      toastOptions={TOAST_OPTIONS}
    />
  );
}
