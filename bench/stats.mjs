// The reader benchmark's arithmetic: medians of the runs and each figure against its target.
// Pure, so tests/bench/bench-stats.test.ts checks it; the timings themselves stay in the bench.

/**
 * The targets, medians in ms, per phone (bench/calibrate.mjs): mid-tier is the gate; low-tier
 * figures are reported against theirs.
 */
export const TARGETS = {
  mid: {
    /** From input to answer, for what needs no server, first press on a page included. */
    localMs: 100,
    /** A reading page's first toast: it runs no React before a press. */
    readingToastMs: 300,
    /** What needs the server: one round trip (150 ms) + 100 ms. */
    serverMs: 250,
    /** ...with a visible pending state meanwhile. */
    pendingMs: 100,
    /** From a tap on an internal link to the next page's first paint. */
    navigationMs: 150,
    /** Search never used on the page: from the first key to the first results. */
    searchFirstMs: 600,
    /** Search: from a later key to its results. */
    searchLaterMs: 100,
    /** A key route's largest contentful paint. */
    lcpMs: 600,
  },
  low: {
    localMs: 200,
    readingToastMs: 600,
    serverMs: 500,
    navigationMs: 300,
    searchFirstMs: 1000,
    searchLaterMs: 200,
  },
};
/** A page's FCP and LCP as built, at most this much later than its floor (scripts, fonts and speculation refused). */
export const FLOOR_MARGIN_MS = 50;
/** Bytes a reading page fetches in its first 3 s. */
export const FIRST_SECONDS = 3;
export const FIRST_SECONDS_BYTES = 120 * 1024;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Median, spread and count of some samples, rounded to whole ms; null samples count as failures. */
export function summarize(samples) {
  const values = samples.filter((v) => Number.isFinite(v));
  if (values.length === 0) return { median: null, min: null, max: null, runs: samples.length, failed: samples.length };
  const round = (v) => Math.round(v);
  return {
    median: round(median(values)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
    runs: samples.length,
    failed: samples.length - values.length,
  };
}

/**
 * A part's targets on the phone `profile` ('mid' or 'low'): the answer's, and for what shows a
 * pending state the pending state's where that phone has a target for it. A reading page's
 * toast has its own (`goal: 'readingToast'`).
 */
export function targetsFor(part, profile = 'mid') {
  const t = TARGETS[profile];
  const pending = t.pendingMs ? { pendingMs: t.pendingMs } : {};
  if (part.goal === 'readingToast') return { answerMs: t.readingToastMs };
  if (part.kind === 'server') return { answerMs: t.serverMs, ...pending };
  if (part.kind === 'searchFirst') return { answerMs: t.searchFirstMs, ...pending };
  if (part.kind === 'searchLater') return { answerMs: t.searchLaterMs };
  if (part.kind === 'navigation') return { answerMs: t.navigationMs };
  return { answerMs: t.localMs };
}

/**
 * Whether a summary meets its target: its median at or under it, with no run that failed to see
 * the answer at all. No figure is a miss, not a pass.
 */
export function meets(summary, targetMs) {
  if (targetMs === undefined) return true;
  return summary !== null && summary.failed === 0 && summary.median !== null && summary.median <= targetMs;
}

/** A figure for the table: "84 ms (61-97)", "no answer", or "not reached" when never tried. */
export function formatSummary(summary, unit = 'ms') {
  if (summary?.runs === 0) return 'not reached';
  if (!summary || summary.median === null) return 'no answer';
  const spread = summary.runs > 1 ? ` (${summary.min}-${summary.max})` : '';
  const failed = summary.failed ? `, ${summary.failed} failed` : '';
  return `${summary.median} ${unit}${spread}${failed}`;
}

/**
 * Every figure of a report (bench/bench.mjs), by name, as its summary: per phone, each part's
 * answer and pending state in each case, and each route's paints, its floor's, the bytes of its
 * first seconds (KiB) and its next page. A figure with no answer has a null median; a figure not
 * measured is absent. A report from before the phones (no `profiles`) names its figures bare.
 */
export function summariesOf(report) {
  const figures = new Map();
  const profiles = report.profiles ?? [{ ...report, name: null }];
  for (const profile of profiles) {
    const prefix = profile.name ? `${profile.name}: ` : '';
    const add = (name, summary) => {
      if (summary) figures.set(`${prefix}${name}`, summary);
    };
    const cases = { afterLoad: 'first press 1 s after load', inView: 'press once on screen', later: 'later press' };
    for (const row of [...(profile.presses?.first ?? []), ...(profile.presses?.later ?? [])]) {
      for (const [key, label] of Object.entries(cases)) {
        if (!row[key]) continue;
        add(`${row.name}: ${label}`, row[key].answer);
        add(`${row.name}: ${label}, pending`, row[key].pending);
      }
    }
    for (const row of profile.routes ?? []) {
      const name = row.name ?? row.route;
      add(`${name}: FCP`, row.fcp);
      add(`${name}: LCP`, row.lcp);
      add(`${name}: FCP, floor`, row.floor?.fcp);
      add(`${name}: LCP, floor`, row.floor?.lcp);
      add(`${name}: KiB in the first ${FIRST_SECONDS} s`, row.firstSecondsKiB);
      add(`${name}: link tap to the next page`, row.nextPaint);
    }
  }
  return figures;
}

/** Every figure of one run's report (`--runs 1`), by name, as its median. */
export const figuresOf = (report) => new Map([...summariesOf(report)].map(([name, summary]) => [name, summary.median]));

/**
 * A page as built against its floor: the difference of the medians (as built − floor) for FCP
 * and LCP, and whether each is within FLOOR_MARGIN_MS.
 */
export function againstFloor(row) {
  const gap = (built, floor) => (built?.median == null || floor?.median == null ? null : built.median - floor.median);
  const fcpGapMs = gap(row.fcp, row.floor?.fcp);
  const lcpGapMs = gap(row.lcp, row.floor?.lcp);
  const near = (g) => g !== null && g <= FLOOR_MARGIN_MS;
  return { fcpGapMs, lcpGapMs, met: near(fcpGapMs) && near(lcpGapMs) };
}

/**
 * Each figure of this run against the last report's (`previous`: name → summary, as kept in
 * bench/.last-report.json): the change of the medians and whether it is beyond the run-to-run
 * spread, that is whether the two runs' ranges do not overlap (null when either is a single run:
 * it has no spread). Figures only one of the two has are left out.
 */
export function changesSince(previous, current) {
  const rows = [];
  for (const [name, now] of current) {
    const before = previous.get(name);
    if (!before || before.median == null || now.median == null) continue;
    const change = now.median - before.median;
    const spread = before.runs - before.failed > 1 && now.runs - now.failed > 1;
    const beyondSpread = spread ? now.min > before.max || now.max < before.min : null;
    rows.push({ name, before, now, change, beyondSpread });
  }
  return rows;
}

/**
 * Two builds measured in turn, run i of each one after the other: for every figure, each build's
 * summary, the difference of the medians (B − A) and in how many of the pairs B was faster. Pairs
 * where either saw no answer count as not faster.
 */
export function compareRuns(runsA, runsB) {
  const a = runsA.map(figuresOf);
  const b = runsB.map(figuresOf);
  const names = [...new Set([...a, ...b].flatMap((figures) => [...figures.keys()]))];
  return names.map((name) => {
    const valuesA = a.map((figures) => figures.get(name) ?? null);
    const valuesB = b.map((figures) => figures.get(name) ?? null);
    const summaryA = summarize(valuesA);
    const summaryB = summarize(valuesB);
    const pairs = Math.min(valuesA.length, valuesB.length);
    let bFaster = 0;
    for (let i = 0; i < pairs; i++)
      if (valuesA[i] !== null && valuesB[i] !== null && valuesB[i] < valuesA[i]) bFaster++;
    const deltaMs = summaryA.median === null || summaryB.median === null ? null : summaryB.median - summaryA.median;
    return { name, a: summaryA, b: summaryB, deltaMs, bFaster, pairs };
  });
}
