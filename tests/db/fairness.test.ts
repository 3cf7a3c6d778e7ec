// One client's heavy or numerous reads must not stall the embedded API for everyone: the
// database is one connection, so requests take turns by client, a client may only have so
// many waiting, and a statement that runs past its deadline is stopped. Statements are made
// slow on purpose (a row policy that sleeps per row, added as the owner), so nothing here
// depends on how fast the machine is: what is checked is who is answered, in what order, and
// with what.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createLimitedServer } from '../../server/server-limits.mjs';
import { createBackend } from '../../supabase/embedded/backend.mjs';
import { UnusableDataDirError } from '../../supabase/embedded/database.mjs';
import { DEV_ANON_KEY, startBackend, type RunningBackend } from './harness';

let api: RunningBackend;
/** Requests the backend has taken in (each GET is queued before its handler first waits). */
let arrived = 0;
/** What the backend logged. */
const logged: string[] = [];

beforeAll(async () => {
  api = await startBackend({ rateLimit: 0, log: (line) => logged.push(line) });
  const handle = api.backend.handle;
  api.backend.handle = (req, res) => {
    arrived += 1;
    return handle(req, res);
  };
});
afterAll(() => api?.stop());

/** A read of the forum's first page as the client at `address`; resolves with what came back. */
function read(address: string) {
  return api
    .fetch('/rest/v1/posts?select=id,content&order=created_at.desc&limit=20', {
      headers: { 'x-forwarded-for': address },
    })
    .then(async (response) => ({
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.json(),
    }));
}

/** Resolves once `count` more requests than `before` have reached the backend. */
async function arrivals(before: number, count: number) {
  while (arrived < before + count) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Every visible post costs `seconds` to read, as the anonymous role, until the returned undo. */
async function slowPosts(seconds: number) {
  await api.backend.db.exec(
    `create policy slow_read on public.posts as restrictive for select to anon using (pg_sleep(${seconds}) is not null)`,
  );
  return () => api.backend.db.exec('drop policy slow_read on public.posts');
}

/**
 * Holds the database in an owner's transaction until released: requests sent meanwhile wait
 * their turn, and the order they are answered in is the scheduler's.
 */
async function holdDatabase() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = () => {};
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = api.backend.db.transaction(async (tx) => {
    await tx.query('select 1');
    held();
    await gate;
  });
  await holding;
  return async () => {
    release();
    await done;
  };
}

describe('turns between clients', () => {
  it("one client's backlog does not hold another client's read behind all of it", async () => {
    const release = await holdDatabase();
    const order: string[] = [];
    const before = arrived;
    const backlog = Array.from({ length: 6 }, (_, i) =>
      read('203.0.113.1').then((answer) => (order.push(`a${i + 1}`), answer)),
    );
    await arrivals(before, 6);
    const other = read('198.51.100.2').then((answer) => (order.push('b'), answer));
    await arrivals(before, 7);
    await release();
    const answers = await Promise.all([...backlog, other]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(7).fill(200));
    // Answered after at most the backlog's first request (already at the database) and the
    // next: in arrival order it would be seventh.
    expect(order.indexOf('b')).toBeLessThanOrEqual(2);
  });

  it('a client with too many requests waiting is turned away with 429, and others are not', async () => {
    const release = await holdDatabase();
    const before = arrived;
    const allowed = Array.from({ length: 16 }, () => read('203.0.113.3'));
    await arrivals(before, 16);
    const refused = await read('203.0.113.3');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('1');
    expect(refused.body).toMatchObject({ code: 'PT429', message: expect.stringMatching(/too many requests/i) });
    const other = read('198.51.100.4');
    await release();
    expect((await Promise.all(allowed)).map((answer) => answer.status)).toEqual(Array(16).fill(200));
    expect((await other).status).toBe(200);
    // Once answered, the client may send again.
    expect((await read('203.0.113.3')).status).toBe(200);
  });
});

