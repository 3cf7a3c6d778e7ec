import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import {
  TOAST_EVENT,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  takeCarriedToasts,
  takeQueuedToasts,
  type QueuedToast,
} from '../lib/toast';

const variantStyles: Record<QueuedToast['variant'], string> = {
  normal: 'border-line bg-surface text-ink',
  // Fixed light backgrounds keep the light palette (scheme-light) in the dark theme too.
  success: 'scheme-light border-success bg-[#eef6ec] text-ink',
  destructive: 'scheme-light border-danger bg-[#fbeceb] text-ink',
};

/**
 * One toast. Sonner places and announces it; the timing, pausing and swiping are ours so they
 * behave exactly as promised (pause while hovered or focused, swipe right past 50 px, Escape).
 */
function ToastCard({ message, onDismiss: dismissToast }: { message: QueuedToast; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0);
  // Leave at once; sonner removes its wrapper after its own exit animation.
  const [gone, setGone] = useState(false);
  const onDismiss = useCallback(() => {
    setGone(true);
    dismissToast();
  }, [dismissToast]);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(message.duration);
  const start = useRef<number | null>(null);
  // The latest drag distance, read on pointer-up before React may have re-rendered.
  const dragged = useRef(0);

  const paused = hovered || focused;
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(onDismiss, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, onDismiss]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onDismiss]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    dragged.current = Math.max(0, event.clientX - start.current);
    setOffset(dragged.current);
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (dragged.current >= TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
    dragged.current = 0;
  };

  if (gone) return null;
  return (
    <div
      data-toast
      data-variant={message.variant}
      role={message.variant === 'destructive' ? 'alert' : 'status'}
      className={`flex w-[min(22rem,calc(100vw-2rem))] touch-pan-y items-start gap-3 rounded-xl border-l-4 border p-4 font-sans shadow-lg ${variantStyles[message.variant]}`}
      style={{ transform: `translateX(${offset}px)`, opacity: offset ? Math.max(0.3, 1 - offset / 200) : 1 }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null;
        dragged.current = 0;
        setOffset(0);
      }}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{message.title}</p>
        {message.description && <p className="mt-1 text-sm leading-snug text-muted">{message.description}</p>}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-m-1 rounded p-1 text-lg leading-none text-muted hover:text-ink"
      >
        ×
      </button>
    </div>
  );
}

/** The toast area on every page: one toast at a time, a new one replaces the old. */
export default function Toaster() {
  useEffect(() => {
    const shown = new Set<string>();
    let current: string | null = null;
    const present = (message: QueuedToast) => {
      if (current) toast.dismiss(current);
      current = message.id;
      const dismiss = () => toast.dismiss(message.id);
      toast.custom(() => <ToastCard message={message} onDismiss={dismiss} />, {
        id: message.id,
        duration: Infinity,
        dismissible: false,
        unstyled: true,
      });
    };
    // Of several toasts raised at once only the newest would be visible: show just that one.
    const presentNewest = (messages: QueuedToast[]) => {
      messages.forEach((m) => shown.add(m.id));
      const newest = messages.at(-1);
      if (newest) present(newest);
    };
    const drain = () => presentNewest(takeQueuedToasts());
    drain();
    presentNewest(takeCarriedToasts(Date.now(), shown));
    window.addEventListener(TOAST_EVENT, drain);
    return () => window.removeEventListener(TOAST_EVENT, drain);
  }, []);

  return (
    <Sonner
      position="bottom-right"
      visibleToasts={1}
      hotkey={[TOAST_HOTKEY]}
      containerAriaLabel="Notifications"
      toastOptions={{ unstyled: true }}
    />
  );
}
