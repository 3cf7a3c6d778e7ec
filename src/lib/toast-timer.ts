/** What holds a toast's time still: the pointer is on it, focus is in it, or the page is hidden. */
export type ToastHold = 'hovered' | 'focused' | 'hidden';

export interface ToastTimer {
  /** Times the toast just shown: `expire` runs after `duration` ms that nothing held (never for Infinity). */
  start(duration: number): void;
  /** Sets or lifts one reason to hold the time; the time runs again once none is left. */
  hold(reason: ToastHold, held: boolean): void;
  /** Forgets the toast being timed: `expire` will not run for it. */
  stop(): void;
}

/**
 * The countdown of the toast on screen. Sonner pauses its own timer on hover only, with no option
 * or call that pauses it on focus, so the site times each toast here and gives sonner
 * `duration: Infinity`. Holds outlive a toast: a pointer resting where the next one appears holds it.
 */
export function createToastTimer(expire: () => void): ToastTimer {
  const holds = new Set<ToastHold>();
  // What the toast timed has left; Infinity while there is none, or for one that stays.
  let left = Infinity;
  let since = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;

  const halt = () => {
    if (pending === undefined) return;
    clearTimeout(pending);
    pending = undefined;
    left = Math.max(0, left - (Date.now() - since));
  };
  const run = () => {
    if (pending !== undefined || holds.size > 0 || !Number.isFinite(left)) return;
    since = Date.now();
    pending = setTimeout(() => {
      pending = undefined;
      left = Infinity;
      expire();
    }, left);
  };
  const stop = () => {
    clearTimeout(pending);
    pending = undefined;
    left = Infinity;
  };

  return {
    start(duration) {
      stop();
      left = duration;
      run();
    },
    hold(reason, held) {
      if (held) {
        holds.add(reason);
        halt();
      } else {
        holds.delete(reason);
        run();
      }
    },
    stop,
  };
}
