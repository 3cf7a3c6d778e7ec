// The embedded backend's worst case: the heaviest read its request limits still accept
// (supabase/gateway/request-limits.mjs), sent while a visitor asks for an ordinary page, so
// the report shows both how long the heavy request takes and how long the ordinary one
// waits behind it. Used by bench/backend.mjs against its 100,000 seeded rows; run alone
// (`node bench/heaviest-request.mjs`) it seeds a throwaway database the same way.
import { createServer, get } from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PATTERN_COLUMNS, REQUEST_LIMITS } from '../supabase/gateway/request-limits.mjs';

/**
 * The heaviest registry read the limits accept: every allowed pattern condition (likePatterns)
 * holds a trigram every seeded idea holds ("seeded"), so the index hands over every idea, and
 * uses every allowed wildcard to fail only at its end, on the only columns a pattern may be
 * matched against (PATTERN_COLUMNS); with an exact count and the largest page.
 */
export function heaviestAcceptedPath(table = 'mota_ideas_matches', columns = PATTERN_COLUMNS.mota_ideas_matches) {
  const { likePatterns, likeWildcards } = REQUEST_LIMITS;
  const terms = Array.from({ length: likePatterns }, (_, i) => {
    // *seeded*e*q*: each wildcard lets the match restart at every later position.
    const value = `*seeded${'*e'.repeat(likeWildcards - 3)}*q*`;
    return `${columns[i % columns.length]}.ilike.${encodeURIComponent(value)}`;
  });
  return `/${table}?select=*&or=(${terms.join(',')})&order=created_at.desc&limit=1000`;
}

/**
 * The forum's heaviest read: no pattern may be matched against the posts' text, so every
 * allowed filter term compares it with the longest allowed value, with the largest page.
 */
const HEAVIEST_POSTS_PATH = `/posts?select=*&or=(${Array.from(
  { length: REQUEST_LIMITS.filterTerms },
  (_, i) => `content.gt.${encodeURIComponent(`Seeded post ${'z'.repeat(REQUEST_LIMITS.valueLength - 14)}${i}`)}`,
).join(',')})&order=created_at.desc&limit=1000`;
/** The forum's first page, as the site asks for it. */
const FORUM_PATH = '/posts?select=id,content,author_name,created_at&order=created_at.desc&limit=20&offset=0';

/**
 * The forum seed for the wait beside heavy reads: 20,000 posts of 1,500 characters, the
 * longest text a read can be made to search through at that size.
 */
export const LONG_POSTS_SQL = `
  insert into public.posts (content, author_name, created_at)
  select left(repeat('Seeded post ' || g || ' about the grove and the machine. ', 60), 1500), 'Reader ' || (g % 97),
         now() - g * interval '1 minute'
    from generate_series(1, 20000) g;
  analyze;
`;

/**
 * How long the forum's first page takes beside 0, 1, 2 and 4 of the heaviest reads, each from
 * a client of its own (an address per X-Forwarded-For; the server trusts one proxy), and
 * beside 4 from one client. The heavy reads are sent first, the page 250 ms later, as a
 * visitor arriving while an attacker's reads run. Medians of `runs`, from a worker thread
 * (see heaviestBesideList).
 * @param {string} base the REST root
 * @param {Record<string, string>} headers
 * @returns {Promise<Record<string, number>>}
 */
