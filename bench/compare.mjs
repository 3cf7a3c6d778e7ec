// `npm run bench -- --compare <build-a> <build-b>` (also `npm run bench:compare -- <a> <b>`): the
// reader benchmark (bench/bench.mjs) on two builds in turn, to tell whether a change makes a
// difference beyond run-to-run noise. Each run
// measures one build and then the other, the order swapped every run (A B, B A, A B, ...), so
// that a machine growing busier or quieter meanwhile weighs on both alike. Prints, for every
// figure, each build's median and spread, the difference of the medians, and in how many runs B
// was the faster; writes bench/.tmp/compare.json. Build A first and keep a copy of it:
//
//   npm run build && cp -r dist /tmp/before      (then make the change)
//   npm run build && npm run bench -- --compare /tmp/before dist --only "Registry" --runs 5
//
// --only and --runs as in the bench (default: the presses and routes, 5 runs of each build).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { compareRuns, formatSummary } from './stats.mjs';

const { values: options, positionals: builds } = parseArgs({
  allowPositionals: true,
  options: {
    compare: { type: 'boolean' },
    runs: { type: 'string', default: '5' },
    only: { type: 'string', default: 'presses|routes' },
  },
});
if (builds.length !== 2 || !builds.every((dir) => existsSync(`${dir}/index.html`))) {
  console.error('usage: npm run bench -- --compare <build-a> <build-b> [--only <regex>] [--runs <n>]');
  console.error('Each build is a folder as `npm run build` leaves dist/.');
  process.exit(1);
}
const RUNS = Number(options.runs);
const [buildA, buildB] = builds;
mkdirSync('bench/.tmp', { recursive: true });

/** One run of the bench on `site`, its report kept in `file`. */
function benchOnce(label, site, run) {
  const file = `bench/.tmp/compare-${label}-${run}.json`;
  const result = spawnSync(
    process.execPath,
    ['bench/bench.mjs', '--site', site, '--runs', '1', '--only', options.only, '--report', file],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`the bench failed on ${site}:\n${result.stdout}`);
  // The bench's own progress lines, marked with the build they are about.
  for (const line of result.stdout.split('\n').filter((l) => /^\s+(run 1\/1|\/)/.test(l)))
    console.log(`${label} ${line.trim()}`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const reports = { A: [], B: [] };
for (let run = 1; run <= RUNS; run++) {
  const order = run % 2 ? ['A', 'B'] : ['B', 'A'];
  for (const label of order) reports[label].push(benchOnce(label, label === 'A' ? buildA : buildB, run));
}

const rows = compareRuns(reports.A, reports.B);
writeFileSync(
  'bench/.tmp/compare.json',
  `${JSON.stringify({ a: buildA, b: buildB, runs: RUNS, only: options.only, rows }, null, 2)}\n`,
);
console.log(`\nA: ${buildA}   B: ${buildB}   ${RUNS} runs of each, in turn; medians (spread), ms`);
console.log(`${'figure'.padEnd(62)} ${'A'.padEnd(22)} ${'B'.padEnd(22)} ${'B − A'.padEnd(8)} B faster`);
for (const r of rows) {
  const delta = r.deltaMs === null ? '' : `${r.deltaMs > 0 ? '+' : ''}${r.deltaMs}`;
  console.log(
    `${r.name.padEnd(62)} ${formatSummary(r.a).padEnd(22)} ${formatSummary(r.b).padEnd(22)} ${delta.padEnd(8)} ${r.bFaster} of ${r.pairs}`,
  );
}
// Between two identical builds each run is a coin toss: all of them agree for one figure in
// 2^(runs - 1). Comparing a build with itself shows how far this machine's medians drift.
const byChance = rows.length * 2 ** (1 - RUNS);
console.log(
  `By chance alone, about ${byChance.toFixed(1)} of these ${rows.length} figures would have B faster (or slower) in` +
    ` every run; a build compared with itself shows this machine's noise. (bench/.tmp/compare.json)`,
);
