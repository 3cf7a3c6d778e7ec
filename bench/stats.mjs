// The reader benchmark's arithmetic: medians of the runs and each figure against its target.
// Pure, so tests/bench/bench-stats.test.ts checks it; the timings themselves stay in the bench.

/** The targets, medians in ms on the reader's profile (bench/reader.mjs). */
export const TARGETS = {
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
};

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

/** A part's targets: the answer's, and for what needs the server the pending state's. */
export function targetsFor(part) {
  if (part.targetMs) return { answerMs: part.targetMs };
  if (part.kind === 'server') return { answerMs: TARGETS.serverMs, pendingMs: TARGETS.pendingMs };
  if (part.kind === 'navigation') return { answerMs: TARGETS.navigationMs };
  return { answerMs: TARGETS.localMs };
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
export function formatSummary(summary) {
  if (summary?.runs === 0) return 'not reached';
  if (!summary || summary.median === null) return 'no answer';
  const spread = summary.runs > 1 ? ` (${summary.min}-${summary.max})` : '';
  const failed = summary.failed ? `, ${summary.failed} failed` : '';
  return `${summary.median} ms${spread}${failed}`;
}

/**
 * Every figure of one run's report (bench/bench.mjs, `--runs 1`), by name: each part's answer
 * and pending state in each case, and each route's paints and next page. A figure with no answer
 * is null; a figure not measured is absent.
 */
export function figuresOf(report) {
  const figures = new Map();
  const add = (name, summary) => {
    if (summary) figures.set(name, summary.median);
  };
  const cases = { afterLoad: 'first press 1 s after load', inView: 'press once on screen', later: 'later press' };
  for (const row of [...(report.presses?.first ?? []), ...(report.presses?.later ?? [])]) {
    for (const [key, label] of Object.entries(cases)) {
      if (!row[key]) continue;
      add(`${row.name}: ${label}`, row[key].answer);
      add(`${row.name}: ${label}, pending`, row[key].pending);
    }
  }
  for (const row of report.routes ?? []) {
    add(`${row.route}: FCP`, row.fcp);
    add(`${row.route}: LCP`, row.lcp);
    add(`${row.route}: link tap to the next page`, row.nextPaint);
  }
  return figures;
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
