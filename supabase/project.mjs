// @ts-check
// The project's supabase/ folder as both backends read it: where config.toml, migrations/ and
// seed.sql live, and the migrations in the order they apply.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's supabase/ folder (config.toml, migrations/, seed.sql). */
export const SUPABASE_DIR = fileURLToPath(new URL('.', import.meta.url));

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/**
 * Migration files in the Supabase CLI's naming (<version>_<name>.sql), oldest first.
 * @param {string} dir
 */
export async function listMigrations(dir) {
  const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f));
  return files
    .map((file) => {
      const [, version, name] = /** @type {RegExpMatchArray} */ (file.match(MIGRATION_FILE));
      return { version, name, path: join(dir, file) };
    })
    .sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
}
