// The embedded backend's scheduler (supabase/embedded/queue.mjs) and the client a request counts
// against (client-bucket.mjs): turns between clients, and the bounds on what may wait.
import { describe, expect, it } from 'vitest';
import { clientBucket } from '../../supabase/gateway/client-bucket.mjs';
import {
  ClientBusyError,
  ClientPausedError,
  FairQueue,
  QueueFullError,
  RequestGoneError,
  STOP_PAUSE,
} from '../../supabase/embedded/queue.mjs';

/** A job that runs until released, recording when it started. */
function gatedJob(log: string[], name: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    job: async () => {
      log.push(name);
      await gate;
      return name;
    },
    release: () => release(),
  };
}

/** The most jobs the queue ran at once over 30 jobs from four clients. */
async function mostAtOnce(queue: FairQueue) {
  let running = 0;
  let most = 0;
  const job = async () => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setImmediate(resolve));
    running -= 1;
  };
  await Promise.all(Array.from({ length: 30 }, (_, i) => queue.run(`client ${i % 4}`, job)));
  return most;
}

describe('FairQueue', () => {
  it('runs one job at a time, and a client with a backlog takes turns with the others', async () => {
    const queue = new FairQueue({ maxWaiting: 100, maxPerClient: 10 });
    const started: string[] = [];
    const jobs = [
      ['a', 'a1'],
      ['a', 'a2'],
      ['a', 'a3'],
      ['a', 'a4'],
      ['b', 'b1'],
      ['c', 'c1'],
      ['b', 'b2'],
    ].map(([client, name]) => ({ client, ...gatedJob(started, name) }));
    const answers = jobs.map(({ client, job }) => queue.run(client, job));
    expect(queue.waiting).toBe(6);
    for (const { release } of jobs) release();
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'c1', 'b2']);
    // In arrival order, b1 and c1 would wait behind all of a's backlog.
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
    await queue.drain();
    expect(queue.waiting).toBe(0);
  });

  it('never runs two jobs at once', async () => {
    expect(await mostAtOnce(new FairQueue({ maxWaiting: 100, maxPerClient: 100 }))).toBe(1);
  });

  it('turns a client away beyond its bound (the running job counts), and not the others', async () => {
    const queue = new FairQueue({ maxWaiting: 100, maxPerClient: 3 });
    const started: string[] = [];
    const held = ['a1', 'a2', 'a3'].map((name) => gatedJob(started, name));
    const answers = held.map(({ job }) => queue.run('a', job));
    await expect(queue.run('a', async () => 'a4')).rejects.toBeInstanceOf(ClientBusyError);
    const other = queue.run('b', async () => 'b1');
    for (const { release } of held) release();
    expect(await Promise.all([...answers, other])).toEqual(['a1', 'a2', 'a3', 'b1']);
    // Answered jobs free the client's room.
    expect(await queue.run('a', async () => 'a5')).toBe('a5');
  });

  it('turns everyone away when too many jobs wait in all', async () => {
    const queue = new FairQueue({ maxWaiting: 2, maxPerClient: 10 });
    const first = gatedJob([], 'first');
    const running = queue.run('a', first.job);
    const waiting = [queue.run('b', async () => 'b'), queue.run('c', async () => 'c')];
    await expect(queue.run('d', async () => 'd')).rejects.toBeInstanceOf(QueueFullError);
    first.release();
    expect(await Promise.all([running, ...waiting])).toEqual(['first', 'b', 'c']);
  });

  it('a job that throws is answered with its error and the next one runs', async () => {
    const queue = new FairQueue({ maxWaiting: 10, maxPerClient: 10 });
    const failing = queue.run('a', () => {
      throw new Error('no');
    });
    await expect(failing).rejects.toThrow('no');
    expect(await queue.run('a', async () => 'next')).toBe('next');
  });

  it('hands over as many jobs as the database takes at once, the next while one runs, and no more', async () => {
    const queue = new FairQueue({ maxWaiting: 100, maxPerClient: 100, atOnce: 2 });
    const started: string[] = [];
    const jobs = ['a1', 'b1', 'c1'].map((name) => ({ client: name[0], ...gatedJob(started, name) }));
    const answers = jobs.map(({ client, job }) => queue.run(client, job));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'b1']);
    expect(queue.waiting).toBe(1);
    jobs[0].release();
    await answers[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'b1', 'c1']);
    jobs[1].release();
    jobs[2].release();
    expect(await Promise.all(answers)).toEqual(['a1', 'b1', 'c1']);
    expect(await mostAtOnce(queue)).toBe(2);
    await queue.drain();
    expect(queue.waiting).toBe(0);
  });

  it('a job handed over behind another is remembered by the time it reports holding the database, not by its wait', async () => {
    let now = 0;
    const queue = new FairQueue({ maxWaiting: 10, maxPerClient: 10, atOnce: 2, clock: () => now });
    // A heavy read holds the database for 600 ms while a list waits behind it at the database,
    // then takes 5 ms of its own.
    const heavy = gatedJob([], 'h1');
    const handed = [
      queue.run('h', heavy.job, 'heavy read'),
      queue.run(
        'z',
        async (held) => {
          await heavy.job();
          held(5);
          return 'z1';
        },
        'list',
      ),
    ];
    now += 600;
    heavy.release();
    await Promise.all(handed);
    await queue.drain();
    // Remembered by its 600 ms from start to end, the list would now go after the heavy reads.
    const started: string[] = [];
    const holders = [gatedJob(started, 'x1'), gatedJob(started, 'x2')];
    const answers = [
      ...holders.map((holder, i) => queue.run(`x${i}`, holder.job)),
      queue.run('b', async () => (started.push('b1'), (now += 500)), 'heavy read'),
      queue.run('c', async () => (started.push('c1'), (now += 500)), 'heavy read'),
      queue.run('y', async () => (started.push('y1'), (now += 5)), 'list'),
    ];
    for (const holder of holders) holder.release();
    await Promise.all(answers);
    expect(started.slice(2)).toEqual(['y1', 'b1', 'c1']);
  });

  it('within a turn, a kind of job that took long last time goes after the others', async () => {
    let now = 0;
    const queue = new FairQueue({ maxWaiting: 10, maxPerClient: 10, clock: () => now });
    const slowly = async (name: string) => {
      now += 600;
      return name;
    };
    expect(await queue.run('a', () => slowly('a1'), 'heavy read')).toBe('a1');
    const started: string[] = [];
    const first = gatedJob(started, 'z1');
    const answers = [
      queue.run('z', first.job, 'list'),
      queue.run('b', () => (started.push('b1'), slowly('b1')), 'heavy read'),
      queue.run('c', () => (started.push('c1'), slowly('c1')), 'heavy read'),
      queue.run('d', async () => (started.push('d1'), 'd1'), 'list'),
      // A later turn still waits for its turn, however quick its kind.
      queue.run('z', async () => (started.push('z2'), 'z2'), 'list'),
    ];
    first.release();
    await Promise.all(answers);
    expect(started).toEqual(['z1', 'd1', 'b1', 'c1', 'z2']);
  });

  it('times a job from when the database is ready, so a quick job that waited out a reopen stays quick', async () => {
    let now = 0;
    let reopened = () => {};
    let reopening: Promise<void> | undefined;
    const queue = new FairQueue({ maxWaiting: 10, maxPerClient: 10, clock: () => now, ready: () => reopening });
    // A heavy read is stopped; the database takes 600 ms to come back, and a job that reaches for
    // it meanwhile waits (as every request's statements do).
    const database = () => reopening ?? Promise.resolve();
    await queue.run(
      'a',
      async () => {
        now += 500;
        reopening = new Promise<void>((resolve) => (reopened = resolve)).then(() => (reopening = undefined));
      },
      'heavy read',
    );
    await queue.drain();
    const started: string[] = [];
    const list = queue.run('z', async () => (await database(), started.push('z1'), (now += 5)), 'list');
    now += 600;
    reopened();
    await list;
    await queue.drain();
    // Timed from before the reopen, the list would now count as slow and go after the heavy reads.
    const holder = gatedJob(started, 'x1');
    const answers = [
      queue.run('x', holder.job),
      queue.run('b', async () => (started.push('b1'), (now += 500)), 'heavy read'),
      queue.run('c', async () => (started.push('c1'), (now += 500)), 'heavy read'),
      queue.run('y', async () => (started.push('y1'), (now += 5)), 'list'),
    ];
    holder.release();
    await Promise.all(answers);
    expect(started).toEqual(['z1', 'x1', 'y1', 'b1', 'c1']);
  });

  it("a page's two requests at once are answered within a few turns beside two clients sending back to back", async () => {
    const queue = new FairQueue({ maxWaiting: 100, maxPerClient: 10 });
    const started: string[] = [];
    const work = () => new Promise((resolve) => setImmediate(resolve));
    // Each busy client sends its next request as soon as the last is answered, which over
    // HTTP is after the queue has chosen what runs next; 100 requests each.
    const busy = async (client: string) => {
      for (let i = 0; i < 100; i += 1) {
        await queue.run(client, async () => (started.push(client), work()));
        await work();
      }
    };
    const loops = [busy('a'), busy('b')];
    while (started.length < 10) await work();
    const from = started.length;
    const page = ['list', 'totals'].map((name) => queue.run('v', async () => (started.push(name), work())));
    await Promise.all([...loops, ...page]);
    // Each busy client gets a turn or two beside the page's two requests; starved, the second
    // would wait for all the busy clients' requests.
    expect(started.indexOf('totals') - from).toBeLessThanOrEqual(5);
  });

  it('turns a client away after stops of its own, longer for each stop in a row, and not the others', async () => {
    let now = 0;
    const queue = new FairQueue({ maxWaiting: 10, maxPerClient: 10, clock: () => now });
    // A first stop is forgiven; the second in a row is not.
    expect(queue.chargeStop('a')).toBe(0);
    expect(await queue.run('a', async () => 'a0')).toBe('a0');
    expect(queue.chargeStop('a')).toBe(STOP_PAUSE.firstMs);
    await expect(queue.run('a', async () => 'a1')).rejects.toBeInstanceOf(ClientPausedError);
    expect(await queue.run('b', async () => 'b1')).toBe('b1');
    now += STOP_PAUSE.firstMs;
    expect(await queue.run('a', async () => 'a2')).toBe('a2');
    expect(queue.chargeStop('a')).toBe(STOP_PAUSE.firstMs * 2);
    expect(queue.chargeStop('a')).toBe(STOP_PAUSE.firstMs * 4);
    for (let i = 0; i < 10; i += 1) queue.chargeStop('a');
    expect(queue.pausedFor('a')).toBe(STOP_PAUSE.longestMs);
    // Quiet for long enough, a client starts again from a forgiven stop.
    now += STOP_PAUSE.rememberedMs;
    expect(queue.pausedFor('a')).toBe(0);
    expect(queue.chargeStop('a')).toBe(0);
  });

  it('skips a job whose request is gone before its turn', async () => {
    const queue = new FairQueue({ maxWaiting: 10, maxPerClient: 10 });
    const first = gatedJob([], 'a1');
    const running = queue.run('a', first.job);
    const gone = new AbortController();
    let ran = false;
    const skipped = queue.run('b', async () => (ran = true), '', gone.signal);
    gone.abort();
    first.release();
    await expect(skipped).rejects.toBeInstanceOf(RequestGoneError);
    expect(await running).toBe('a1');
    expect(ran).toBe(false);
    expect(await queue.run('b', async () => 'b2')).toBe('b2');
  });

  it('tells a running job whether another client is waiting', async () => {
    const queue = new FairQueue({ maxWaiting: 10, maxPerClient: 10 });
    const first = gatedJob([], 'a1');
    const running = queue.run('a', first.job);
    const more = queue.run('a', async () => 'a2');
    expect(queue.othersWaiting('a')).toBe(false);
    const other = queue.run('b', async () => 'b1');
    expect(queue.othersWaiting('a')).toBe(true);
    first.release();
    await Promise.all([running, more, other]);
    expect(queue.othersWaiting('a')).toBe(false);
  });

  it("counts another client's job handed over behind a running one as waiting", async () => {
    const queue = new FairQueue({ maxWaiting: 10, maxPerClient: 10, atOnce: 2 });
    const first = gatedJob([], 'a1');
    const running = queue.run('a', first.job);
    const behind = gatedJob([], 'b1');
    const handed = queue.run('b', behind.job);
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.waiting).toBe(0);
    expect(queue.othersWaiting('a')).toBe(true);
    expect(queue.othersWaiting('b')).toBe(true);
    first.release();
    await running;
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.othersWaiting('b')).toBe(false);
    behind.release();
    await handed;
  });
});

describe('clientBucket: one visitor is one client however the address is spelled', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['2001:db8:0:1::7', '2001:db8:0:1::/64'],
    ['2001:DB8:0:1:ffff:1:2:3', '2001:db8:0:1::/64'],
    ['[2001:db8:0:1::9]:443', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['  ', 'absent'],
    ['not an address', 'unparseable'],
    ['203.0.113.0/24', '203.0.113.0'],
  ])('%s → %s', (address, bucket) => {
    expect(clientBucket(address)).toBe(bucket);
  });
});
