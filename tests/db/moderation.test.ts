// The moderation tool's two ways in besides the running site (tests/e2e/moderation.spec.ts):
// the embedded database opened directly, and DATABASE_URL (on the real PostgreSQL cluster
// `npm test` starts, when there is one). Also the owner key of the embedded backend's API.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../supabase/embedded/backend.mjs';
import { DEV_ANON_KEY, migratedImage, serve } from './harness';

function moderate(args: string[], env: Record<string, string>, cwd?: string) {
  // npm runs the script in the folder that holds package.json; in another folder, as from there.
  const [command, prefix] = cwd
    ? [process.execPath, [resolve('scripts/moderate.mjs')]]
    : ['npm', ['run', '--silent', 'moderate', '--']];
  return promisify(execFile)(command, [...prefix, ...args], {
    cwd,
    env: { ...process.env, SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '', DATABASE_URL: '', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

describe('the embedded API with the owner key', () => {
  it('runs as service_role: sees and hides rows; the anon key still may not', async () => {
    const serviceKey = 'owner-key-for-this-test';
    const api = await serve(
      await createBackend({
        dataDir: 'memory',
        template: await migratedImage(),
        anonKey: DEV_ANON_KEY,
        rateLimit: 0,
        serviceKey,
      }),
    );
    try {
      const patch = (key: string) =>
        fetch(`${api.url}/rest/v1/posts?id=eq.1`, {
          method: 'PATCH',
          headers: {
            apikey: key,
            Authorization: `Bearer ${key}`,
            'Content-Type': 'application/json',
            Prefer: 'return=representation',
          },
          body: JSON.stringify({ is_hidden: true }),
        });
      expect((await patch(DEV_ANON_KEY)).status).toBe(401);
      const hidden = await patch(serviceKey);
      expect(hidden.status).toBe(200);
      expect(await hidden.json()).toMatchObject([{ id: 1, is_hidden: true }]);
      expect(await (await api.fetch('/rest/v1/posts?id=eq.1&select=id')).json()).toEqual([]);
      // The owner key as apikey with another bearer token is not the owner.
      const mixed = await fetch(`${api.url}/rest/v1/posts?select=id`, {
        headers: { apikey: serviceKey, Authorization: `Bearer ${DEV_ANON_KEY}` },
      });
      expect(mixed.status).toBe(401);
    } finally {
      await api.stop();
    }
  });
});

describe('npm run moderate through a running server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'genesis-moderate-running-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A server on another port that answers like the API and keeps what it was sent. */
  async function startDecoy() {
    const seen: IncomingMessage['headers'][] = [];
    const paths: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      paths.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(req.url?.startsWith('/rest/v1/owner-proof') ? JSON.stringify({ proof: 'made-up' }) : '[]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { port, seen, paths, stop: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('sends the owner key only to the server that holds it, wherever HOST and PORT point', async () => {
    const api = await serve(
      await createBackend({ dataDir, template: await migratedImage(), anonKey: DEV_ANON_KEY, rateLimit: 0 }),
    );
    const decoy = await startDecoy();
    try {
      const key = readFileSync(join(dataDir, 'service-role.key'), 'utf8');
      const carriesKey = (headers: IncomingMessage['headers']) => JSON.stringify(headers).includes(key);

      // HOST:PORT at the decoy: the tool goes where the server recorded it listens.
      const listed = await moderate(['list', 'posts', '--limit', '2'], {
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(decoy.port),
      });
      expect(listed.stderr).toContain(`the running site at ${api.url}`);
      expect(listed.code).toBe(0);
      expect(decoy.seen.filter(carriesKey)).toEqual([]);

      // A record pointing at the decoy (stale, or written by someone else): it is asked for a
      // proof, cannot give one, and never gets the key.
      writeFileSync(join(dataDir, 'server-address'), `http://127.0.0.1:${decoy.port}`);
      const refused = await moderate(['hide', 'posts', '1'], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('does not hold the key');
      expect(decoy.paths.length).toBeGreaterThan(0);
      expect(decoy.seen.filter(carriesKey)).toEqual([]);
      expect(`${refused.stdout}${refused.stderr}`).not.toContain(key);
    } finally {
      await decoy.stop();
      await api.stop();
    }
  }, 60_000);
});

describe('npm run moderate on a database it opens itself', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'genesis-moderate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses clearly where there is no database yet', async () => {
    const result = await moderate(['list', 'posts'], { DATA_DIR: join(dataDir, 'nothing-here') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No embedded database');
  });

  it('reads DATA_DIR and DATABASE_URL from .env, as npm start does', async () => {
    const project = mkdtempSync(join(tmpdir(), 'genesis-moderate-env-'));
    try {
      const missing = join(project, 'data-from-env');
      writeFileSync(join(project, '.env'), `DATA_DIR=${missing}\n`);
      const result = await moderate(['list', 'posts'], {}, project);
      expect(result.stderr).toContain(`No embedded database in ${missing}`);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('lists, hides, exports and unhides in DATA_DIR', async () => {
    const backend = await createBackend({ dataDir, template: await migratedImage(), anonKey: DEV_ANON_KEY });
    await backend.db.query("insert into public.posts (content, author_name) values ($1, 'Tester')", [
      'moderation \u001b[2J test',
    ]);
    await backend.close();

    const listed = await moderate(['list', 'posts', '--limit', '3'], { DATA_DIR: dataDir });
    expect(listed.stderr).toContain(`the embedded database in ${dataDir}`);
    // The escape sequence is shown, not obeyed.
    expect(listed.stdout).toContain('moderation \\u001b[2J test');
    const id = listed.stdout
      .split('\n')
      .find((line) => line.includes('moderation'))!
      .trim()
      .split(/\s+/)[0];

    expect((await moderate(['hide', 'posts', id], { DATA_DIR: dataDir })).stdout).toContain(`Hidden: post ${id}`);
    const json = JSON.parse((await moderate(['export'], { DATA_DIR: dataDir })).stdout);
    expect(json.posts.find((p: { id: number }) => p.id === Number(id))).toMatchObject({
      is_hidden: true,
      author_name: 'Tester',
    });
    expect(json.mota_ideas.length).toBeGreaterThan(0);
    const csv = (await moderate(['export', 'posts', '--format', 'csv'], { DATA_DIR: dataDir })).stdout;
    expect(csv.startsWith('\uFEFFid,created_at,author_name,content,is_hidden\r\n')).toBe(true);
    expect(csv).toContain(`${id},`);
    expect((await moderate(['unhide', 'posts', id], { DATA_DIR: dataDir })).stdout).toContain(
      `Visible again: post ${id}`,
    );
  }, 60_000);
});

const realHost = process.env.POSTGRES_TEST_HOST;
describe.skipIf(!realHost)(
  'npm run moderate with DATABASE_URL (real PostgreSQL; skipped unless npm test started a cluster)',
  () => {
    it('hides and unhides as the project owner', async () => {
      const url = `postgres://postgres@localhost:${process.env.POSTGRES_TEST_PORT}/postgres?host=${encodeURIComponent(realHost!)}`;
      const listed = await moderate(['list', 'ideas', '--limit', '1'], { DATABASE_URL: url });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stderr).toContain('the database at localhost');
      const id = listed.stdout.split('\n')[1].trim().split(/\s+/)[0];
      expect((await moderate(['hide', 'ideas', id], { DATABASE_URL: url })).stdout).toContain(`Hidden: idea ${id}`);
      expect((await moderate(['list', 'ideas', '--hidden'], { DATABASE_URL: url })).stdout).toMatch(
        new RegExp(`^\\s+${id}\\s`, 'm'),
      );
      expect((await moderate(['unhide', 'ideas', id], { DATABASE_URL: url })).stdout).toContain(
        `Visible again: idea ${id}`,
      );
    });

    it('names a database it cannot reach without printing the password', async () => {
      const result = await moderate(['list', 'posts'], {
        DATABASE_URL: 'postgres://postgres:s3cret-pw@127.0.0.1:1/postgres',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('127.0.0.1:1');
      expect(result.stderr).not.toContain('s3cret-pw');
    });
  },
);