describe('the statement deadline', () => {
  it('stops a read that runs past it with PostgreSQL statement timeout, logs it, and the API answers afterwards', async () => {
    await api.backend.db.query("insert into public.posts (content, author_name) values ('kept across a restart', 'T')");
    // Eight visible posts at two seconds each: sixteen seconds, far past the deadline.
    const fast = await slowPosts(2);
    const stopped = await read('203.0.113.5');
    expect(stopped.status).toBe(500);
    expect(stopped.body).toEqual({
      code: '57014',
      message: 'canceling statement due to statement timeout',
      details: null,
      hint: null,
    });
    // A second stop in a row, and the client is turned away for a while, so it cannot make
    // everyone wait for a reopen again and again.
    expect((await read('203.0.113.5')).status).toBe(500);
    const paused = await read('203.0.113.5');
    expect(paused.status).toBe(429);
    expect(paused.body).toMatchObject({ code: 'PT429' });
    expect(Number(paused.retryAfter)).toBeGreaterThan(0);
    await fast();
    expect(logged).toContainEqual(expect.stringMatching(/stopped a statement past its deadline \(203\.0\.113\.5's/));
    const after = await read('198.51.100.5');
    expect(after.status).toBe(200);
    expect(after.body.map((post: { content: string }) => post.content)).toContain('kept across a restart');
  });
});

describe('a request handed to the database behind a statement that is stopped', () => {
  /**
   * Sends `readPath` as one client, then a post as another, and resolves once both are handed
   * to the database (the post waits at its thread, not in the queue).
   */
  async function readThenPost(readPath: string, content: string) {
    const before = arrived;
    const reading = api.fetch(readPath, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    await arrivals(before, 1);
    const posting = api.fetch('/rest/v1/posts', {
      method: 'POST',
      headers: { 'x-forwarded-for': '198.51.100.9', 'Content-Type': 'application/json' },
      body: JSON.stringify({ content, author_name: 'Behind' }),
    });
    await arrivals(before, 2);
    while (api.backend.queue.waiting > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    return { reading, posting };
  }

  /** How many posts hold `content`. */
  async function stored(content: string) {
    const { rows } = await api.backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.posts where content = $1',
      [content],
    );
    return rows[0].n;
  }

  it('runs once the database is back: a write is stored once, neither lost nor run twice', async () => {
    const fast = await slowPosts(2);
    try {
      const { reading, posting } = await readThenPost(
        '/rest/v1/posts?select=id&order=created_at.desc&limit=20',
        'waited behind a stopped read',
      );
      expect((await reading).status).toBe(500);
      expect((await posting).status).toBe(201);
    } finally {
      await fast();
    }
    expect(await stored('waited behind a stopped read')).toBe(1);
  });

  it('is not sent again when the statement before it finished as its deadline came, so a write is stored once', async () => {
    const { rows: newest } = await api.backend.db.query<{ id: number }>(
      'select id from public.posts order by id desc limit 1',
    );
    const fast = await slowPosts(0.3);
    try {
      const { reading, posting } = await readThenPost(
        `/rest/v1/posts?select=id&id=eq.${newest[0].id}`,
        'sent beside a read that just made it',
      );
      // The read has started (its deadline is set, 500 ms with the write waiting). This thread
      // is then kept busy past it while the database finishes the read and the write: the
      // deadline's check runs before their answers are read, and finds the read already done.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          const until = performance.now() + 2000;
          while (performance.now() < until);
          resolve();
        }),
      );
      expect((await reading).status).toBe(200);
      expect((await posting).status).toBe(201);
    } finally {
      await fast();
    }
    expect(await stored('sent beside a read that just made it')).toBe(1);
  });
});

describe('a request waiting for its turn', () => {
  /** The backend behind `npm start`'s server, with a short idle deadline. */
  async function limitedServer(idleMs: number) {
    const server = createLimitedServer(
      async (req, res) => {
        arrived += 1;
        if (!(await api.backend.handle(req, res))) res.writeHead(404).end();
      },
      { idleMs },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      connections: () => new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count))),
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  const headers = { apikey: DEV_ANON_KEY, Authorization: `Bearer ${DEV_ANON_KEY}`, 'Content-Type': 'application/json' };

  it('is not closed as idle while it waits, however long the wait', async () => {
    const server = await limitedServer(200);
    try {
      const release = await holdDatabase();
      const before = arrived;
      const answer = fetch(`${server.url}/rest/v1/posts?select=id&limit=1`, { headers });
      await arrivals(before, 1);
      // Three idle deadlines pass while the request waits for the database.
      await new Promise((resolve) => setTimeout(resolve, 600));
      await release();
      expect((await answer).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('is skipped when its client has gone before its turn, so a write the client saw fail is not stored', async () => {
    const server = await limitedServer(30_000);
    try {
      const release = await holdDatabase();
      const before = arrived;
      // Two other clients' reads are handed to the database first (they wait at the held
      // database), as many as it takes at once.
      const first = [read('198.51.100.6'), read('198.51.100.7')];
      await arrivals(before, 2);
      const gone = new AbortController();
      const sent = fetch(`${server.url}/rest/v1/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: 'sent by a client that hung up', author_name: 'Gone' }),
        signal: gone.signal,
      }).catch((error: Error) => error.name);
      // The write is in the queue, behind the reads.
      while (api.backend.queue.waiting < 1) await new Promise((resolve) => setTimeout(resolve, 5));
      gone.abort();
      expect(await sent).toBe('AbortError');
      while ((await server.connections()) > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await release();
      expect((await Promise.all(first)).map((answer) => answer.status)).toEqual([200, 200]);
      await api.backend.queue.drain();
      const { rows } = await api.backend.db.query(
        "select count(*)::int as n from public.posts where content = 'sent by a client that hung up'",
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await server.close();
    }
  });
});

describe('the database thread', () => {
  it("reports a folder it cannot use with openDatabase's own error class (npm start prints its message)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedded-backend-foreign-'));
    try {
      writeFileSync(join(dir, 'notes.txt'), 'not a database');
      await expect(createBackend({ dataDir: dir })).rejects.toBeInstanceOf(UnusableDataDirError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
