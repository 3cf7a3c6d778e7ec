import type { ToastVariant } from './toast';

/** A box on screen, in CSS pixels from the viewport's top left, as getBoundingClientRect gives it. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Sonner's distance from the screen's edges, and the width up to which it draws a toast edge to edge. */
export const EDGE_PX = 24;
export const PHONE_EDGE_PX = 16;
const PHONE_MAX_WIDTH_PX = 600;
/** The toast's width (the Toaster's class) and the height of the tallest, an idea told whole. */
const TOAST_WIDTH_REM = 22;
const TALLEST_TOAST_REM = 16;

/** Where a bottom-right toast may reach: the corner on a laptop, the whole width on a phone. */
export function bottomToastArea(viewport: { width: number; height: number }, remPx: number): Box {
  const phone = viewport.width <= PHONE_MAX_WIDTH_PX;
  const edge = phone ? PHONE_EDGE_PX : EDGE_PX;
  const width = phone ? viewport.width - 2 * edge : Math.min(TOAST_WIDTH_REM * remPx, viewport.width - 2 * remPx);
  return {
    left: viewport.width - edge - width,
    right: viewport.width - edge,
    top: viewport.height - edge - TALLEST_TOAST_REM * remPx,
    bottom: viewport.height - edge,
  };
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export interface ToastSituation {
  variant: ToastVariant;
  /** A modal dialog is open. */
  inModal: boolean;
  /** The controls the visitor is at: the focused one and the one under the pointer, if any. */
  at: Box[];
  viewport: { width: number; height: number };
  remPx: number;
}

/**
 * Where a new toast goes, in sonner's terms (undefined: the Toaster's own, bottom right). A toast
 * shows where the next press would not land on it: a press that lands on a toast does nothing, and
 * a toast under the pointer stays as long as the pointer does.
 *
 * - A refusal of a press made in a modal dialog (destructive: Missing Fields, Submission Failed)
 *   leaves the dialog open. Such a dialog fills a phone's screen and reaches the bottom of a
 *   laptop's, so the toast goes to the top, over the dialog's heading, rather than over its form
 *   and its buttons. A success closes its dialog (and the button pressed with it), so its toast
 *   stays at the bottom.
 * - Elsewhere, a toast raised while the visitor is at a control that lies where a bottom toast
 *   would be (Random Idea again and again, a Copy at the foot of the screen) goes to the top right
 *   instead.
 */
export function placeToast({ variant, inModal, at, viewport, remPx }: ToastSituation) {
  if (inModal) return variant === 'destructive' ? ('top-center' as const) : undefined;
  const area = bottomToastArea(viewport, remPx);
  if (at.some((control) => overlap(control, area))) return 'top-right' as const;
  return undefined;
}

/**
 * How far below the screen's top a top-right toast goes: below the bars at the top of the screen
 * (their bottoms as getBoundingClientRect gives them), whose Search, theme switch, Menu and
 * Dismiss it would otherwise lie over for as long as it shows, then sonner's own distance from an
 * edge.
 */
export function topToastOffset(barBottoms: number[], viewport: { width: number }): number {
  const edge = viewport.width <= PHONE_MAX_WIDTH_PX ? PHONE_EDGE_PX : EDGE_PX;
  return Math.max(0, ...barBottoms) + edge;
}
