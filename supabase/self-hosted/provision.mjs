// @ts-check
// Brings a PostgreSQL database to the state a Supabase project is in after `supabase db push`
// (and, when it is new, `--include-seed`): Supabase's roles (bootstrap.sql), the migrations in
// order, each recorded in the CLI's history table so a restart applies only new ones, and
// seed.sql on a database that had no history. Several servers may start at once against one
// database: an advisory lock lets one of them do it while the others wait.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listMigrations, SUPABASE_DIR } from '../project.mjs';

const BOOTSTRAP_SQL = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));
/** Any number of our own; the same one in every server that provisions this database. */
const PROVISION_LOCK = 4_153_020_511;

/**
 * @param {import('postgres').Sql} sql a connection as the database's owner (max: 1, so the
 *   session lock and the statements share it)
 * @param {{ authenticatorPassword: string, supabaseDir?: string, log?: (line: string) => void }} options
 * @returns {Promise<{ applied: string[], seeded: boolean }>}
 */
export async function provisionDatabase(sql, { authenticatorPassword, supabaseDir = SUPABASE_DIR, log = () => {} }) {
  await sql`select pg_advisory_lock(${PROVISION_LOCK})`;
  try {
    const [{ present }] = await sql`select to_regclass('supabase_migrations.schema_migrations') is not null as present`;
    const isNew = !present;
    await sql.unsafe(await readFile(BOOTSTRAP_SQL, 'utf8'));
    // ALTER ROLE takes no bind parameters: format() quotes the password as a literal.
    const [{ statement }] =
      await sql`select format('alter role authenticator with login password %L', ${authenticatorPassword}::text) as statement`;
    await sql.unsafe(statement);

    const rows = await sql`select version from supabase_migrations.schema_migrations`;
    const done = new Set(rows.map((row) => row.version));
    /** @type {string[]} */
    const applied = [];
    for (const migration of await listMigrations(join(supabaseDir, 'migrations'))) {
      if (done.has(migration.version)) continue;
      const text = await readFile(migration.path, 'utf8');
      await sql.begin(async (tx) => {
        await tx.unsafe(text);
        await tx`insert into supabase_migrations.schema_migrations (version, name, statements)
                 values (${migration.version}, ${migration.name}, ${[text]})`;
      });
      log(`applied migration ${migration.version}_${migration.name}`);
      applied.push(migration.version);
    }

    let seeded = false;
    const seed = join(supabaseDir, 'seed.sql');
    if (isNew && existsSync(seed)) {
      const text = await readFile(seed, 'utf8');
      await sql.begin(async (tx) => {
        await tx.unsafe(text);
        await tx`insert into supabase_migrations.seed_files (path, hash)
                 values ('seed.sql', ${createHash('sha256').update(text).digest('hex')})`;
      });
      log('applied seed.sql');
      seeded = true;
    }
    // PostgREST servers already running reload their schema cache.
    if (applied.length > 0) await sql`notify pgrst, 'reload schema'`;
    return { applied, seeded };
  } finally {
    await sql`select pg_advisory_unlock(${PROVISION_LOCK})`;
  }
}
