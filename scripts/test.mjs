// `npm test`: every check in one run: types, lint and formatting, unit + database tests, the production build,
// the HTML validity of every built page, then the browser suite against that build. Ends with one line
// "N passed, M failed".
// Where PostgreSQL is installed, the database rules are also proven on a throwaway real
// cluster (pgTAP through pg_prove, the attack list in tests/db), and where the PostgREST binary
// is installed too, the stand-in's answers are compared with real PostgREST's and the forum
// and registry specs run against it; where they are not, those tests are reported as skipped
// with the reason.
import { spawnSync } from 'node:child_process';
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

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** @param {string} command */
function commandExists(command) {
  return spawnSync(command, ['-version'], { stdio: 'ignore' }).error === undefined;
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
if (run('types', npx, ['astro', 'check'])) passed += 1;
else failed += 1;
if (run('lint and formatting', 'npm', ['run', 'lint'])) passed += 1;
else failed += 1;

let cluster = null;
const found = findPostgres();
if ('reason' in found) {
  skipped.push(`real PostgreSQL: ${found.reason}`);
} else {
  console.log(`\n=== real PostgreSQL ${found.major}: throwaway cluster with Supabase's roles, migrations and seed.sql`);
  try {
    cluster = startCluster({ log: console.log });
    passed += 1;
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    failed += 1;
  }
}
const stopCluster = () => {
  cluster?.stop();
  cluster = null;
};
process.on('exit', stopCluster);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const pgTapFiles = readdirSync('supabase/tests/database')
  .filter((f) => f.endsWith('.test.sql'))
  .sort();
const noPgProve = pgTapMissing();
if (cluster && noPgProve) skipped.push(`pgTAP on real PostgreSQL (${pgTapFiles.length} files): ${noPgProve.reason}`);
else if (cluster && !cluster.pgtap) {
  skipped.push(
    `pgTAP on real PostgreSQL (${pgTapFiles.length} files): the pgtap extension is not installed (Debian: postgresql-${cluster.major}-pgtap)`,
  );
} else if (cluster) {
  for (const file of pgTapFiles) {
    console.log(`\n=== pgTAP on PostgreSQL ${cluster.major}: pg_prove ${file}`);
    const result = spawnSync(
      'pg_prove',
      [
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
      ],
      { encoding: 'utf8' },
    );
    process.stdout.write(result.stdout + result.stderr);
    const ok = result.stdout.split('\n').filter((line) => /^ok \d+/.test(line)).length;
    const notOk = result.stdout.split('\n').filter((line) => /^not ok \d+/.test(line)).length;
    passed += ok;
    failed += notOk;
    // A file that dies or runs fewer tests than planned fails without a "not ok" line.
    if (result.status !== 0 && notOk === 0) failed += 1;
  }
} else if (!('reason' in found)) {
  skipped.push(`pgTAP on real PostgreSQL (${pgTapFiles.length} files): the cluster did not start`);
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

if (run('build', npx, ['astro', 'build'])) {
  passed += 1;
  // Every built page, read by the Nu Html Checker in one run: each error is printed with its page.
  if (!commandExists('java')) {
    skipped.push('HTML validity of every page: no java on PATH for the Nu Html Checker (Debian: default-jre-headless)');
  } else if (run('HTML validity (Nu Html Checker)', process.execPath, ['scripts/validate-html.mjs'])) passed += 1;
  else failed += 1;
  const failedBeforeE2e = failed;
  const e2eOk = run('browser tests', npx, ['playwright', 'test'], e2eEnv);
  countPlaywright(`${out}/playwright.json`);
  if (!e2eOk && failed === failedBeforeE2e) failed += 1;
} else {
  failed += 1;
}
stopCluster();

for (const reason of skipped) console.log(`\nskipped: ${reason}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
