// The embedded backend's part of `npm run bench`: inserts per second, list pages and the registry
// search with 100,000 rows per table, the CSV export, and the heaviest read the request limits
// accept, and the forum page beside the heaviest reads of other clients at 20,000 posts of 1,500
// characters, each figure beside its goal. The server runs in a process of its own
// (bench/backend-server.mjs), as `npm start` runs it. `node bench/bench.mjs
// --backend-only` measures only this.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { heaviestBesideList, listBesideHeavyPosts } from './heaviest-request.mjs';
import { median } from './stats.mjs';

/** The embedded backend's goals, each printed beside its figure. */
export const BACKEND_GOALS = {
  insertsPerSecond: { goal: 1000, atLeast: true, label: 'inserts/s, 50 concurrent clients' },
  postsFirstPageMs: { goal: 5, label: 'forum, first page (100,000 posts)' },
  postsPage500Ms: { goal: 5, label: 'forum, page 500, a step from page 499' },
  postsPage500OffsetMs: { goal: null, label: 'forum, page 500 jumped to (offset)' },
  ideasFirstPageMs: { goal: 5, label: 'registry, first page (100,000 ideas)' },
  ideasPage500Ms: { goal: 5, label: 'registry, page 500, a step from page 499' },
  ideasPage500OffsetMs: { goal: null, label: 'registry, page 500 jumped to (offset)' },
  ideasFilteredPageMs: { goal: 10, label: 'registry, search for a word in 100 ideas' },
  exportSeconds: { goal: null, label: 'CSV export of 100,000 ideas, total s' },
  exportLongestStepMs: { goal: 50, label: 'CSV export, longest step in the page' },
  heaviestAcceptedMs: { goal: null, label: 'heaviest read the request limits accept' },
  listBesideHeaviestMs: { goal: null, label: 'registry page sent while it runs' },
  listAloneMs: { goal: null, label: 'the same registry page alone' },
  heaviestPostsReadMs: { goal: null, label: 'heaviest forum read (20,000 × 1,500 chars)' },
  forumPageAloneMs: { goal: null, label: 'forum page alone' },
  forumPageBesideOneHeavyMs: { goal: null, label: 'forum page beside 1 heaviest read' },
  forumPageBesideTwoHeavyMs: { goal: null, label: 'forum page beside 2, from 2 clients' },
  forumPageBesideFourHeavyMs: { goal: 1000, label: 'forum page beside 4, from 4 clients' },
  forumPageBesideFourHeavyOneClientMs: { goal: 1000, label: 'forum page beside 4, from 1 client' },
  reopenMs: { goal: null, label: 'database reopen after a stopped statement' },
};

/**
 * The backend server in its own process (bench/backend-server.mjs), as `npm start` runs
 * it; resolves once it listens, with its origin, key and a way to send it a message and wait for
 * the answer.
 */
