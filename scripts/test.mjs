// `npm test`: every check in one run: types, lint and formatting, the production build and the HTML
// validity of every built page, unit + database tests, then the browser suite against that build. Ends with one line "N passed, M failed", after a
// table of the time each stage took.
// Where PostgreSQL is installed, the database rules are also proven on a throwaway real
// cluster (pgTAP through pg_prove, the attack list in tests/db), and where the PostgREST binary
// is installed too, the stand-in's answers are compared with real PostgREST's and the forum
// and registry specs run against it; where they are not, those tests are reported as skipped
// with the reason.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { findPostgres, pgTapMissing, startCluster } from './postgres-cluster.mjs';
import { findPostgrest } from '../supabase/self-hosted/postgrest.mjs';

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
/** What did not run, and why: printed above the summary so nothing passes silently. */
const skipped = [];
/** Each stage's name, wall time in milliseconds and whether it ran beside others, for the table above the summary. */
const stageTimes = [];
let besideOthers = true;
const suiteStart = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Records a stage's time and closes its output with a line that gives it. */
function endStage(label, start, ok) {
  const ms = performance.now() - start;
  stageTimes.push([label, ms, besideOthers]);
  console.log(`=== ${label}: ${ok ? 'done' : 'FAILED'} in ${seconds(ms)}`);
}

/** Runs a stage with the terminal as its output; true when it exits 0. */
function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const start = performance.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  endStage(label, start, result.status === 0);
  return result.status === 0;
}

/** @param {string} command */
function commandExists(command) {
  return spawnSync(command, ['-version'], { stdio: 'ignore' }).error === undefined;
}

/**
 * Runs a command with its output collected rather than shown, so stages that run side by side
 * print one after another; resolves with the exit status (null when it could not start).
 * @returns {Promise<{ status: number | null, output: string }>}
 */
