// Calibrated CPU throttling: the same phone on every host. A fixed slowdown makes a fast host a
// fast phone and a slow host a slow one; instead, as Chrome DevTools' calibrated presets and
// Lighthouse's throttling guide do, the bench measures the host's benchmark index (Lighthouse's
// own `computeBenchmarkIndex`, run in the bench's Chromium as Lighthouse runs it) and then looks
// for the `Emulation.setCPUThrottlingRate` at which the index, measured again under that rate,
// lands within a few percent of the phone's. The index is noisy on a shared host: every
// measurement is the median of several readings after a warm-up, and the host is measured again
// at the end of the run to tell whether it was busy meanwhile.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { median } from './stats.mjs';

/** The phones the bench emulates, by DevTools' calibrated presets. */
export const CPU_PROFILES = {
  /** A Pixel 5 class phone: the gate. */
  mid: { key: 'mid', name: 'mid-tier mobile', benchmarkIndex: 1000 },
  /** A Moto G Power class phone. */
  low: { key: 'low', name: 'low-tier mobile', benchmarkIndex: 264 },
};

/** How close to the phone's index a rate must bring the host's: within this fraction. */
export const TOLERANCE = 0.05;
/** A host whose index moved more than this fraction between start and end of a run was busy. */
export const BUSY_DRIFT = 0.15;
/** Readings taken and thrown away before the first measurement: the JIT and the clocks warm up. */
const WARM_UP_READINGS = 2;
/** Readings per measurement; their median is the measurement. */
const READINGS = 5;
/** Measurements the search for a rate may take, the one of the rate fitted to the others included. */
const MAX_STEPS = 8;

const within = (index, target, tolerance) => Math.abs(index / target - 1) <= tolerance;
const roundRate = (rate) => Math.round(rate * 100) / 100;

/**
 * Finds the CPU throttling rate at which `measure(rate)` (the benchmark index under that rate)
 * lands within `tolerance` of `target`, for a host whose unthrottled index is `hostIndex`.
 *
 * A host slower than the target runs unthrottled, and its figures are upper bounds. Otherwise the
 * index falls about as the rate grows: the first guess is `hostIndex / target`, then the rate is
 * bracketed (an index above the target below it, one under the target above it) and the bracket
 * halved, geometrically, until a measurement lands within `tolerance`. A noisy host may not let
 * it: one measurement can read 10–25 % off, and the closest of them is the luckiest, not the
 * truest. So after `maxSteps - 1` measurements the rate is taken from all of them together
 * (fittedRate) and measured again, and that last measurement is the index reported; `converged`
 * says whether it landed, `fitted` that the rate came from the fit. Without a fit (readings that
 * do not fall as the rate grows) the closest measurement is taken.
 *
 * @param {{ target: number, hostIndex: number, measure: (rate: number) => Promise<number>,
 *   tolerance?: number, maxSteps?: number }} options
 * @returns {Promise<{ rate: number, index: number, converged: boolean, upperBound: boolean,
 *   fitted: boolean, steps: { rate: number, index: number }[] }>}
 */
export async function findThrottlingRate({ target, hostIndex, measure, tolerance = TOLERANCE, maxSteps = MAX_STEPS }) {
  if (hostIndex <= target || within(hostIndex, target, tolerance)) {
    return {
      rate: 1,
      index: hostIndex,
      converged: within(hostIndex, target, tolerance),
      upperBound: !within(hostIndex, target, tolerance),
      fitted: false,
      steps: [],
    };
  }
  const steps = [];
  const step = async (rate) => {
    const index = await measure(rate);
    steps.push({ rate, index });
    return index;
  };
  const closest = () =>
    steps.reduce((best, s) =>
      Math.abs(Math.log(s.index / target)) < Math.abs(Math.log(best.index / target)) ? s : best,
    );
  const done = (converged) => ({ ...closest(), converged, upperBound: false, fitted: false, steps });

  // The bracket: at `low` the index is above the target (unthrottled, the host's), at `high` under it.
  let low = 1;
  let high = null;
  let rate = roundRate(hostIndex / target);
  while (steps.length < maxSteps - 1) {
    const index = await step(rate);
    if (within(index, target, tolerance)) return done(true);
    if (index > target) low = Math.max(low, rate);
    else high = high === null ? rate : Math.min(high, rate);
    // Until the index has gone under the target once, reach further, as far again as it fell short.
    rate = roundRate(high === null ? rate * Math.max(1.25, index / target) : Math.sqrt(low * high));
    // A bracket narrower than the rate's rounding has nothing left to halve.
    if (high !== null && (rate <= low || rate >= high)) break;
  }
  const fit = fittedRate(steps, target);
  if (fit === null) return done(false);
  // Kept within the rates measured: a fit says little beyond its readings.
  const measured = steps.map((s) => s.rate);
  const fitRate = roundRate(Math.min(Math.max(fit, Math.min(...measured)), Math.max(...measured)));
  const index = await step(fitRate);
  return {
    rate: fitRate,
    index,
    converged: within(index, target, tolerance),
    upperBound: false,
    fitted: true,
    steps,
  };
}

