// @ts-check
// A throwaway PostgreSQL cluster shaped like a new Supabase project, for proving the
// migrations' rules on the real server rather than only on PGlite. Used by `npm test`
// (scripts/test.mjs); run on its own to poke at it:
//   node scripts/postgres-cluster.mjs      # starts one, prints its URLs, stops on Ctrl-C
//
// initdb and postgres refuse to run as root, so as root (CI) the cluster belongs to the
// `postgres` OS user Debian's package creates and the commands run through runuser.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SUPABASE_DIR = fileURLToPath(new URL('../supabase/', import.meta.url));
const PROJECT_SQL = join(SUPABASE_DIR, 'tests', 'supabase-project.sql');
const MIGRATION_FILE = /^\d+_.+\.sql$/;

/**
 * Where the server binaries are: $PG_BINDIR, `pg_config --bindir`, or the newest
 * /usr/lib/postgresql/<major>/bin (Debian keeps them off the PATH).
 * @returns {{ bindir: string, major: number } | { reason: string }}
 */
export function findPostgres() {
  const candidates = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromConfig.status === 0) candidates.push(fromConfig.stdout.trim());
  if (existsSync('/usr/lib/postgresql')) {
    const majors = readdirSync('/usr/lib/postgresql')
      .filter((d) => /^\d+$/.test(d))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...majors.map((major) => `/usr/lib/postgresql/${major}/bin`));
  }
  const bindir = candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres', 'psql'].every((bin) => existsSync(join(dir, bin))),
  );
  if (!bindir)
    return { reason: "no PostgreSQL server binaries (initdb, pg_ctl, postgres) found; install Debian's postgresql" };
  const version = spawnSync(join(bindir, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout;
  return { bindir, major: Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1]) };
}

/** @returns {{ reason: string } | null} why pg_prove cannot run the pgTAP files, or null */
export function pgTapMissing() {
  if (spawnSync('pg_prove', ['--version']).status !== 0)
    return { reason: 'pg_prove not found (Debian: libtap-parser-sourcehandler-pgtap-perl)' };
  return null;
}

/**
 * @typedef {object} Cluster
 * @property {number} major the server's major version
 * @property {boolean} pgtap whether the pgTAP extension is installed (in `extensions`)
 * @property {string} host the socket directory (connections never leave the machine)
 * @property {number} port
 * @property {(role: string) => string} url a postgres:// URL for a role on the `postgres` database
 * @property {(role: string, args: string[]) => import('node:child_process').SpawnSyncReturns<string>} psql
 * @property {(name: string) => string} createDatabase a new empty database owned by `postgres`,
 *   as the owner's URL (for a self-hosted `npm start`, which provisions it)
 * @property {() => void} stop stops the server and deletes every file
 */

/**
 * Starts a cluster, creates Supabase's roles, applies the migrations and seed.sql as
 * `postgres` and installs pgTAP when present. Throws with the server log on failure.
 * @param {{ port?: number, log?: (line: string) => void }} [options]
 * @returns {Cluster}
 */
