import { describe, expect, it } from 'vitest';
import { drawAhead } from '../../src/lib/draw-ahead';

/** A draw that counts its calls and answers `${key}:${call}`, or fails while `failing` is set. */
function counter() {
  const calls: number[] = [];
  let failing = false;
  const draw = (key: number) => {
    calls.push(key);
    return failing ? Promise.reject(new Error('unreachable')) : Promise.resolve(`${key}:${calls.length}`);
  };
  return { calls, draw, fail: (value: boolean) => (failing = value) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('drawAhead', () => {
  it('answers a take with the answer prepared for the same key, then draws the next', async () => {
    const { calls, draw } = counter();
    const ahead = drawAhead(draw);
    ahead.prepare(7);
    ahead.prepare(7);
    expect(calls).toEqual([7]);
    expect(await ahead.take(7)).toBe('7:1');
    expect(calls).toEqual([7, 7]);
    expect(await ahead.take(7)).toBe('7:2');
    expect(calls).toEqual([7, 7, 7]);
  });

  it('draws afresh when the key has changed since', async () => {
    const { calls, draw } = counter();
    const ahead = drawAhead(draw);
    ahead.prepare(7);
    expect(await ahead.take(8)).toBe('8:2');
    ahead.prepare(9);
    expect(calls).toEqual([7, 8, 8, 9]);
  });

  it('draws on a take when nothing was prepared', async () => {
    const { calls, draw } = counter();
    expect(await drawAhead(draw).take(3)).toBe('3:1');
    expect(calls).toEqual([3, 3]);
  });

  it('keeps a failed draw quiet, and draws again when asked', async () => {
    const { calls, draw, fail } = counter();
    const ahead = drawAhead(draw);
    fail(true);
    ahead.prepare(5);
    await settle();
    fail(false);
    expect(await ahead.take(5)).toBe('5:2');
    expect(calls).toEqual([5, 5, 5]);
  });

  it('gives a failure on its way to the take that waits for it, and draws nothing after it', async () => {
    const { calls, draw, fail } = counter();
    const ahead = drawAhead(draw);
    fail(true);
    ahead.prepare(5);
    await expect(ahead.take(5)).rejects.toThrow('unreachable');
    expect(calls).toEqual([5]);
    fail(false);
    ahead.prepare(5);
    expect(calls).toEqual([5, 5]);
  });
});
