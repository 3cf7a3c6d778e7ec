// The reader benchmark's arithmetic (bench/stats.mjs): medians, targets, verdicts.
import { describe, expect, it } from 'vitest';
import {
  FLOOR_MARGIN_MS,
  TARGETS,
  againstFloor,
  changesSince,
  compareRuns,
  figuresOf,
  formatSummary,
  median,
  meets,
  summariesOf,
  summarize,
  targetsFor,
} from '../../bench/stats.mjs';

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middle values of an even one', () => {
    expect(median([300, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
  });
  it('leaves out runs that saw no answer, and has nothing to say about none', () => {
    expect(median([null, 50, 70])).toBe(60);
    expect(median([])).toBeNull();
    expect(median([null])).toBeNull();
  });
});

describe('summarize', () => {
  it('rounds to whole ms and counts the runs that failed', () => {
    expect(summarize([80.4, 120.6, null])).toEqual({ median: 101, min: 80, max: 121, runs: 3, failed: 1 });
    expect(summarize([null, null])).toEqual({ median: null, min: null, max: null, runs: 2, failed: 2 });
  });
});

describe('targets', () => {
  it('gives each kind of part its target on the mid-tier phone, the gate', () => {
    expect(targetsFor({ kind: 'local' })).toEqual({ answerMs: TARGETS.mid.localMs });
    expect(targetsFor({ kind: 'server' })).toEqual({ answerMs: 250, pendingMs: 100 });
    expect(targetsFor({ kind: 'navigation' })).toEqual({ answerMs: 150 });
    expect(targetsFor({ kind: 'searchFirst' })).toEqual({ answerMs: 600, pendingMs: 100 });
    expect(targetsFor({ kind: 'searchLater' })).toEqual({ answerMs: 100 });
    expect(targetsFor({ kind: 'local', goal: 'readingToast' })).toEqual({ answerMs: 300 });
  });
  it('gives the low-tier phone its own, with no pending-state targets', () => {
    expect(targetsFor({ kind: 'local' }, 'low')).toEqual({ answerMs: 200 });
    expect(targetsFor({ kind: 'server' }, 'low')).toEqual({ answerMs: 500 });
    expect(targetsFor({ kind: 'navigation' }, 'low')).toEqual({ answerMs: 300 });
    expect(targetsFor({ kind: 'searchFirst' }, 'low')).toEqual({ answerMs: 1000 });
    expect(targetsFor({ kind: 'searchLater' }, 'low')).toEqual({ answerMs: 200 });
  });
  it('passes a median at or under the target, and fails one over it, a missing figure or a failed run', () => {
    expect(meets(summarize([100, 90, 110]), 100)).toBe(true);
    expect(meets(summarize([101, 90, 110]), 100)).toBe(false);
    expect(meets(summarize([90, 80, null]), 100)).toBe(false);
    expect(meets(null, 100)).toBe(false);
    expect(meets(null, undefined)).toBe(true);
  });
});

describe('formatSummary', () => {
  it('shows the median with its spread, and says when there was no answer', () => {
    expect(formatSummary(summarize([61, 84, 97]))).toBe('84 ms (61-97)');
    expect(formatSummary(summarize([84]))).toBe('84 ms');
    expect(formatSummary(summarize([84, null]))).toBe('84 ms (84-84), 1 failed');
    expect(formatSummary(summarize([null]))).toBe('no answer');
    expect(formatSummary(null)).toBe('no answer');
    expect(formatSummary(summarize([]))).toBe('not reached');
    expect(formatSummary(summarize([118.4, 121]), 'KiB')).toBe('120 KiB (118-121)');
  });
});

