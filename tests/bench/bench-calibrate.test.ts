// The bench's CPU calibration (bench/calibrate.mjs): the search for the throttling rate at which
// the host's benchmark index lands on a phone's, with a measure function standing in for Chromium.
import { describe, expect, it } from 'vitest';
import { CPU_PROFILES, TOLERANCE, findThrottlingRate, hostBusy } from '../../bench/calibrate.mjs';

/** A host whose index under a rate is `hostIndex / rate ** curve`, every reading `noise(rate)` off. */
function host(hostIndex: number, { curve = 1, noise = (_rate: number): number => 1 } = {}) {
  const rates: number[] = [];
  const measure = async (rate: number) => {
    rates.push(rate);
    return (hostIndex / rate ** curve) * noise(rate);
  };
  return { hostIndex, measure, rates };
}

describe('findThrottlingRate', () => {
  it('finds the rate on a host whose index falls in proportion to the rate, at its first guess', async () => {
    const h = host(4000);
    const found = await findThrottlingRate({ target: 1000, ...h });
    expect(found).toMatchObject({ rate: 4, index: 1000, converged: true, upperBound: false });
    expect(h.rates).toEqual([4]);
  });

  it('bisects when the index falls slower than the rate grows, and lands within the tolerance', async () => {
    const h = host(2000, { curve: 0.7 });
    const found = await findThrottlingRate({ target: 1000, ...h });
    expect(found.converged).toBe(true);
    expect(Math.abs(found.index / 1000 - 1)).toBeLessThanOrEqual(TOLERANCE);
    // 2000 / r^0.7 = 1000 at r = 2^(1/0.7) ≈ 2.69.
    expect(found.rate).toBeGreaterThan(2.55);
    expect(found.rate).toBeLessThan(2.85);
    expect(h.rates.length).toBeGreaterThan(1);
    expect(found.steps.map((s) => s.rate)).toEqual(h.rates);
  });

  it('reaches past its first guess until the index falls under the target, then comes back', async () => {
    const h = host(2000, { curve: 1.4 });
    const found = await findThrottlingRate({ target: 264, ...h });
    expect(found.converged).toBe(true);
    expect(Math.abs(found.index / 264 - 1)).toBeLessThanOrEqual(TOLERANCE);
    expect(h.rates[0]).toBeCloseTo(2000 / 264, 1);
  });

  it('runs a host slower than the phone unthrottled, its figures upper bounds, without measuring', async () => {
    const h = host(800);
    const found = await findThrottlingRate({ target: CPU_PROFILES.mid.benchmarkIndex, ...h });
    expect(found).toMatchObject({ rate: 1, index: 800, upperBound: true, converged: false });
    expect(h.rates).toEqual([]);
  });

  it('takes a host within the tolerance of the phone as it is', async () => {
    const found = await findThrottlingRate({ target: 1000, ...host(1030) });
    expect(found).toMatchObject({ rate: 1, index: 1030, upperBound: false, converged: true });
  });

  it('settles for the closest measurement when noise never lets it land, and says so', async () => {
    // Every reading alternately far above and far below the truth.
    let flip = false;
    const h = host(3000, {
      noise: () => {
        flip = !flip;
        return flip ? 1.3 : 0.7;
      },
    });
    const found = await findThrottlingRate({ target: 1000, ...h, maxSteps: 6 });
    expect(found.converged).toBe(false);
    expect(h.rates.length).toBeLessThanOrEqual(6);
    const distance = (index: number) => Math.abs(Math.log(index / 1000));
    expect(Math.min(...found.steps.map((s) => distance(s.index)))).toBe(distance(found.index));
  });
});

describe('hostBusy', () => {
  it('marks a run whose host index moved by more than 15 %', () => {
    expect(hostBusy(2000, 2290)).toBe(false);
    expect(hostBusy(2000, 1710)).toBe(false);
    expect(hostBusy(2000, 2310)).toBe(true);
    expect(hostBusy(2000, 1690)).toBe(true);
  });
});
