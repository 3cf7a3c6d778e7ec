// @ts-check
// Opens the embedded Postgres (PGlite) and brings it to the state a Supabase project would
// be in after `supabase db reset`: Supabase's roles, the migrations in order (each recorded,
// so a restart applies only new ones), and seed.sql on a brand-new database only.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's supabase/ folder (config.toml, migrations/, seed.sql). */
export const SUPABASE_DIR = fileURLToPath(new URL('..', import.meta.url));

const BOOTSTRAP_SQL = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;
const LOCK_FILE = 'embedded-backend.pid';

/**
 * @typedef {object} OpenOptions
 * @property {string} dataDir a directory, or 'memory' for a throwaway database
 * @property {Blob} [template] a dumpDataDir() image to start a new database from instead of
 *   running initdb (3–8 s); migrations newer than the image are still applied
 * @property {string} [supabaseDir] where migrations/ and seed.sql live
 * @property {(line: string) => void} [log]
 */

/**
 * @param {OpenOptions} options
 * @returns {Promise<{ db: PGlite, applied: string[], seeded: boolean, release: () => Promise<void> }>}
 *   release: call after closing the database, to free DATA_DIR for other processes
 */
export async function openDatabase({ dataDir, template, supabaseDir = SUPABASE_DIR, log = () => {} }) {
  const inMemory = dataDir === 'memory';
  let directory;
  let release = async () => {};
  if (!inMemory) {
    directory = resolve(dataDir);
    await mkdir(directory, { recursive: true });
    release = await lockDirectory(directory);
  }
  const exists = directory !== undefined && existsSync(join(directory, 'PG_VERSION'));
  const db = await PGlite.create({
    dataDir: directory,
    loadDataDir: exists ? undefined : template,
    // The contrib extensions the migrations create (Supabase ships them too).
    extensions: { pg_trgm },
  });
  try {
    const result = await prepareDatabase(db, { supabaseDir, log });
    return { db, ...result, release };
  } catch (error) {
    await db.close();
    await release();
    throw error;
  }
}

/**
 * PGlite does not notice a second process opening the same folder, and two writers corrupt
 * it (`npm start` and `npm run dev` side by side, say). A pid file guards the folder; one left
 * by a process that no longer runs is taken over.
 * @param {string} directory
 * @returns {Promise<() => Promise<void>>} removes the lock
 */
async function lockDirectory(directory) {
  const file = join(directory, LOCK_FILE);
  const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(
      `The embedded backend's database in ${directory} is in use by process ${holder}. ` +
        'Stop that process, or give this one another DATA_DIR (DATA_DIR=memory for a throwaway database).',
    );
  }
  await writeFile(file, String(process.pid));
  return async () => {
    const current = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (current === process.pid) await rm(file, { force: true });
  };
}

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Bootstraps (when new), migrates and seeds (when new) an open database.
 * @param {PGlite} db
 * @param {{ supabaseDir?: string, log?: (line: string) => void }} [options]
 */
export async function prepareDatabase(db, { supabaseDir = SUPABASE_DIR, log = () => {} } = {}) {
  const isNew = !(await hasMigrationHistory(db));
  if (isNew) await db.exec(await readFile(BOOTSTRAP_SQL, 'utf8'));

  const applied = await applyMigrations(db, join(supabaseDir, 'migrations'), log);
  let seeded = false;
  if (isNew) seeded = await applySeed(db, join(supabaseDir, 'seed.sql'), log);
  return { applied, seeded };
}

/** @param {PGlite} db */
async function hasMigrationHistory(db) {
  const { rows } = await db.query("select to_regclass('supabase_migrations.schema_migrations') is not null as present");
  return rows[0].present;
}

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

/**
 * Applies each migration not yet recorded, each in its own transaction with its record, so
 * a failing migration leaves neither half a schema nor a false record behind.
 * @param {PGlite} db
 * @param {string} dir
 * @param {(line: string) => void} log
 * @returns {Promise<string[]>} versions applied now
 */
async function applyMigrations(db, dir, log) {
  const { rows } = await db.query('select version from supabase_migrations.schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  const applied = [];
  for (const migration of await listMigrations(dir)) {
    if (done.has(migration.version)) continue;
    const sql = await readFile(migration.path, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, [sql]],
      );
    });
    log(`applied migration ${migration.version}_${migration.name}`);
    applied.push(migration.version);
  }
  return applied;
}

/**
 * @param {PGlite} db
 * @param {string} path
 * @param {(line: string) => void} log
 */
async function applySeed(db, path, log) {
  if (!existsSync(path)) return false;
  const sql = await readFile(path, 'utf8');
  await db.transaction(async (tx) => {
    await tx.exec(sql);
    await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
      'seed.sql',
      createHash('sha256').update(sql).digest('hex'),
    ]);
  });
  log('applied seed.sql');
  return true;
}
