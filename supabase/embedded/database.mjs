// @ts-check
// Opens the embedded Postgres (PGlite) and brings it to the state a Supabase project would
// be in after `supabase db reset`: Supabase's roles, the migrations in order (each recorded,
// so a restart applies only new ones), and seed.sql on a brand-new database only.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listMigrations, SUPABASE_DIR } from '../project.mjs';

const BOOTSTRAP_SQL = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));
/** Names the process holding the folder, for messages; the lock itself is a listening socket. */
const LOCK_FILE = 'embedded-backend.pid';
const LOCK_SOCKET = 'embedded-backend.lock';

/**
 * Files the embedded backend keeps in DATA_DIR beside the database. A folder holding only these
 * is as good as empty; anything else in a folder without PG_VERSION is not ours to initialise
 * over.
 */
export const SERVICE_KEY_FILE = 'service-role.key';
export const ADDRESS_FILE = 'server-address';
const OWN_FILES = new Set([LOCK_FILE, LOCK_SOCKET, SERVICE_KEY_FILE, ADDRESS_FILE]);

/**
 * @typedef {object} OpenOptions
 * @property {string} dataDir a directory, or 'memory' for a throwaway database
 * @property {Blob} [template] a dumpDataDir() image to start a new database from instead of
 *   running initdb, the slow part of a new database; migrations newer than the image are still applied
 * @property {string} [supabaseDir] where migrations/ and seed.sql live
 * @property {(line: string) => void} [log]
 * @property {WebAssembly.Module} [postgres] PGlite's Postgres already compiled (postgresModule), so
 *   that opening does not compile it again
 */

/**
 * Opens DATA_DIR's database, or makes a new one in an empty folder. A folder that holds
 * something but no usable database is an Error naming it and what to do, never served: no
 * initdb over it, no half a table served as if it were whole.
 * @param {OpenOptions} options
 * @returns {Promise<{ db: PGlite, applied: string[], seeded: boolean, release: () => Promise<void> }>}
 *   release: call after closing the database, to free DATA_DIR for other processes
 */
export async function openDatabase({ dataDir, template, supabaseDir = SUPABASE_DIR, log = () => {}, postgres }) {
  const inMemory = dataDir === 'memory';
  let directory;
  let release = async () => {};
  if (!inMemory) {
    directory = resolve(dataDir);
    // Private to its user: the database holds hidden posts and the rate limit's fingerprints.
    await mkdir(directory, { recursive: true, mode: 0o700 });
    await chmod(directory, 0o700);
    release = await lockDirectory(directory);
  }
  /** @type {PGlite | undefined} */
  let db;
  try {
    const exists = directory !== undefined && (await holdsDatabase(directory));
    db = await startPostgres(directory, exists ? undefined : template, exists, postgres);
    if (directory) await keepPrivate(directory);
    const result = await prepareDatabase(db, { supabaseDir, log });
    return { db, ...result, release };
  } catch (error) {
    await db?.close().catch(() => {});
    await release();
    throw error;
  }
}

/** DATA_DIR holds something but no database that can be served. */
export class UnusableDataDirError extends Error {
  name = 'UnusableDataDirError';
}

/**
 * @param {string} directory
 * @param {string} reason what is wrong, in a clause
 */
function unusableDirectory(directory, reason) {
  return new UnusableDataDirError(
    `The embedded backend cannot use the database in ${directory}: ${reason}. ` +
      'Nothing was served from it. Restore it from a backup, or move it aside ' +
      `(mv "${directory}" "${directory}.damaged") and start again to make a new database there.`,
  );
}

/**
 * Whether the folder holds a database (PG_VERSION). Without one it must be empty but for the
 * backend's own files: PGlite would otherwise run initdb over whatever is there.
 * @param {string} directory
 */
async function holdsDatabase(directory) {
  const entries = await readdir(directory);
  if (entries.includes('PG_VERSION')) return true;
  const foreign = entries.filter((name) => !OWN_FILES.has(name));
  if (foreign.length) {
    const shown = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? ', …' : '');
    throw unusableDirectory(directory, `it is not empty (${shown}) but holds no database (no PG_VERSION file)`);
  }
  return false;
}

/**
 * Starts Postgres on the folder and, for an existing database, checks it before anything is
 * served. Postgres's own reason for refusing a folder (a FATAL or PANIC line on its stderr)
 * replaces PGlite's "failed to initialize" or the WebAssembly abort it turns a PANIC into.
 * @param {string | undefined} directory
 * @param {Blob | undefined} template
 * @param {boolean} exists
 * @param {WebAssembly.Module | undefined} postgres
 */
