// Concurrency and persistence: parallel writers lose nothing; a restart keeps every row,
// applies no migration twice and never seeds twice; only new migrations are applied.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../supabase/embedded/backend.mjs';
import { openDatabase } from '../../supabase/embedded/database.mjs';
import { listMigrations, SUPABASE_DIR } from '../../supabase/project.mjs';
import { DEV_ANON_KEY, migratedImage, serve, startBackend, tableCounts } from './harness';

const temporary: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'genesis-db-test-'));
  temporary.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('200 concurrent inserts from parallel clients', () => {
  it('are all present, none duplicated', async () => {
    // Each client has its own address, so the default rate limit (5) stays in force.
    const api = await startBackend();
    try {
      const before = await tableCounts(api.backend);
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          api
            .client(`10.0.${Math.floor(i / 250)}.${i % 250}`)
            .from('posts')
            .insert({ content: `parallel ${i}` }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(200).fill(201));
      const { rows } = await api.backend.db.query<{ content: string; n: number }>(
        "select content, count(*)::int as n from public.posts where content like 'parallel %' group by content",
      );
      expect(rows).toHaveLength(200);
      expect(rows.every((row) => row.n === 1)).toBe(true);
      expect((await tableCounts(api.backend)).posts).toBe(before.posts + 200);
      const ids = await api.backend.db.query<{ distinct_ids: number; total: number }>(
        'select count(distinct id)::int as distinct_ids, count(*)::int as total from public.posts',
      );
      expect(ids.rows[0].distinct_ids).toBe(ids.rows[0].total);
    } finally {
      await api.stop();
    }
  });
});

async function countRows(db: PGlite) {
  const { rows } = await db.query<{ posts: number; ideas: number }>(
    'select (select count(*)::int from public.posts) as posts, (select count(*)::int from public.mota_ideas) as ideas',
  );
  return rows[0];
}

describe('restart with the same DATA_DIR', () => {
  it('keeps every row, re-runs no migration and does not seed again', async () => {
    const dataDir = await tempDir();
    const firstLog: string[] = [];
    const first = await startBackend({ dataDir, log: (line) => firstLog.push(line) });
    // Started from the shared image: already migrated and seeded, nothing to apply.
    expect(firstLog).toEqual([]);
    const { status } = await first
      .client('192.0.2.1')
      .from('mota_ideas')
      .insert({ issue: 'kept', mitigation: 'across restarts' });
    expect(status).toBe(201);
    const before = await tableCounts(first.backend);
    await first.stop();

    const secondLog: string[] = [];
    const second = await serve(
      await createBackend({ dataDir, anonKey: DEV_ANON_KEY, log: (line) => secondLog.push(line) }),
    );
    try {
      expect(secondLog).toEqual([]);
      expect(await tableCounts(second.backend)).toEqual(before);
      const { data } = await second.client().from('mota_ideas').select('mitigation').eq('issue', 'kept');
      expect(data).toEqual([{ mitigation: 'across restarts' }]);
      const history = await second.backend.db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      const files = await listMigrations(join(SUPABASE_DIR, 'migrations'));
      expect(history.rows.map((r) => r.version)).toEqual(files.map((f) => f.version));
      const seeds = await second.backend.db.query<{ n: number }>(
        'select count(*)::int as n from supabase_migrations.seed_files',
      );
      expect(seeds.rows[0].n).toBe(1);
    } finally {
      await second.stop();
    }
  });

  it('applies only migrations it has not seen, in order, and seeds only a new database', async () => {
    const supabaseDir = await tempDir();
    await cp(join(SUPABASE_DIR, 'migrations'), join(supabaseDir, 'migrations'), { recursive: true });
    await cp(join(SUPABASE_DIR, 'seed.sql'), join(supabaseDir, 'seed.sql'));
    const dataDir = await tempDir();

    const opened = await openDatabase({ dataDir, template: await migratedImage(), supabaseDir });
    expect(opened.applied).toEqual([]);
    expect(opened.seeded).toBe(false);
    const seededCounts = await countRows(opened.db);
    expect(seededCounts.posts).toBeGreaterThan(0);
    await opened.db.close();

    await writeFile(
      join(supabaseDir, 'migrations', '29991231000000_reader_notes.sql'),
      'create table public.reader_notes (id bigint generated always as identity primary key, note text);',
    );
    const reopened = await openDatabase({ dataDir, supabaseDir });
    try {
      expect(reopened.applied).toEqual(['29991231000000']);
      expect(reopened.seeded).toBe(false);
      expect(await countRows(reopened.db)).toEqual(seededCounts);
    } finally {
      await reopened.db.close();
    }
    const again = await openDatabase({ dataDir, supabaseDir });
    expect(again.applied).toEqual([]);
    await again.db.close();
  });

  it('refuses a folder another running process has open, and takes it over at once after kill -9', async () => {
    const dataDir = await tempDir();
    // Made here first, so the child only opens it.
    const made = await openDatabase({ dataDir, template: await migratedImage() });
    await made.db.close();
    await made.release();
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { openDatabase } = await import(${JSON.stringify(new URL('../../supabase/embedded/database.mjs', import.meta.url).href)});
         await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
         console.log('open');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (data: Buffer) => data.toString().includes('open') && resolve());
        holder.once('exit', (code) => reject(new Error(`the holding process ended (${code})`)));
      });
      await expect(openDatabase({ dataDir })).rejects.toThrow(new RegExp(`in use by process ${holder.pid}`));
    } finally {
      const ended = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await ended;
    }
    // The dead holder's id may belong to a live process by now (here, the test runner's
    // parent): the lock does not depend on it.
    await writeFile(join(dataDir, 'embedded-backend.pid'), String(process.ppid));
    const opened = await openDatabase({ dataDir });
    await opened.db.close();
    await opened.release();
    // A second process starts and opens a database: more than the usual test's time.
  }, 120_000);

  it('a failing migration is not recorded and leaves nothing half-done', async () => {
    const supabaseDir = await tempDir();
    await cp(join(SUPABASE_DIR, 'migrations'), join(supabaseDir, 'migrations'), { recursive: true });
    await writeFile(
      join(supabaseDir, 'migrations', '29991231000000_broken.sql'),
      'create table public.half_done (id int); select no_such_function();',
    );
    const dataDir = await tempDir();
    await expect(openDatabase({ dataDir, template: await migratedImage(), supabaseDir })).rejects.toThrow(
      /no_such_function/,
    );
    const { db } = await openDatabase({ dataDir, supabaseDir: SUPABASE_DIR });
    try {
      const { rows } = await db.query<{ present: boolean }>(
        "select to_regclass('public.half_done') is not null as present",
      );
      expect(rows[0].present).toBe(false);
    } finally {
      await db.close();
    }
  });
});
