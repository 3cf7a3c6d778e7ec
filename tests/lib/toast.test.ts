import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterToastDrawn,
  carryToNextPage,
  TOAST_COPY_MS,
  TOAST_DEFAULT_MS,
  TOAST_LIMIT,
  TOAST_LONG_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  readCarriedToasts,
  showToast,
  takeCarriedToasts,
  takeQueuedToasts,
} from '../../src/lib/toast';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  // The queue lives in the module: each test starts from an empty one.
  takeQueuedToasts();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('toast helper', () => {
  it('has the spec constants', () => {
    expect([TOAST_LIMIT, TOAST_DEFAULT_MS, TOAST_COPY_MS, TOAST_LONG_MS, TOAST_SWIPE_THRESHOLD_PX]).toEqual([
      1, 5000, 3000, 7000, 50,
    ]);
  });

  it('queues a destructive 5 s toast by default and wakes the toast area', () => {
    const woken = vi.fn();
    window.addEventListener('site:toast', woken);
    showToast('Empty Post', 'Please write something before posting.');
    expect(woken).toHaveBeenCalledOnce();
    const [queued] = takeQueuedToasts();
    expect(queued).toMatchObject({ title: 'Empty Post', variant: 'destructive', duration: 5000 });
    expect(takeQueuedToasts()).toEqual([]);
  });

  it('keeps every toast raised before the toast area takes them, oldest first', () => {
    showToast('One');
    showToast('Two', undefined, { variant: 'normal' });
    expect(takeQueuedToasts().map((t) => t.title)).toEqual(['One', 'Two']);
    expect(takeQueuedToasts()).toEqual([]);
  });

  it('keeps a carried toast for the next page with the time it has left', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    const toast = showToast('Welcome!', 'text', { variant: 'success', duration: 7000, carryOver: true });
    expect(readCarriedToasts()).toHaveLength(1);
    // The page that raised it has shown it: the next page still gets it.
    expect(takeCarriedToasts(2_000, new Set([toast.id]))).toEqual([]);
    expect(readCarriedToasts()).toHaveLength(1);
    const [carried] = takeCarriedToasts(2_500);
    expect(carried).toMatchObject({ title: 'Welcome!', variant: 'success', duration: 5500 });
    expect(readCarriedToasts()).toEqual([]);
  });

  it('carries a toast already shown once a redirect turns out to follow', () => {
    const toast = showToast('Welcome!', 'text', { variant: 'success', duration: 7000 });
    expect(readCarriedToasts()).toEqual([]);
    carryToNextPage(toast, 1_000);
    const [carried] = takeCarriedToasts(3_000);
    expect(carried).toMatchObject({ id: toast.id, title: 'Welcome!', duration: 5000 });
  });

  it('raises a toast in place of one shown under the same id', () => {
    const first = showToast('Welcome!', 'text', { variant: 'success' });
    const second = showToast('Submission Issue', 'other', { replaces: first });
    expect(second.id).toBe(first.id);
    expect(showToast('Next').id).not.toBe(first.id);
  });

  it('drops carried toasts that have expired and survives corrupt storage', () => {
    showToast('Old', undefined, { duration: 1000, carryOver: true });
    expect(takeCarriedToasts(Date.now() + 60_000)).toEqual([]);
    sessionStorage.setItem('pendingToasts', '[{"nope":1}]');
    expect(readCarriedToasts()).toEqual([]);
  });

  it('waits for the task the toast area queued as the toast was raised, then the frame after it', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const order: string[] = [];
    const drawFrame = () => {
      for (const callback of frames.splice(0)) callback(0);
      order.push('frame');
    };
    // The toast area draws a raised toast in a task of its own, queued as it is raised.
    setTimeout(() => order.push('toast drawn'));
    afterToastDrawn(() => order.push('run'));
    // On a slow phone a frame comes before that task: it does not show the toast yet.
    drawFrame();
    vi.runAllTimers();
    drawFrame();
    vi.runAllTimers();
    expect(order).toEqual(['frame', 'toast drawn', 'frame', 'run']);
  });
});
