// A damaged DATA_DIR is never served: each kind of damage to a stopped database folder makes
// opening fail with a message that names the folder and says what to do, and nothing is
// initialised over it. Also: the folder is private to its user, a crash of the server process
// loses no committed row and raises no false alarm, and a database error met while serving is
// logged with the request and answered without file paths.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, open, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackend } from '../../supabase/embedded/backend.mjs';
import { openDatabase } from '../../supabase/embedded/database.mjs';
import { DEV_ANON_KEY, migratedImage, serve } from './harness';

const temporary: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'genesis-data-dir-'));
  temporary.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A stopped database with 600 posts beyond the seed, and where its files are. */
let base = '';
let postsFile = '';
let searchIndexFile = '';
let pageOrderIndexFile = '';
let postsToastFile = '';
const POSTS = 600;

beforeAll(async () => {
  base = join(await tempDir(), 'data');
  const { db, release } = await openDatabase({ dataDir: base, template: await migratedImage() });
  await db.query(
    `insert into public.posts (content, author_name)
     select 'post number ' || g || repeat(' and some more words', 10), 'tester' from generate_series(1, $1::int) g`,
    [POSTS],
  );
  // One post too long and too varied to compress, so its text lives in the posts' TOAST table.
  await db.query(
    `insert into public.posts (content, author_name)
     select string_agg(chr(19968 + (g * 7919) % 20000), ''), 'tester' from generate_series(1, 2000) g`,
  );
  const { rows } = await db.query<{ heap: string; index: string; order: string; toast: string }>(
    `select pg_relation_filepath('public.posts') as heap,
            pg_relation_filepath('public.mota_ideas_search_idx') as index,
            pg_relation_filepath('public.posts_created_at_idx') as order,
            pg_relation_filepath(reltoastrelid) as toast
       from pg_class where oid = 'public.posts'::regclass`,
  );
  postsFile = rows[0].heap;
  searchIndexFile = rows[0].index;
  pageOrderIndexFile = rows[0].order;
  postsToastFile = rows[0].toast;
  await db.close();
  await release();
});

async function copyOfBase() {
  const dir = join(await tempDir(), 'data');
  await cp(base, dir, { recursive: true });
  return dir;
}

async function listing(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(
    entries.map(async (e) => {
      const path = join(e.parentPath, e.name);
      return `${path.slice(dir.length)} ${e.isFile() ? (await stat(path)).size : 'dir'}`;
    }),
  );
  return sizes.sort();
}

const damages: [string, (dir: string) => Promise<unknown>][] = [
  ['PG_VERSION removed', (dir) => rm(join(dir, 'PG_VERSION'))],
  [
    'a folder of something else',
    async (dir) => {
      await rm(dir, { recursive: true });
      await mkdir(dir);
      await writeFile(join(dir, 'notes.txt'), 'not a database');
    },
  ],
  ['the posts heap emptied', (dir) => truncate(join(dir, postsFile), 0)],
  [
    'the posts heap cut in half',
    async (dir) => {
      const { size } = await stat(join(dir, postsFile));
      await truncate(join(dir, postsFile), Math.floor(size / 8192 / 2) * 8192);
    },
  ],
  [
    'the posts heap cut mid-page',
    async (dir) => {
      const { size } = await stat(join(dir, postsFile));
      await truncate(join(dir, postsFile), size - 100);
    },
  ],
  ['pg_control zeroed', (dir) => writeFile(join(dir, 'global', 'pg_control'), Buffer.alloc(8192))],
  [
    'the WAL deleted',
    async (dir) => {
      for (const name of await readdir(join(dir, 'pg_wal')))
        if (/^[0-9A-F]{24}$/.test(name)) await rm(join(dir, 'pg_wal', name));
    },
  ],
  ['pg_xact emptied', (dir) => truncate(join(dir, 'pg_xact', '0000'), 0)],
  ['pg_filenode.map zeroed', (dir) => writeFile(join(dir, 'global', 'pg_filenode.map'), Buffer.alloc(512))],
  ['the catalogue pg_class emptied', (dir) => truncate(join(dir, postsFile.replace(/\d+$/, '1259')), 0)],
  // Only a search or an insert reads the registry's search index; only a page reads the order.
  ['the registry search index emptied', (dir) => truncate(join(dir, searchIndexFile), 0)],
  [
    "the forum's page-order index overwritten",
    async (dir) => {
      const { size } = await stat(join(dir, pageOrderIndexFile));
      const file = await open(join(dir, pageOrderIndexFile), 'r+');
      await file.write(Buffer.alloc(size - 8192, 0x5a), 0, size - 8192, 8192);
      await file.close();
    },
  ],
];

