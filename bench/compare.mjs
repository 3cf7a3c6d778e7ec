// `npm run bench -- --compare <build-a> <build-b> [<build-c>]` (also `npm run bench:compare -- …`):
// the reader benchmark (bench/bench.mjs) on two or three builds in turn, to tell whether a change
// makes a difference beyond run-to-run noise, or how this site stands beside an earlier build of
// it and another site. The CPU is calibrated once, before the first run, and every run of every
// build uses those rates; the host's index is measured again at the end ("host busy" when it
// moved by more than 15 %). Each run measures every build one after the other, the order
// reversed every run (A B C, C B A, ...), so that a machine growing busier or quieter meanwhile
// weighs on all alike. Prints, for every figure, each build's median and spread, the difference
// of the medians against A, and in how many runs each build was faster than A; writes
// bench/.tmp/compare.json. Build A first and keep a copy of it:
//
//   npm run build && cp -r dist /tmp/before      (then make the change)
//   npm run build && npm run bench -- --compare /tmp/before dist --only "Registry" --runs 5
//
// --only, --runs and --profile as in the bench (default: the presses and routes, 5 runs of each
// build, both phones). --routes names the key routes for every build, --routes-a, --routes-b and
// --routes-c for one of them (another site's pages), as `name=/path,...`: figures of routes of
// the same name line up.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hostBusy } from './calibrate.mjs';
import { compareRuns, formatSummary } from './stats.mjs';

const { values: options, positionals: builds } = parseArgs({
  allowPositionals: true,
  options: {
    compare: { type: 'boolean' },
    runs: { type: 'string', default: '5' },
    only: { type: 'string', default: 'presses|routes' },
    profile: { type: 'string', default: process.env.BENCH_PROFILE ?? 'mid,low' },
    routes: { type: 'string' },
    'routes-a': { type: 'string' },
    'routes-b': { type: 'string' },
    'routes-c': { type: 'string' },
  },
});
if (builds.length < 2 || builds.length > 3 || !builds.every((dir) => existsSync(`${dir}/index.html`))) {
  console.error(
    'usage: npm run bench -- --compare <build-a> <build-b> [<build-c>] [--only <regex>] [--runs <n>] [--profile mid|low]',
  );
  console.error('       [--routes name=/path,...] [--routes-a|-b|-c name=/path,...]');
  console.error('Each build is a folder as `npm run build` leaves dist/.');
  process.exit(1);
}
const RUNS = Number(options.runs);
const LABELS = ['A', 'B', 'C'].slice(0, builds.length);
const site = Object.fromEntries(LABELS.map((label, i) => [label, builds[i]]));
const routesOf = (label) => options[`routes-${label.toLowerCase()}`] ?? options.routes;
mkdirSync('bench/.tmp', { recursive: true });