/**
 * How a phone's rate was reached, for the report: nothing when a measurement landed on its own.
 * @param {{ converged: boolean, fitted?: boolean, steps?: unknown[] }} profile
 */
export function howReached({ converged, fitted, steps = [] }) {
  const notWithin = `not within ${TOLERANCE * 100} %`;
  if (fitted) {
    const fit = `the rate fitted to ${steps.length - 1} measurements, measured again`;
    return converged ? ` (${fit})` : ` (${notWithin}: ${fit})`;
  }
  return converged ? '' : ` (${notWithin}: the closest measurement)`;
}

/**
 * The rate at which the measurements, fitted together as index = a × rate^−b (least squares on
 * their logarithms), give `target`. Null without two different rates, or where the fitted index
 * does not fall as the rate grows.
 * @param {{ rate: number, index: number }[]} steps
 * @param {number} target
 */
export function fittedRate(steps, target) {
  const points = steps.map(({ rate, index }) => ({ x: Math.log(rate), y: Math.log(index) }));
  const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const mx = mean(points.map((p) => p.x));
  const my = mean(points.map((p) => p.y));
  const sxx = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  if (sxx === 0) return null;
  const slope = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0) / sxx;
  if (!(slope < 0)) return null;
  return Math.exp(mx + (Math.log(target) - my) / slope);
}

/** Whether the host's index moved so far between two measurements that the run's figures are suspect. */
export const hostBusy = (before, after) => Math.abs(after / before - 1) > BUSY_DRIFT;

/**
 * The benchmark index in `page` under `rate` (Emulation.setCPUThrottlingRate, through puppeteer):
 * the median of `readings` runs of Lighthouse's `computeBenchmarkIndex`, sent to the page as
 * source, as Lighthouse's driver sends its page functions.
 */
async function measureIndex(page, rate, readings = READINGS) {
  await page.emulateCPUThrottling(rate);
  const values = [];
  for (let i = 0; i < readings; i++) {
    values.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  }
  await page.emulateCPUThrottling(1);
  return Math.round(median(values));
}

/** A page of its own in `browser` for the index, closed by `use`'s end. */
async function withBenchmarkPage(browser, use) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    return await use(page);
  } finally {
    await context.close();
  }
}

/** The host's unthrottled index in `browser`, after a warm-up. */
export const measureHostIndex = (browser) =>
  withBenchmarkPage(browser, async (page) => {
    await measureIndex(page, 1, WARM_UP_READINGS);
    return measureIndex(page, 1);
  });

/**
 * Measures the host's index in `browser` before any throttling, then finds each profile's rate.
 * Resolves { hostIndex, profiles: { [key]: { ...CPU_PROFILES[key], rate, index, converged,
 * upperBound, steps } } }; `log` hears each step.
 */
export async function calibrate(browser, keys, log = () => {}) {
  return withBenchmarkPage(browser, async (page) => {
    await measureIndex(page, 1, WARM_UP_READINGS);
    const hostIndex = await measureIndex(page, 1);
    log(`host benchmark index ${hostIndex}`);
    const profiles = {};
    for (const key of keys) {
      const profile = CPU_PROFILES[key];
      const found = await findThrottlingRate({
        target: profile.benchmarkIndex,
        hostIndex,
        measure: async (rate) => {
          const index = await measureIndex(page, rate);
          log(`${profile.name}: rate ×${rate} → index ${index}`);
          return index;
        },
      });
      profiles[key] = { ...profile, ...found };
    }
    return { hostIndex, profiles };
  });
}