describe('a damaged DATA_DIR', () => {
  it.each(damages)(
    '%s: opening fails, names the folder and what to do, and changes nothing in it',
    async (_name, damage) => {
      const dir = await copyOfBase();
      await damage(dir);
      const before = await listing(dir);
      const printed: string[] = [];
      const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
        printed.push(String(chunk));
        return true;
      });
      let error: unknown;
      try {
        const opened = await openDatabase({ dataDir: dir, template: await migratedImage() });
        const { rows } = await opened.db.query<{ n: number }>('select count(*)::int as n from public.posts');
        await opened.db.close();
        await opened.release();
        error = new Error(`opened and served ${rows[0].n} posts`);
      } catch (caught) {
        error = caught;
      } finally {
        write.mockRestore();
      }
      expect(error).toBeInstanceOf(Error);
      const message = (error as Error).message;
      expect(message).toContain(dir);
      expect(message).toMatch(/restore it from a backup/i);
      expect(message).toMatch(/move it aside/i);
      // Postgres's reason, not the WebAssembly build's minified source.
      expect(message.length).toBeLessThan(800);
      expect(printed.join('')).not.toMatch(/Aborted\(\)|function\(/);
      // Nothing initialised, migrated or seeded over it. Postgres's own start-up bookkeeping may
      // come and go (its pid file, the relation caches it rebuilds), and so does our lock file.
      const data = (lines: string[]) =>
        lines.filter((line) => !/postmaster\.pid|pg_internal\.init|embedded-backend\.pid/.test(line));
      expect(data(await listing(dir))).toEqual(data(before));
    },
    60_000,
  );

  it('an empty folder, or one holding only the backend’s own files, becomes a new database', async () => {
    const dir = join(await tempDir(), 'data');
    await mkdir(dir);
    await writeFile(join(dir, 'service-role.key'), 'left by a server that crashed');
    const opened = await openDatabase({ dataDir: dir, template: await migratedImage() });
    const { rows } = await opened.db.query<{ n: number }>('select count(*)::int as n from public.posts');
    expect(rows[0].n).toBeGreaterThan(0);
    await opened.db.close();
    await opened.release();
  });

  it('the undamaged copy opens with every post', async () => {
    const opened = await openDatabase({ dataDir: await copyOfBase() });
    const { rows } = await opened.db.query<{ n: number }>('select count(*)::int as n from public.posts');
    expect(rows[0].n).toBeGreaterThan(POSTS);
    await opened.db.close();
    await opened.release();
  });
});

describe('a server process killed mid-work (kill -9)', () => {
  it('loses no committed post and the next start passes the consistency check', async () => {
    const dir = await copyOfBase();
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { openDatabase } = await import(${JSON.stringify(new URL('../../supabase/embedded/database.mjs', import.meta.url).href)});
         const { db } = await openDatabase({ dataDir: ${JSON.stringify(dir)} });
         for (let i = 0; i < 50; i++) await db.query("insert into public.posts (content) values ('before the crash ' || $1)", [i]);
         process.stdout.write('committed\\n');
         setInterval(() => db.query("insert into public.posts (content) values ('during the crash')"), 1);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => String(chunk).includes('committed') && resolve());
      child.on('exit', (code) => reject(new Error(`the writer exited (${code}) before committing`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const opened = await openDatabase({ dataDir: dir });
    try {
      const { rows } = await opened.db.query<{ before: number; visible: number; kept: number }>(
        `select (select count(*)::int from public.posts where content like 'before the crash %') as before,
                (select count(*)::int from public.posts where not is_hidden) as visible,
                (select visible::int from private.visible_totals where table_name = 'posts') as kept`,
      );
      expect(rows[0].before).toBe(50);
      expect(rows[0].kept).toBe(rows[0].visible);
    } finally {
      await opened.db.close();
      await opened.release();
    }
  }, 60_000);
});

describe('who may read DATA_DIR', () => {
  it('only its owner: the folder is 0700 and no file in it is open to group or others, new WAL included', async () => {
    const dir = join(await tempDir(), 'data');
    const backend = await createBackend({ dataDir: dir, template: await migratedImage(), anonKey: DEV_ANON_KEY });
    const api = await serve(backend);
    try {
      await backend.db.query(
        "insert into public.posts (content) select 'mode check ' || g from generate_series(1, 200) g",
      );
      await backend.db.query('select pg_switch_wal()');
      await backend.db.query('checkpoint');
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      const open: string[] = [];
      for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
        const path = join(entry.parentPath, entry.name);
        const { mode } = await stat(path);
        if (mode & 0o077) open.push(`${path.slice(dir.length)} ${(mode & 0o777).toString(8)}`);
      }
      expect(open).toEqual([]);
    } finally {
      await api.stop();
    }
  });
});

describe('a database error while serving', () => {
  it('is logged with the request (no query string) and answered 500 without file paths', async () => {
    // A long post's text, kept out of line: only a read of that text reaches it, so the
    // start-up checks (which count rows and walk the indexes) do not.
    const dir = await copyOfBase();
    await truncate(join(dir, postsToastFile), 0);
    const api = await serve(await createBackend({ dataDir: dir, anonKey: DEV_ANON_KEY }));
    const logged: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => {
      logged.push(args.map(String).join(' '));
    });
    try {
      const response = await api.fetch('/rest/v1/posts?select=id,content&author_name=neq.secret&order=id.desc');
      const body = await response.text();
      expect(response.status).toBe(500);
      expect(body).not.toMatch(/base\/|global\/|pg_|\/tmp|file/i);
      expect(JSON.parse(body)).toMatchObject({ code: expect.stringMatching(/^(XX|58)/) });
      expect(logged.join('\n')).toMatch(/GET \/rest\/v1\/posts\b.*(XX|58)\d{3}/);
      expect(logged.join('\n')).not.toContain('secret');
    } finally {
      error.mockRestore();
      await api.stop();
    }
  });
});
