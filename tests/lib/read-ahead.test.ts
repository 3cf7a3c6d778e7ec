import { describe, expect, it } from 'vitest';
import { readAhead } from '../../src/lib/read-ahead';

/** A read that records its keys and answers `${key}:${call}`, or fails while `failing` is set. */
function reader() {
  const calls: number[] = [];
  let failing = false;
  const read = (key: number) => {
    calls.push(key);
    return failing ? Promise.reject(new Error('unreachable')) : Promise.resolve(`${key}:${calls.length}`);
  };
  return { calls, read, fail: (value: boolean) => (failing = value) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('readAhead', () => {
  it('gives a take the answer prepared for the same key, once', async () => {
    const { calls, read } = reader();
    const ahead = readAhead(read);
    ahead.prepare(7);
    ahead.prepare(7);
    expect(calls).toEqual([7]);
    expect(await ahead.take(7)).toBe('7:1');
    expect(await ahead.take(7)).toBe('7:2');
    expect(calls).toEqual([7, 7]);
  });

  it('reads afresh for another key, and prepares again for a new one', async () => {
    const { calls, read } = reader();
    const ahead = readAhead(read);
    ahead.prepare(7);
    expect(await ahead.take(8)).toBe('8:2');
    ahead.prepare(9);
    expect(calls).toEqual([7, 8, 9]);
  });

  it('compares keys with the given test', async () => {
    const { calls, read } = reader();
    const ahead = readAhead(
      (key: { n: number }) => read(key.n),
      (a, b) => a.n === b.n,
    );
    ahead.prepare({ n: 4 });
    expect(await ahead.take({ n: 4 })).toBe('4:1');
    expect(calls).toEqual([4]);
  });

  it('keeps a failed read ahead quiet, and reads again when asked', async () => {
    const { calls, read, fail } = reader();
    const ahead = readAhead(read);
    fail(true);
    ahead.prepare(5);
    await settle();
    fail(false);
    expect(await ahead.take(5)).toBe('5:2');
    expect(calls).toEqual([5, 5]);
  });

  it('reads again for a take whose read ahead fails while it waits, and reports only its own failure', async () => {
    const { calls, read, fail } = reader();
    const ahead = readAhead(read);
    fail(true);
    ahead.prepare(5);
    const taken = ahead.take(5);
    fail(false);
    expect(await taken).toBe('5:2');
    expect(calls).toEqual([5, 5]);
    fail(true);
    ahead.prepare(6);
    await expect(ahead.take(6)).rejects.toThrow('unreachable');
    expect(calls).toEqual([5, 5, 6, 6]);
  });
});
