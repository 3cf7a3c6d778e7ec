// The reader benchmark's arithmetic (bench/stats.mjs): medians, targets, verdicts.
import { describe, expect, it } from 'vitest';
import {
  TARGETS,
  compareRuns,
  figuresOf,
  formatSummary,
  median,
  meets,
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
  it('gives each kind of part its target', () => {
    expect(targetsFor({ kind: 'local' })).toEqual({ answerMs: TARGETS.localMs });
    expect(targetsFor({ kind: 'server' })).toEqual({ answerMs: 250, pendingMs: 100 });
    expect(targetsFor({ kind: 'navigation' })).toEqual({ answerMs: 150 });
    expect(targetsFor({ kind: 'local', targetMs: 300 })).toEqual({ answerMs: 300 });
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