async function startPostgres(directory, template, exists, postgres) {
  /** @type {string[]} */
  const said = [];
  let listening = true;
  /** @type {PGlite | undefined} */
  let db;
  let mismatch = null;
  try {
    db = await PGlite.create({
      dataDir: directory,
      loadDataDir: template,
      pgliteWasmModule: postgres,
      // The contrib extensions the migrations create (Supabase ships them too).
      extensions: { pg_trgm },
      onStderr: (line) => {
        if (listening && said.push(line) > 20) said.shift();
        return true;
      },
    });
    if (exists) mismatch = (await compareTotals(db)) ?? (await readIndexes(db));
  } catch (error) {
    if (!directory) throw error;
    await db?.close().catch(() => {});
    const reason = lastWords(said) || (error instanceof Error ? error.message : String(error));
    throw unusableDirectory(directory, `Postgres could not open it (${reason})`);
  } finally {
    listening = false;
  }
  if (directory && mismatch) {
    await db.close();
    throw unusableDirectory(directory, mismatch);
  }
  return db;
}

/**
 * The reason in Postgres's last log lines: the last FATAL or PANIC (else ERROR) and its DETAIL.
 * @param {string[]} lines
 */
function lastWords(lines) {
  const parsed = lines.map((line) => /\b(PANIC|FATAL|ERROR|DETAIL):\s+(.*)$/.exec(line)).filter((m) => m !== null);
  const at = parsed.findLastIndex((m) => m[1] === 'PANIC' || m[1] === 'FATAL');
  const index = at >= 0 ? at : parsed.findLastIndex((m) => m[1] === 'ERROR');
  if (index < 0) return '';
  const detail = parsed[index + 1]?.[1] === 'DETAIL' ? `: ${parsed[index + 1][2]}` : '';
  return `${parsed[index][1]}: ${parsed[index][2]}${detail}`;
}

/**
 * The visible totals the triggers keep against a count of the tables. Damage Postgres does not
 * notice when it opens (a heap file cut short reads as fewer rows) shows here; a crash does not,
 * since rows and totals change in the same transaction. Cheap enough to run at every start,
 * on a large database too (the bench fills one).
 * @param {PGlite} db
 * @returns {Promise<string | null>} what disagrees, or null
 */
async function compareTotals(db) {
  const { rows: present } = await db.query("select to_regclass('private.visible_totals') is not null as present");
  if (!present[0].present) return null; // a database from before the totals: the migration counts them
  const { rows } = await db.query(
    `select t.table_name, t.visible::text as kept,
            (case t.table_name
               when 'posts' then (select count(*) from public.posts where not is_hidden)
               when 'mota_ideas' then (select count(*) from public.mota_ideas where not is_hidden)
             end)::text as counted
       from private.visible_totals t order by t.table_name`,
  );
  const wrong = rows.filter((row) => row.counted !== null && row.counted !== row.kept);
  if (!wrong.length) return null;
  return `${wrong
    .map((row) => `${row.table_name} holds ${row.counted} visible rows where its kept total says ${row.kept}`)
    .join('; ')}, so rows are missing or damaged`;
}

/**
 * A read of each index the site's requests go through, made to read it whole: an index cut
 * short or overwritten is not noticed when Postgres opens, nor by the count above (which reads
 * the tables), and would fail every search or insert that reaches it. Sorting and table scans
 * are turned off so each read can only be answered from its index; the trigram index is read
 * through a pattern with no trigram in it, which it answers by walking every entry.
 */
const INDEX_READS = {
  posts_pkey: 'select count(*) from (select id from public.posts order by id) s',
  posts_created_at_idx:
    'select count(*) from (select created_at, id from public.posts order by created_at desc, id desc) s',
  mota_ideas_pkey: 'select count(*) from (select id from public.mota_ideas order by id) s',
  mota_ideas_created_at_idx:
    'select count(*) from (select created_at, id from public.mota_ideas order by created_at desc, id desc) s',
  mota_ideas_search_idx: `select count(*) from public.mota_ideas
     where (case when not is_hidden then issue end) ilike '%'
        or (case when not is_hidden then mitigation end) ilike '%'
        or (case when not is_hidden then proposed_by end) ilike '%'`,
  recent_inserts_client_idx: `select count(*) from (select client_hash, table_name, created_at
     from private.recent_inserts order by client_hash, table_name, created_at) s`,
  recent_inserts_created_at_idx:
    'select count(*) from (select created_at from private.recent_inserts order by created_at) s',
};