async function startBackendServer() {
  const child = fork(resolve('bench/backend-server.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise((answered, failed) => {
      const onExit = (code) => failed(new Error(`the bench backend exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        answered(message);
      });
    });
  const { origin, anonKey } = await next();
  return {
    origin,
    anonKey,
    ask: (message) => {
      const answer = next();
      child.send(message);
      return answer;
    },
    close: () =>
      new Promise((closed) => {
        child.once('exit', closed);
        child.send('close');
      }),
  };
}

export async function backendThroughput() {
  const server = await startBackendServer();
  const { origin } = server;
  const base = `${origin}/rest/v1`;
  const key = server.anonKey;
  const headers = { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };

  // 50 clients, each posting one message after another. A first round of 500 is not timed:
  // a server that has just started is still compiling its JavaScript and preparing its
  // statements, and the figure is for a server in service.
  const clients = 50;
  const postRound = (perClient, label) =>
    Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = 0; i < perClient; i++) {
          const response = await fetch(`${base}/posts`, {
            method: 'POST',
            // Fifty visitors, not one: the server takes turns between clients and bounds each one.
            headers: { ...headers, 'X-Forwarded-For': `198.18.0.${c + 1}` },
            body: JSON.stringify({ content: `Bench post ${label} ${c}.${i}`, author_name: 'Bench' }),
          });
          if (response.status !== 201) throw new Error(`insert answered ${response.status}: ${await response.text()}`);
        }
      }),
    );
  await postRound(10, 'warm-up');
  const perClient = 40;
  const started = performance.now();
  await postRound(perClient, 'timed');
  const insertsPerSecond = (clients * perClient) / ((performance.now() - started) / 1000);

  // 100,000 rows per table, seeded inside the server's process (its database is in memory).
  await server.ask('seed');

  // The site's own data module and CSV builder, loaded as the browser bundle has them.
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false },
  });
  const { createCommunity, POSTS_PER_PAGE, IDEAS_PER_PAGE } = await vite.ssrLoadModule('/src/lib/community/index.ts');
  const { buildIdeasCsv } = await vite.ssrLoadModule('/src/lib/csv.ts');
  const { createClient } = await import('@supabase/supabase-js');
  const client = createClient(origin, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const community = createCommunity(client);

  const latency = async (run) => {
    const times = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    return median(times);
  };
  // Each page as the site asks for it (src/lib/community/index.ts): the rows, and the total beside.
  // Page 500 as a visitor reaches it, stepping on from page 499 (from that page's cursor); and
  // as a jump to its number, which has no cursor and reads by offset.
  const word = createHash('md5').update('424').digest('hex').slice(0, 8);
  const posts499 = await community.listPosts({ page: 499 });
  const ideas499 = await community.listIdeas({ page: 499 });
  const result = {
    insertsPerSecond: Math.round(insertsPerSecond),
    postsFirstPageMs: await latency(() => community.listPosts({ page: 1 })),
    postsPage500Ms: await latency(() => community.listPosts({ page: 500, from: posts499.cursor })),
    postsPage500OffsetMs: await latency(() => community.listPosts({ page: 500 })),
    postsOffset90000Ms: await latency(() => community.listPosts({ page: 9001 })),
    ideasFirstPageMs: await latency(() => community.listIdeas({ page: 1 })),
    ideasPage500Ms: await latency(() =>
      community.listIdeas({ page: 500, pageSize: IDEAS_PER_PAGE, from: ideas499.cursor }),
    ),
    ideasPage500OffsetMs: await latency(() => community.listIdeas({ page: 500, pageSize: IDEAS_PER_PAGE })),
    // A word that occurs in 100 of the 100,000 ideas, as a reader would type it.
    ideasFilteredPageMs: await latency(async () => {
      const found = await community.listIdeas({ filter: word });
      if (found.total !== 100) throw new Error(`the search found ${found.total} ideas, not 100`);
    }),
    // The worst a request within the limits can do, and what a visitor's page waits meanwhile.
    ...(await heaviestBesideList(base, { apikey: key, Authorization: `Bearer ${key}` })),
  };
  // Sanity: the site's own calls answer what the pages show, the step the page the offset reads.
  const listed = await community.listPosts({ page: 500 });
  if (listed.rows.length !== POSTS_PER_PAGE || listed.total < 100000)
    throw new Error('forum page 500 is not a full page');
  const ids = (page) => page.rows.map((row) => row.id).join();
  const steppedPosts = await community.listPosts({ page: 500, from: posts499.cursor });
  const steppedIdeas = await community.listIdeas({ page: 500, from: ideas499.cursor });
  if (ids(steppedPosts) !== ids(listed) || ids(steppedIdeas) !== ids(await community.listIdeas({ page: 500 }))) {
    throw new Error('page 500 stepped to from page 499 is not the page the offset reads');
  }

  // The export as the registry's button runs it: the rows in batches, then the file. The total
  // includes waiting for the server (its own process); the page's share is timed step by step,
  // building each batch's CSV and the file on this thread: the longest step the page takes
  // without giving the browser a turn is what would freeze a tab.
  // Same steps as the registry's Export CSV button (src/islands/MotaRegistry.tsx).
  const exportStarted = performance.now();
  const head = buildIdeasCsv([]);
  const parts = [head];
  let longest = 0;
  let rows = 0;
  for await (const batch of community.matchingIdeaBatches('')) {
    const t = performance.now();
    parts.push(buildIdeasCsv(batch).slice(head.length));
    rows += batch.length;
    longest = Math.max(longest, performance.now() - t);
  }
  const t = performance.now();
  const file = new Blob(parts);
  longest = Math.max(longest, performance.now() - t);
  result.exportSeconds = Math.round((performance.now() - exportStarted) / 100) / 10;
  result.exportLongestStepMs = Math.round(longest);
  result.exportRows = rows;
  result.exportMegabytes = Math.round(file.size / 1e5) / 10;

  await vite.close();
  await server.close();

  // The forum page beside the heaviest reads other clients can send, on a database of its own.
  const forum = await startBackendServer();
  await forum.ask('seed-long-posts');
  Object.assign(result, await listBesideHeavyPosts(`${forum.origin}/rest/v1`, { apikey: forum.anonKey }));
  const reopens = await forum.ask('restarts');
  result.reopenMs = reopens.length > 0 ? median(reopens) : 0;
  await forum.close();
  return result;
}

export function printBackend(backend) {
  console.log('\nembedded backend                                   figure     goal');
  for (const [name, { goal, atLeast, label }] of Object.entries(BACKEND_GOALS)) {
    const value = backend[name];
    const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
    const met = goal === null ? '' : (atLeast ? value >= goal : value <= goal) ? 'met' : 'MISSED';
    console.log(
      `${label.padEnd(48)} ${shown.padStart(8)}  ${goal === null ? '' : `${atLeast ? '≥' : '≤'} ${goal}`.padEnd(7)} ${met}`,
    );
  }
  console.log(
    `(forum page 9,001, offset 90,000: ${backend.postsOffset90000Ms.toFixed(1)} ms; export: ${backend.exportRows} rows, ${backend.exportMegabytes} MB of CSV)`,
  );
}

export function backendGoalsMet(backend) {
  return Object.entries(BACKEND_GOALS).every(
    ([name, { goal, atLeast }]) => goal === null || (atLeast ? backend[name] >= goal : backend[name] <= goal),
  );
}