export function startCluster({ port = Number(process.env.PGTEST_PORT ?? 5433), log = () => {} } = {}) {
  const found = findPostgres();
  if ('reason' in found) throw new Error(found.reason);
  const { bindir, major } = found;
  const dir = mkdtempSync(join(tmpdir(), 'genesis-pg-'));
  const data = join(dir, 'data');
  const asOwner = ownerCommand(dir);
  let started = false;
  let pgtap = false;

  /** @param {string} bin @param {string[]} args */
  const server = (bin, args) => {
    const [cmd, ...rest] = asOwner(join(bindir, bin), args);
    const result = spawnSync(cmd, rest, { encoding: 'utf8' });
    if (result.status !== 0) {
      const serverLog = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
      throw new Error(`${bin} failed: ${result.stderr || result.stdout}\n${serverLog}`);
    }
  };

  /** @type {Cluster['psql']} */
  const psql = (role, args) =>
    spawnSync(
      join(bindir, 'psql'),
      ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', dir, '-p', String(port), '-U', role, '-d', 'postgres', ...args],
      {
        encoding: 'utf8',
        env: { ...process.env, PGOPTIONS: '--client-min-messages=warning' },
      },
    );

  const stop = () => {
    if (started) spawnSync(...spread(asOwner(join(bindir, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'])));
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The cluster's bootstrap superuser is supabase_admin, as on Supabase.
    server('initdb', [
      '-D',
      data,
      '-U',
      'supabase_admin',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    // Sockets only, in the private directory; durability is not the point of this cluster.
    const options = `-c listen_addresses='' -k ${dir} -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
    server('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
    started = true;
    log(`PostgreSQL ${major} running in ${dir}`);

    /** @param {string} role @param {string[]} args @param {string} what */
    const must = (role, args, what) => {
      const result = psql(role, args);
      if (result.status !== 0) throw new Error(`${what} failed:\n${result.stderr}`);
    };
    must('supabase_admin', ['-f', PROJECT_SQL], "creating Supabase's roles (supabase/tests/supabase-project.sql)");
    // The Supabase CLI's `test db` runs pgTAP from the extensions schema.
    pgtap = pgTapAvailable(psql);
    if (pgtap) must('supabase_admin', ['-c', 'create extension pgtap with schema extensions'], 'installing pgTAP');
    const migrations = readdirSync(join(SUPABASE_DIR, 'migrations'))
      .filter((f) => MIGRATION_FILE.test(f))
      .sort();
    for (const file of migrations) {
      must('postgres', ['--single-transaction', '-f', join(SUPABASE_DIR, 'migrations', file)], `migration ${file}`);
      const version = file.split('_')[0];
      must(
        'postgres',
        [
          '-c',
          `insert into supabase_migrations.schema_migrations (version, name) values ('${version}', '${file.slice(version.length + 1, -4)}')`,
        ],
        'recording a migration',
      );
      log(`applied ${file} as postgres`);
    }
    must('postgres', ['--single-transaction', '-f', join(SUPABASE_DIR, 'seed.sql')], 'seed.sql');
  } catch (error) {
    stop();
    throw error;
  }

  /** @param {string} role @param {string} database */
  const url = (role, database = 'postgres') =>
    `postgres://${role}@localhost:${port}/${database}?host=${encodeURIComponent(dir)}`;
  return {
    major,
    pgtap,
    host: dir,
    port,
    url: (role) => url(role),
    psql,
    createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      const result = psql('supabase_admin', ['-c', `create database ${name} owner postgres`]);
      if (result.status !== 0) throw new Error(`creating database ${name} failed:\n${result.stderr}`);
      return url('postgres', name);
    },
    stop,
  };
}

/** @param {Cluster['psql']} psql */
function pgTapAvailable(psql) {
  const result = psql('supabase_admin', [
    '-At',
    '-c',
    "select count(*) from pg_available_extensions where name = 'pgtap'",
  ]);
  return result.stdout.trim() === '1';
}

/** @param {string[]} command @returns {[string, string[]]} */
function spread([cmd, ...args]) {
  return [cmd, args];
}

/**
 * How to run a server command: directly, or as root through the `postgres` OS user (who
 * then owns the cluster's directory).
 * @param {string} dir
 * @returns {(bin: string, args: string[]) => string[]}
 */
function ownerCommand(dir) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return (bin, args) => [bin, ...args];
  const user = process.env.PG_OS_USER ?? 'postgres';
  let uid;
  let gid;
  try {
    uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error(`running as root, and there is no "${user}" OS user to own the cluster (initdb refuses root)`);
  }
  chownSync(dir, uid, gid);
  chmodSync(dir, 0o700);
  return (bin, args) => ['runuser', '-u', user, '--', bin, ...args];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cluster = startCluster({ log: console.log });
  console.log(`postgres (owner):     ${cluster.url('postgres')}`);
  console.log(`authenticator (API):  ${cluster.url('authenticator')}`);
  console.log('Ctrl-C stops it and deletes its files.');
  const end = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
  setInterval(() => {}, 1 << 30);
}
