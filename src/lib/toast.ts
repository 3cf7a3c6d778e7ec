import { afterNextFrame } from '../browser/when-painted';
import { readJSON, storageKeys, writeJSON } from './storage';

/**
 * The one helper every feature uses to tell the visitor something.
 * It is framework-free, so plain page scripts can call it too: it queues the message and wakes
 * the toast area, an island that hydrates on demand (`client:toast`,
 * src/browser/directives/press.ts) and hands the message to sonner
 * (src/islands/Toaster.tsx), so a page pays for React only when it has something to say.
 * A toast raised just before a redirect is carried in session storage to the next page.
 */

export type ToastVariant = 'normal' | 'success' | 'destructive';

export interface ToastMessage {
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds; Infinity never auto-dismisses. */
  duration: number;
}

export interface QueuedToast extends ToastMessage {
  id: string;
  /** Set when the toast must survive a navigation: shown on the next page until then. */
  expiresAt?: number;
}

/** The window event that wakes the toast area, and the key that moves focus to it. */
export const TOAST_EVENT = 'site:toast';
export const TOAST_HOTKEY = 'F8';

/** One toast at a time; how long the usual, the "copied" and the long-to-read ones stay. */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_COPY_MS = 3000;
export const TOAST_LONG_MS = 7000;
/** How far a toast must be swiped to dismiss it. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

interface ToastOptions {
  variant?: ToastVariant;
  duration?: number;
  /** Keep the toast for the next page too (a redirect follows right after). */
  carryOver?: boolean;
  /** A toast on screen this one takes the place of, in place: the same answer, now known better. */
  replaces?: QueuedToast;
}

let counter = 0;

/**
 * Toasts raised on this page that the toast area has not taken yet. Islands, page scripts and the
 * toast area all import this one module, which the build keeps in one shared chunk, so they
 * share this queue.
 */
let queued: QueuedToast[] = [];

export function showToast(title: string, description?: string, options: ToastOptions = {}): QueuedToast {
  const duration = options.duration ?? TOAST_DEFAULT_MS;
  const toast: QueuedToast = {
    id: options.replaces?.id ?? `${Date.now().toString(36)}-${(counter++).toString(36)}`,
    title,
    description,
    variant: options.variant ?? 'destructive',
    duration,
  };
  if (options.carryOver) carryToNextPage(toast);
  if (typeof window !== 'undefined') {
    queued.push(toast);
    window.dispatchEvent(new CustomEvent(TOAST_EVENT));
  }
  return toast;
}

/**
 * Keeps a toast for the next page too, until its time is up: for a toast already shown when it
 * turns out a redirect follows (showToast's `carryOver` when that is known at once).
 */
export function carryToNextPage(toast: QueuedToast, now = Date.now()): void {
  toast.expiresAt = now + (Number.isFinite(toast.duration) ? toast.duration : TOAST_LONG_MS);
  writeJSON(storageKeys.pendingToasts, [...readCarriedToasts(), toast], 'session');
}

function isQueuedToastList(value: unknown): value is QueuedToast[] {
  return (
    Array.isArray(value) &&
    value.every((t) => t && typeof t === 'object' && typeof t.id === 'string' && typeof t.title === 'string')
  );
}

/** Toasts a previous page left for this one. */
export function readCarriedToasts(): QueuedToast[] {
  return readJSON(storageKeys.pendingToasts, 'session', isQueuedToastList) ?? [];
}

/** Takes carried toasts still worth showing, with the time they have left; clears the store. */
export function takeCarriedToasts(now = Date.now(), alreadyShown: ReadonlySet<string> = new Set()): QueuedToast[] {
  const carried = readCarriedToasts();
  const keep = carried.filter((t) => alreadyShown.has(t.id));
  writeJSON(storageKeys.pendingToasts, keep, 'session');
  return carried
    .filter((t) => !alreadyShown.has(t.id) && (t.expiresAt ?? 0) > now)
    .map((t) => ({ ...t, duration: Math.max((t.expiresAt ?? now) - now, TOAST_COPY_MS) }));
}

/**
 * Runs `run` once a toast raised before it is on screen: the toast area draws each toast in a task
 * of its own (sonner's), queued as it is raised, so a task queued now runs after that one, and the
 * frame after it shows the toast. For work that would otherwise hold that frame back.
 */
export function afterToastDrawn(run: () => void): void {
  setTimeout(() => afterNextFrame(run));
}

/** Drains what islands queued on this page before the toast area was ready. */
export function takeQueuedToasts(): QueuedToast[] {
  const taken = queued;
  queued = [];
  return taken;
}
