// `npm test`: every check in one run: types, unit + database tests, the production build,
// then the browser suite against that build. Ends with one line "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  // A file that fails to load has no tests but is still a failure.
  failed += (report.testResults ?? []).filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  return true;
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  return true;
}

const npx = 'npx';
if (run('types', npx, ['astro', 'check'])) passed += 1;
else failed += 1;

const vitestOk = run('unit and database tests', npx, [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}/vitest.json`,
]);
if (!countVitest(`${out}/vitest.json`) && !vitestOk) failed += 1;

if (run('build', npx, ['astro', 'build'])) {
  passed += 1;
  const e2eOk = run('browser tests', npx, ['playwright', 'test']);
  if (!countPlaywright(`${out}/playwright.json`) && !e2eOk) failed += 1;
} else {
  failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