function collect(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ status: null, output: `${output}${error.message}\n` }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** A stage run beside others: its heading, output and time are printed together once it ends. */
async function runCollected(label, cmd, args, env = {}) {
  const start = performance.now();
  const { status, output } = await collect(cmd, args, env);
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  process.stdout.write(output);
  endStage(label, start, status === 0);
  return status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  // A file that fails outside its tests is still a failure: one that does not load has no tests,
  // and one whose beforeAll throws has them all skipped.
  failed += (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  const pending = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (pending > 0) skipped.push(`${pending} Vitest tests (each names its reason in the output above)`);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
}

const npx = 'npx';

// The type check, the linters and the real PostgreSQL stages share no files and each keeps one
// core busy at most, so they run side by side; every later stage waits for all three.
const typesDone = runCollected('types', npx, ['astro', 'check']);
const lintDone = runCollected('lint and formatting', 'npm', ['run', 'lint']);

let cluster = null;
const stopCluster = () => {
  cluster?.stop();
  cluster = null;
};
process.on('exit', stopCluster);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/** Starts the throwaway cluster and runs the pgTAP files on it, printing as it goes. */
async function realPostgres() {
  const found = findPostgres();
  if ('reason' in found) {
    skipped.push(`real PostgreSQL: ${found.reason}`);
    return;
  }
  const label = `real PostgreSQL ${found.major}`;
  console.log(`\n=== ${label}: throwaway cluster with Supabase's roles, migrations and seed.sql`);
  const start = performance.now();
  try {
    cluster = startCluster({ log: console.log });
    passed += 1;
    endStage(label, start, true);
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    failed += 1;
    endStage(label, start, false);
  }

  const pgTapFiles = readdirSync('supabase/tests/database')
    .filter((f) => f.endsWith('.test.sql'))
    .sort();
  const noPgProve = pgTapMissing();
  if (!cluster) {
    skipped.push(`pgTAP on real PostgreSQL (${pgTapFiles.length} files): the cluster did not start`);
    return;
  }
  if (noPgProve) {
    skipped.push(`pgTAP on real PostgreSQL (${pgTapFiles.length} files): ${noPgProve.reason}`);
    return;
  }
  if (!cluster.pgtap) {
    skipped.push(
      `pgTAP on real PostgreSQL (${pgTapFiles.length} files): the pgtap extension is not installed (Debian: postgresql-${cluster.major}-pgtap)`,
    );
    return;
  }
  const pgTapStart = performance.now();
  let allOk = true;
  for (const file of pgTapFiles) {
    const start = performance.now();
    const result = await collect('pg_prove', [
      '--verbose',
      '--ext',
      '.sql',
      '-h',
      cluster.host,
      '-p',
      String(cluster.port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      `supabase/tests/database/${file}`,
    ]);
    console.log(`\n=== pgTAP on PostgreSQL ${cluster.major}: pg_prove ${file}`);
    process.stdout.write(result.output);
    const lines = result.output.split('\n');
    const ok = lines.filter((line) => /^ok \d+/.test(line)).length;
    const notOk = lines.filter((line) => /^not ok \d+/.test(line)).length;
    passed += ok;
    failed += notOk;
    // A file that dies or runs fewer tests than planned fails without a "not ok" line.
    if (result.status !== 0 && notOk === 0) failed += 1;
    const fileOk = result.status === 0 && notOk === 0;
    allOk &&= fileOk;
    console.log(`=== pgTAP ${file}: ${fileOk ? 'done' : 'FAILED'} in ${seconds(performance.now() - start)}`);
  }
  endStage(`pgTAP (${pgTapFiles.length} files)`, pgTapStart, allOk);
}

const [typesOk, lintOk] = await Promise.all([typesDone, lintDone, realPostgres()]);
stageTimes.push(['(these side by side, in all)', performance.now() - suiteStart, true]);
besideOthers = false;
for (const ok of [typesOk, lintOk]) {
  if (ok) passed += 1;
  else failed += 1;
}

// The forum and registry specs also run against real PostgREST on the cluster (a fresh
// database that `npm start` with DATABASE_URL provisions), as a deployment would serve them.
const postgrest = findPostgrest();
/** @type {Record<string, string>} */
const e2eEnv = {};
if ('reason' in postgrest) skipped.push(`browser tests against real PostgREST: ${postgrest.reason}`);
else if (!cluster) skipped.push('browser tests against real PostgREST: no real PostgreSQL cluster (see above)');
else {
  try {
    e2eEnv.E2E_DATABASE_URL = cluster.createDatabase('e2e_self_hosted');
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    failed += 1;
  }
}

// The build comes before the unit tests: the builds those tests make of copies of the site then
// start from the social cards it drew, and the browser tests still get the build as it was made.
// Built as of one fixed day: the browser tests read the essays as shipped, and a scheduled essay
// reaching its date must not change what they find.
const built = run('build', npx, ['astro', 'build'], { PUBLISH_AS_OF: '2026-12-01' });
if (built) passed += 1;
else failed += 1;

// The same site built for a Supabase project on another origin, as a hosted deployment is built:
// the browser tests serve it beside a second server that answers as that project
// (playwright.config.ts, the `hosted` project).
const hostedProject = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4399) + 2}`;
if (built) {
  const builtHosted = run('build for a hosted project', npx, ['astro', 'build', '--outDir', 'dist-hosted'], {
    PUBLISH_AS_OF: '2026-12-01',
    PUBLIC_SUPABASE_URL: hostedProject,
  });
  if (builtHosted) {
    passed += 1;
    e2eEnv.E2E_HOSTED_PROJECT = hostedProject;
  } else failed += 1;
}

// Every built page, read by the Nu Html Checker in one run: each error is printed with its page.
if (built && !commandExists('java')) {
  skipped.push('HTML validity of every page: no java on PATH for the Nu Html Checker (Debian: default-jre-headless)');
} else if (built) {
  if (run('HTML validity (Nu Html Checker)', process.execPath, ['scripts/validate-html.mjs'])) passed += 1;
  else failed += 1;
}

// A runner that exits non-zero has failed, whether or not its report names a failed test.
const failedBeforeVitest = failed;
const vitestOk = run(
  'unit and database tests',
  npx,
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}/vitest.json`],
  cluster ? { POSTGRES_TEST_HOST: cluster.host, POSTGRES_TEST_PORT: String(cluster.port) } : {},
);
countVitest(`${out}/vitest.json`);
if (!vitestOk && failed === failedBeforeVitest) failed += 1;

if (built) {
  const failedBeforeE2e = failed;
  const e2eOk = run('browser tests', npx, ['playwright', 'test'], e2eEnv);
  countPlaywright(`${out}/playwright.json`);
  if (!e2eOk && failed === failedBeforeE2e) failed += 1;
}
stopCluster();

for (const reason of skipped) console.log(`\nskipped: ${reason}`);
console.log('\nstage times:');
const width = Math.max(...stageTimes.map(([label]) => label.length + 2), 'total'.length);
for (const [label, ms, beside] of stageTimes)
  console.log(`  ${(beside ? `| ${label}` : label).padEnd(width)}  ${seconds(ms).padStart(8)}`);
console.log(`  ${'total'.padEnd(width)}  ${seconds(performance.now() - suiteStart).padStart(8)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