describe('comparing two builds', () => {
  // One run's report as bench/bench.mjs writes it with --runs 1.
  const report = (menu: number | null, search: number, fcp: number) => ({
    presses: {
      first: [
        {
          name: 'Header: Menu',
          afterLoad: { answer: summarize([menu]) },
          inView: { answer: summarize([menu === null ? null : menu + 10]) },
        },
      ],
      later: [{ name: 'Search', later: { answer: summarize([search]), pending: summarize([40]) } }],
    },
    routes: [{ route: '/', fcp: summarize([fcp]), lcp: summarize([fcp]), nextPaint: summarize([200]) }],
  });

  it('names every figure of a run, with null where there was no answer', () => {
    const figures = figuresOf(report(null, 300, 700));
    expect([...figures.keys()]).toEqual([
      'Header: Menu: first press 1 s after load',
      'Header: Menu: press once on screen',
      'Search: later press',
      'Search: later press, pending',
      '/: FCP',
      '/: LCP',
      '/: link tap to the next page',
    ]);
    expect(figures.get('Header: Menu: first press 1 s after load')).toBeNull();
    expect(figures.get('Search: later press, pending')).toBe(40);
  });

  it('sets the medians side by side and counts the pairs in which B was faster', () => {
    const rows = compareRuns(
      [report(120, 300, 800), report(110, 320, 700), report(130, 310, 750)],
      [report(100, 330, 760), report(null, 290, 700), report(90, 340, 720)],
    );
    const menu = rows.find((r) => r.name === 'Header: Menu: first press 1 s after load');
    expect(menu).toEqual({
      name: 'Header: Menu: first press 1 s after load',
      a: { median: 120, min: 110, max: 130, runs: 3, failed: 0 },
      b: { median: 95, min: 90, max: 100, runs: 3, failed: 1 },
      deltaMs: -25,
      // The pair in which B saw no answer does not count for B.
      bFaster: 2,
      pairs: 3,
    });
    const search = rows.find((r) => r.name === 'Search: later press');
    expect(search?.deltaMs).toBe(20);
    expect(search?.bFaster).toBe(1);
    // Equal is not faster.
    expect(rows.find((r) => r.name === '/: link tap to the next page')?.bFaster).toBe(0);
  });
});

describe('a report with both phones', () => {
  const route = (fcp: number, floorFcp: number) => ({
    route: '/essays/philosophy/golden-age',
    name: 'essay',
    fcp: summarize([fcp]),
    lcp: summarize([fcp + 20]),
    floor: { fcp: summarize([floorFcp]), lcp: summarize([floorFcp + 20]) },
    firstSecondsKiB: summarize([110]),
    nextPaint: null,
  });
  const report = {
    profiles: [
      { key: 'mid', name: 'mid-tier mobile', presses: { first: [], later: [] }, routes: [route(400, 360)] },
      { key: 'low', name: 'low-tier mobile', presses: { first: [], later: [] }, routes: [route(900, 700)] },
    ],
  };

  it('names each figure by its phone and the route by its name, floor and bytes included', () => {
    expect([...summariesOf(report).keys()]).toEqual([
      'mid-tier mobile: essay: FCP',
      'mid-tier mobile: essay: LCP',
      'mid-tier mobile: essay: FCP, floor',
      'mid-tier mobile: essay: LCP, floor',
      'mid-tier mobile: essay: KiB in the first 3 s',
      'low-tier mobile: essay: FCP',
      'low-tier mobile: essay: LCP',
      'low-tier mobile: essay: FCP, floor',
      'low-tier mobile: essay: LCP, floor',
      'low-tier mobile: essay: KiB in the first 3 s',
    ]);
    expect(figuresOf(report).get('low-tier mobile: essay: FCP, floor')).toBe(700);
  });

  it('holds a page within the margin of its floor, FCP and LCP alike', () => {
    expect(againstFloor(route(400, 360))).toEqual({ fcpGapMs: 40, lcpGapMs: 40, met: true });
    expect(againstFloor(route(360 + FLOOR_MARGIN_MS, 360)).met).toBe(true);
    expect(againstFloor(route(361 + FLOOR_MARGIN_MS, 360))).toMatchObject({ fcpGapMs: 51, met: false });
    expect(againstFloor({ ...route(400, 360), floor: { fcp: summarize([null]), lcp: summarize([380]) } })).toEqual({
      fcpGapMs: null,
      lcpGapMs: 40,
      met: false,
    });
  });
});

describe('changes since the last report', () => {
  const figures = (entries: [string, (number | null)[]][]) =>
    new Map(entries.map(([name, samples]) => [name, summarize(samples)]));

  it('gives each figure both runs measured, its change, and whether it is beyond the spread', () => {
    const before = figures([
      ['essay: FCP', [400, 420, 440]],
      ['Menu', [60, 80, 90]],
      ['gone', [10]],
    ]);
    const now = figures([
      ['essay: FCP', [460, 470, 500]],
      ['Menu', [70, 75, 85]],
      ['new', [5]],
    ]);
    const rows = changesSince(before, now);
    expect(rows.map((r) => [r.name, r.change, r.beyondSpread])).toEqual([
      ['essay: FCP', 50, true],
      ['Menu', -5, false],
    ]);
    expect(rows[0].before).toEqual(summarize([400, 420, 440]));
  });

  it('judges no spread when either run is a single one', () => {
    const [row] = changesSince(figures([['Menu', [60]]]), figures([['Menu', [90, 95]]]));
    expect(row).toMatchObject({ change: 33, beyondSpread: null });
  });

  it('leaves out a figure with no answer in either run', () => {
    expect(changesSince(figures([['Menu', [null]]]), figures([['Menu', [70]]]))).toEqual([]);
  });
});