/** The bench with `args`, its progress lines (those about `label`'s build marked so) echoed. */
function bench(args, label = '') {
  const result = spawnSync(process.execPath, ['bench/bench.mjs', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`the bench failed (${args.join(' ')}):\n${result.stdout}`);
  // The calibration's steps, each part's and route's line, as they come, and why a press had no answer.
  const progress = /^( {2}(host benchmark index|(mid|low)-tier mobile(, |: rate))|no answer: )/;
  for (const line of result.stdout.split('\n').filter((l) => progress.test(l))) console.log(`${label} ${line.trim()}`);
}

/** Calibrates into `file` for `profile` ('' for the host's index alone); resolves the calibration. */
function calibrateInto(file, profile) {
  bench(['--calibrate', file, '--profile', profile], 'calibration:');
  return JSON.parse(readFileSync(file, 'utf8'));
}

const calibrationFile = 'bench/.tmp/compare-calibration.json';
const calibration = calibrateInto(calibrationFile, options.profile);

/** One run of the bench on `label`'s build, its report kept. */
function benchOnce(label, run) {
  const file = `bench/.tmp/compare-${label}-${run}.json`;
  const routes = routesOf(label);
  bench(
    [
      '--site',
      site[label],
      '--runs',
      '1',
      '--only',
      options.only,
      '--profile',
      options.profile,
      '--calibration',
      calibrationFile,
      '--report',
      file,
      ...(routes ? ['--routes', routes] : []),
    ],
    label,
  );
  return JSON.parse(readFileSync(file, 'utf8'));
}

const reports = Object.fromEntries(LABELS.map((label) => [label, []]));
for (let run = 1; run <= RUNS; run++) {
  const order = run % 2 ? LABELS : [...LABELS].reverse();
  for (const label of order) reports[label].push(benchOnce(label, run));
}
const atEnd = calibrateInto('bench/.tmp/compare-calibration-end.json', '');
calibration.hostIndexAtEnd = atEnd.hostIndex;
calibration.hostBusy = hostBusy(calibration.hostIndex, atEnd.hostIndex);

// Every figure against A's: B's (and C's) summary, difference and the runs in which it was faster.
const against = Object.fromEntries(LABELS.slice(1).map((label) => [label, compareRuns(reports.A, reports[label])]));
const rows = against.B.map((row) => ({
  name: row.name,
  a: row.a,
  ...Object.fromEntries(
    LABELS.slice(1).map((label) => {
      const other = against[label].find((r) => r.name === row.name);
      return [
        label.toLowerCase(),
        other && { summary: other.b, deltaMs: other.deltaMs, faster: other.bFaster, pairs: other.pairs },
      ];
    }),
  ),
}));
writeFileSync(
  'bench/.tmp/compare.json',
  `${JSON.stringify({ builds: site, runs: RUNS, only: options.only, calibration, rows }, null, 2)}\n`,
);

console.log(
  `\nCPU calibrated once: host index ${calibration.hostIndex} at the start, ${calibration.hostIndexAtEnd} at the end` +
    (calibration.hostBusy ? ' — HOST BUSY: it moved by more than 15 %, the figures are suspect' : ''),
);
for (const p of Object.values(calibration.profiles)) {
  console.log(
    `  ${p.name}: ` +
      (p.upperBound
        ? 'unthrottled, figures are upper bounds'
        : `rate ×${p.rate}, index reached ${p.index} of ${p.benchmarkIndex}`),
  );
}
console.log(
  `\n${LABELS.map((label) => `${label}: ${site[label]}`).join('   ')}   ${RUNS} runs of each, in turn; medians (spread)`,
);
const others = LABELS.slice(1);
console.log(
  `${'figure'.padEnd(70)} ${LABELS.map((l) => l.padEnd(22)).join(' ')} ${others.map((l) => `${l} − A`.padEnd(8)).join(' ')} ${others.map((l) => `${l} faster`).join('  ')}`,
);
for (const r of rows) {
  const unit = r.name.includes('KiB') ? 'KiB' : 'ms';
  const cells = [formatSummary(r.a, unit), ...others.map((l) => formatSummary(r[l.toLowerCase()]?.summary, unit))];
  const deltas = others.map((l) => {
    const d = r[l.toLowerCase()]?.deltaMs;
    return (d === null || d === undefined ? '' : `${d > 0 ? '+' : ''}${d}`).padEnd(8);
  });
  const faster = others.map((l) => {
    const o = r[l.toLowerCase()];
    return o ? `${o.faster} of ${o.pairs}`.padEnd(9) : ''.padEnd(9);
  });
  console.log(
    `${r.name.padEnd(70)} ${cells.map((c) => c.padEnd(22)).join(' ')} ${deltas.join(' ')} ${faster.join(' ')}`,
  );
}
// Between two identical builds each run is a coin toss: all of them agree for one figure in
// 2^(runs - 1). Comparing a build with itself shows how far this machine's medians drift.
const byChance = rows.length * 2 ** (1 - RUNS);
console.log(
  `By chance alone, about ${byChance.toFixed(1)} of these ${rows.length} figures would have B (or C) faster or slower than A in` +
    ` every run; a build compared with itself shows this machine's noise. (bench/.tmp/compare.json)`,
);