export function listBesideHeavyPosts(base, headers, runs = 3) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { base, headers, runs, posts: true } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** @param {{ base: string, headers: Record<string, string>, runs: number }} options */
async function measurePosts({ base, headers, runs }) {
  const timed = (path, address) =>
    new Promise((done, fail) => {
      const started = performance.now();
      const request = get(
        `${base}${path}`,
        { agent: false, headers: { ...headers, 'X-Forwarded-For': address } },
        (response) => {
          response.resume();
          response.on('end', () => done({ ms: performance.now() - started, status: response.statusCode ?? 0 }));
        },
      );
      request.on('error', fail);
    });
  const median = (values) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
  /** @param {number} heavy @param {boolean} oneClient */
  const beside = async (heavy, oneClient) => {
    const waits = [];
    for (let run = 0; run < runs; run += 1) {
      const reads = Array.from({ length: heavy }, (_, i) =>
        timed(HEAVIEST_POSTS_PATH, `198.51.100.${oneClient ? 1 : i + 1}`),
      );
      if (heavy > 0) await new Promise((done) => setTimeout(done, 250));
      waits.push((await timed(FORUM_PATH, '203.0.113.1')).ms);
      await Promise.all(reads);
    }
    return median(waits);
  };
  const aloneStarted = performance.now();
  const alone = await timed(HEAVIEST_POSTS_PATH, '198.51.100.1');
  return {
    heaviestPostsReadMs: Math.round(performance.now() - aloneStarted),
    heaviestPostsReadStatus: alone.status,
    forumPageAloneMs: await beside(0, false),
    forumPageBesideOneHeavyMs: await beside(1, false),
    forumPageBesideTwoHeavyMs: await beside(2, false),
    forumPageBesideFourHeavyMs: await beside(4, false),
    forumPageBesideFourHeavyOneClientMs: await beside(4, true),
  };
}

/** The registry's first page, as the site asks for it. */
const LIST_PATH =
  '/mota_ideas?select=id,issue,mitigation,proposed_by,notes,created_at&order=created_at.desc&limit=50&offset=0';

/**
 * Sent from a worker thread: PGlite runs on the server's thread and holds it while a query
 * runs, so a client on that same thread could not even start its list request until the
 * heavy one was done, and would never see the wait a visitor sees.
 * @param {string} base the REST root, e.g. http://127.0.0.1:4321/rest/v1
 * @param {Record<string, string>} headers apikey and friends
 * @returns {Promise<{ heaviestAcceptedMs: number, listBesideHeaviestMs: number, listAloneMs: number, heaviestStatus: number }>}
 */
export function heaviestBesideList(base, headers, runs = 3) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { base, headers, runs } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** @param {{ base: string, headers: Record<string, string>, runs: number }} options */
async function measure({ base, headers, runs }) {
  // A fresh connection per request (agent: false): a kept-alive one can be closed by the
  // server's idle timer while it is busy, which would measure a reset instead of a wait.
  const timed = (path) =>
    new Promise((done, fail) => {
      const started = performance.now();
      const request = get(
        `${base}${path}`,
        { agent: false, headers: { ...headers, Prefer: 'count=exact' } },
        (response) => {
          response.resume();
          response.on('end', () => done({ ms: performance.now() - started, status: response.statusCode ?? 0 }));
        },
      );
      request.on('error', fail);
    });
  const heavy = [];
  const beside = [];
  const alone = [];
  let heaviestStatus = 0;
  for (let run = 0; run < runs; run += 1) {
    alone.push((await timed(LIST_PATH)).ms);
    const heavyRequest = timed(heaviestAcceptedPath());
    // Let the heavy request reach the database first, as an attacker's would.
    await new Promise((done) => setTimeout(done, 250));
    const [h, list] = await Promise.all([heavyRequest, timed(LIST_PATH)]);
    heavy.push(h.ms);
    beside.push(list.ms);
    heaviestStatus = h.status;
  }
  const median = (values) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
  return {
    heaviestAcceptedMs: median(heavy),
    listBesideHeaviestMs: median(beside),
    listAloneMs: median(alone),
    heaviestStatus,
  };
}

if (!isMainThread && workerData?.base) {
  parentPort?.postMessage(await (workerData.posts ? measurePosts(workerData) : measure(workerData)));
}

if (isMainThread && import.meta.url === `file://${process.argv[1]}`) {
  const { createBackend } = await import('../supabase/embedded/backend.mjs');
  const backend = await createBackend({ dataDir: 'memory', rateLimit: 0 });
  await backend.db.exec(`
    insert into public.mota_ideas (issue, mitigation, proposed_by)
    select 'Seeded issue ' || g, 'Seeded mitigation ' || g, 'Reader ' || (g % 97) from generate_series(1, 100000) g;
    analyze;
  `);
  const server = createServer(async (req, res) => {
    if (!(await backend.handle(req, res))) res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const key = backend.anonKey;
  const result = await heaviestBesideList(`http://127.0.0.1:${server.address().port}/rest/v1`, {
    apikey: key,
    Authorization: `Bearer ${key}`,
  });
  console.log(JSON.stringify(result));
  server.close();
  await backend.close();
}