/**
 * @param {PGlite} db
 * @returns {Promise<string | null>} the first index that cannot be read, and why; or null
 */
async function readIndexes(db) {
  const { rows } = await db.query(
    "select c.relname from pg_class c where c.relkind = 'i' and c.relname = any($1::text[])",
    [Object.keys(INDEX_READS)],
  );
  const present = new Set(rows.map((row) => /** @type {{ relname: string }} */ (row).relname));
  for (const [index, read] of Object.entries(INDEX_READS)) {
    if (!present.has(index)) continue; // a database from before the migration that makes it
    try {
      await db.transaction(async (tx) => {
        await tx.exec('set local enable_seqscan = off; set local enable_sort = off');
        await tx.query(read);
      });
    } catch (error) {
      return `its index ${index} cannot be read (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return null;
}

/**
 * Takes group and other access away from everything in the folder. PGlite writes the files it
 * unpacks (initdb's result, a template) with mode 0666 whatever the umask; the files Postgres
 * creates later it opens 0600 itself, and the 0700 folder keeps out everyone else meanwhile.
 * Changing the process umask instead would not reach those chmod'ed files, and is not allowed
 * in a worker thread. About 1,000 entries: a few milliseconds.
 * @param {string} directory
 */
async function keepPrivate(directory) {
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    try {
      const { mode } = await stat(path);
      if (mode & 0o077) await chmod(path, mode & 0o700);
    } catch (error) {
      // Postgres is running: a temporary file may be gone already.
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * PGlite does not notice a second process opening the same folder, and two writers corrupt
 * it (`npm start` and `npm run dev` side by side, say). The folder's lock is a socket the
 * holder listens on: the kernel closes it with the process, however the process ends, so a
 * lock left by a killed process is taken over at once, and a process id reused by another
 * program cannot keep it. On Linux the socket is in the abstract namespace (no file, no path
 * length limit); elsewhere it is a file in the folder. The holder's process id is written
 * beside it for the messages.
 * @param {string} directory
 * @returns {Promise<() => Promise<void>>} removes the lock
 */
async function lockDirectory(directory) {
  const address = lockAddress(directory);
  // This process (thread) may open its own folder again, as it closes and reopens it.
  let held = heldHere.get(address);
  if (!held) {
    const server = createServer((socket) => socket.destroy());
    await listenOnce(server, address).catch(async (error) => {
      if (error.code !== 'EADDRINUSE' || (await isLockHeld(directory))) {
        const holder = (await readFile(join(directory, LOCK_FILE), 'utf8').catch(() => '')).trim();
        throw new Error(
          `The embedded backend's database in ${directory} is in use by process ${holder || 'another process'}. ` +
            'Stop that process, or give this one another DATA_DIR (DATA_DIR=memory for a throwaway database).',
        );
      }
      // A socket file left by a process that has ended.
      await rm(address, { force: true });
      await listenOnce(server, address);
    });
    server.unref();
    held = { server, count: 0 };
    heldHere.set(address, held);
  }
  held.count += 1;
  await writeFile(join(directory, LOCK_FILE), String(process.pid), { mode: 0o600 });
  const lock = held;
  return async () => {
    lock.count -= 1;
    if (lock.count > 0 || heldHere.get(address) !== lock) return;
    heldHere.delete(address);
    const file = join(directory, LOCK_FILE);
    const current = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (current === process.pid) await rm(file, { force: true });
    await new Promise((done) => lock.server.close(done));
  };
}

/** The folders' locks this thread holds, and how many opens hold each. */
const heldHere = /** @type {Map<string, { server: import('node:net').Server, count: number }>} */ (new Map());

/** @param {import('node:net').Server} server @param {string} address @returns {Promise<void>} */
function listenOnce(server, address) {
  return new Promise((done, failed) => {
    server.once('error', failed);
    server.listen(address, () => {
      server.off('error', failed);
      done();
    });
  });
}

/** @param {string} directory */
function lockAddress(directory) {
  if (process.platform !== 'linux') return join(directory, LOCK_SOCKET);
  const digest = createHash('sha256').update(resolve(directory)).digest('hex').slice(0, 40);
  return `\0genesis-embedded-backend-${digest}`;
}

/**
 * Whether a running process holds the folder's lock (listens on its socket).
 * @param {string} directory
 * @returns {Promise<boolean>}
 */
export function isLockHeld(directory) {
  return new Promise((answer) => {
    const socket = connect(lockAddress(resolve(directory)));
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
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
