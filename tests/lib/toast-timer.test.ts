import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastTimer } from '../../src/lib/toast-timer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a toast’s countdown', () => {
  it('runs out after the toast’s duration', () => {
    const expire = vi.fn();
    createToastTimer(expire).start(5000);
    vi.advanceTimersByTime(4999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('never runs out for an infinite duration', () => {
    const expire = vi.fn();
    createToastTimer(expire).start(Infinity);
    vi.advanceTimersByTime(24 * 3600_000);
    expect(expire).not.toHaveBeenCalled();
  });

  it('stands still while held, and goes on with the time left once every hold is lifted', () => {
    const expire = vi.fn();
    const timer = createToastTimer(expire);
    timer.start(5000);
    vi.advanceTimersByTime(2000);
    timer.hold('hovered', true);
    timer.hold('focused', true);
    vi.advanceTimersByTime(60_000);
    timer.hold('hovered', false);
    vi.advanceTimersByTime(60_000);
    expect(expire).not.toHaveBeenCalled();
    timer.hold('focused', false);
    vi.advanceTimersByTime(2999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('holds a toast shown while a hold stands', () => {
    const expire = vi.fn();
    const timer = createToastTimer(expire);
    timer.hold('hidden', true);
    timer.start(3000);
    vi.advanceTimersByTime(10_000);
    expect(expire).not.toHaveBeenCalled();
    timer.hold('hidden', false);
    vi.advanceTimersByTime(3000);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('times only the newest toast, from its own start', () => {
    const expire = vi.fn();
    const timer = createToastTimer(expire);
    timer.start(5000);
    vi.advanceTimersByTime(4000);
    timer.start(7000);
    vi.advanceTimersByTime(6999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('forgets a stopped toast, even when a hold is lifted afterwards', () => {
    const expire = vi.fn();
    const timer = createToastTimer(expire);
    timer.start(5000);
    timer.hold('hovered', true);
    timer.stop();
    timer.hold('hovered', false);
    vi.advanceTimersByTime(60_000);
    expect(expire).not.toHaveBeenCalled();
  });
});
