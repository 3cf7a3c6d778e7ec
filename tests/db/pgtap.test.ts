// Runs the pgTAP files in supabase/tests/database against the embedded backend, with a small
// stand-in for the pgTAP functions they use, so those files stay correct without a Docker stack.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../supabase/embedded/backend.mjs';
import { SUPABASE_DIR } from '../../supabase/project.mjs';
import { DEV_ANON_KEY, migratedImage } from './harness';

const testsDir = join(SUPABASE_DIR, 'tests', 'database');
const files = (await readdir(testsDir)).filter((file) => file.endsWith('.test.sql')).sort();

let backend: Backend;
beforeAll(async () => {
  backend = await createBackend({
    dataDir: 'memory',
    template: await migratedImage(),
    anonKey: DEV_ANON_KEY,
    rateLimit: 5,
  });
  await backend.db.exec(await readFile(new URL('./pgtap-shim.sql', import.meta.url), 'utf8'));
  await backend.db.exec("select set_config('search_path', 'public, pgtap', false)");
});
afterAll(() => backend?.close());

describe('pgTAP files under supabase/tests/database', () => {
  // A file is hundreds of statements through PGlite's WebAssembly build, which shares the cores
  // with the other test files running beside it: it is given as long as a setup hook.
  it.each(files)('%s passes', { timeout: 120_000 }, async (file) => {
    const results = await backend.db.exec(await readFile(join(testsDir, file), 'utf8'));
    const lines = results.flatMap((result) => result.rows.map((row) => String(Object.values(row)[0])));
    const plan = lines.find((line) => /^1\.\.\d+$/.test(line));
    expect(plan, 'the file declares a plan').toBeDefined();
    const tests = lines.filter((line) => /^(not )?ok \d+/.test(line));
    expect(lines.filter((line) => line.startsWith('not ok') || line.startsWith('# Looks like'))).toEqual([]);
    expect(tests).toHaveLength(Number(plan?.slice(3)));
  });
});
