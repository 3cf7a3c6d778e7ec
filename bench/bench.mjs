// `npm run bench`: the performance report. Builds and serves the production site, then measures
// it as a reader on a phone meets it (bench/reader.mjs), on each of two phones whose CPU the bench
// emulates on any host by calibration (bench/calibrate.mjs): for every interactive part
// (bench/parts.mjs) the time from the input to the first frame that shows the answer,
// for a first press 1 s after load and for a press right after the part scrolls into view; each
// key route's first and largest contentful paint, as built and with its scripts, fonts and
// speculation refused (its floor, loaded in turn with it), the bytes it fetches in its first 3 s,
// and the time from a tap on an internal link to the next page's first paint. Then, as context:
// Lighthouse (one run per route), the JavaScript each route loads, the build time of the real site
// and of a generated 1,000-essay site, and the embedded backend (bench/backend.mjs). Pages fetched
// ahead get the slow network from bench/prefetch-network.mjs: Chromium's throttling does not reach
// them. Prints tables with each figure's target and its change since the last run
// (bench/.last-report.json), and writes bench/report.json. Numbers, not assertions: timings never
// go in tests, and the deterministic byte budgets are enforced by tests/e2e/budgets.spec.ts.
//
//   npm run bench -- --runs 5            median of 5 runs instead of 3 (BENCH_RUNS)
//   npm run bench -- --only forum        only what matches: a part, a route, or one of the
//                                        sections presses, routes, lighthouse, build, backend
//   npm run bench -- --profile mid       one phone only: mid or low (BENCH_PROFILE; default both)
//   npm run bench -- --routes <list>     other key routes: name=/path,... (paints, floor, bytes)
//   npm run bench -- --no-build          serve the dist/ already built
//   npm run bench -- --site <dir>        serve another build (no build), e.g. one kept for an A/B
//   npm run bench -- --report <file>     write the report there (--compare)
//   npm run bench -- --calibration <f>   the CPU rates found before (--compare): no calibration
//   npm run bench -- --calibrate <f>     only calibrate, into that file (--compare; --profile ''
//                                        measures the host's index alone)
//   npm run bench -- --backend-only      only the embedded backend, printed, no report file
//   npm run bench -- --compare <a> <b> [<c>]   builds measured in turn (bench/compare.mjs)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEV_ANON_KEY } from '../supabase/gateway/dev-anon-key.mjs';
import { backendGoalsMet, backendThroughput, printBackend } from './backend.mjs';
import { CPU_PROFILES, calibrate, hostBusy, howReached, measureHostIndex } from './calibrate.mjs';
import { PARTS, ROUTES, find, routesFrom } from './parts.mjs';
import { startPrefetchNetwork } from './prefetch-network.mjs';
import { COMPRESSION_DONE } from '../server/static-site.mjs';
import {
  PROFILE,
  launchReaderBrowser,
  load,
  openReader,
  reachPart,
  recordLoad,
  refuseAllButHtmlAndCss,
  timeNavigation,
  timePress,
} from './reader.mjs';
import {
  FIRST_SECONDS,
  FIRST_SECONDS_BYTES,
  FLOOR_MARGIN_MS,
  TARGETS,
  againstFloor,
  changesSince,
  formatSummary,
  meets,
  summariesOf,
  summarize,
  targetsFor,
} from './stats.mjs';

// The compare mode runs this bench once per build and run, so it takes over before the options
// of a single run are read.
if (process.argv.includes('--compare')) {
  await import('./compare.mjs');
  process.exit();
}

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    site: { type: 'string' },
    report: { type: 'string' },
    profile: { type: 'string', default: process.env.BENCH_PROFILE ?? 'mid,low' },
    routes: { type: 'string' },
    calibration: { type: 'string' },
    calibrate: { type: 'string' },
    'backend-only': { type: 'boolean', default: process.env.BENCH_BACKEND_ONLY === '1' },
  },
});
const RUNS = Number(options.runs);
const PROFILE_KEYS = options.profile
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean);
for (const key of PROFILE_KEYS) {
  if (!CPU_PROFILES[key]) throw new Error(`--profile ${key}: one of ${Object.keys(CPU_PROFILES).join(', ')}`);
}
const KEY_ROUTES = options.routes ? routesFrom(options.routes) : ROUTES;
/** Where each run's report is kept for the next run to compare with (git-ignored). */
const LAST_REPORT = 'bench/.last-report.json';
const PORT = Number(process.env.BENCH_PORT ?? 4450);
const BASE = `http://127.0.0.1:${PORT}`;
/** The site itself listens here; the bench's browser reaches it through startPrefetchNetwork. */
const SITE_PORT = PORT + 1;
const CHROME = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
/** A press is made this long after the load event in the first of the two cases. */
const AFTER_LOAD_MS = 1000;
/** A reader reads a link this long, once scrolled to it, before tapping it. */
const READ_LINK_MS = 1000;
/** Lighthouse stays as one line per route: context, never the gate. */
const LIGHTHOUSE_GOALS = { performance: 0.98, accessibility: 1, 'best-practices': 1, seo: 1 };
const THOUSAND_ESSAY_BUILD_BUDGET_S = 90;

const only = options.only ? new RegExp(options.only, 'i') : null;
const wanted = (...names) => !only || names.some((name) => only.test(name));
const seconds = (ms) => Math.round(ms / 100) / 10;

if (options['backend-only']) {
  console.log('Measuring the embedded backend (100,000 rows per table)…');
  const backend = await backendThroughput();
  printBackend(backend);
  console.log(`backend goals met: ${backendGoalsMet(backend) ? 'yes' : 'NO'}`);
  process.exit(0);
}

const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-dev-shm-usage'];
const launchBrowser = () =>
  launchReaderBrowser({ executablePath: CHROME ?? chromium.executablePath(), args: CHROME_ARGS, shareSheet: true });

if (options.calibrate) {
  const browser = await launchBrowser();
  try {
    const calibration = await calibrate(browser, PROFILE_KEYS, (line) => console.log(`  ${line}`));
    writeFileSync(options.calibrate, `${JSON.stringify(calibration, null, 2)}\n`);
  } finally {
    await browser.close();
  }
  process.exit(0);
}

function timedBuild(cwd, env = {}) {
  const started = performance.now();
  const result = spawnSync('npx', ['astro', 'build'], { cwd, stdio: 'pipe', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`build failed in ${cwd}:\n${result.stderr}\n${result.stdout}`);
  return performance.now() - started;
}

/** The bytes of the requests that fetched pages ahead, as the proxy sent them: { at, bytes }. */
const fetchedAhead = [];
const bytesAheadWithin = (fromMs, toMs) =>
  fetchedAhead.filter(({ at }) => at >= fromMs && at <= toMs).reduce((sum, { bytes }) => sum + bytes, 0);

/**
 * Where the server that serves `site` is: a build left inside another checkout of the project
 * (`<checkout>/dist`, one made with `git worktree add`) is served by that checkout's own server,
 * so that a change to the server is compared as a change to the build is; any other by this one.
 */
function serverCheckout(site) {
  const checkout = site && resolve(site, '..');
  return checkout && existsSync(join(checkout, 'server', 'serve.mjs')) ? checkout : process.cwd();
}

/**
 * `npm start`'s server, with a database in memory and no rate limit, behind the proxy that gives
 * pages fetched ahead the profile's network, on the bench's port.
 */
async function startServer() {
  const child = spawn(process.execPath, ['server/serve.mjs'], {
    cwd: serverCheckout(options.site),
    env: {
      ...process.env,
      PORT: String(SITE_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      COMMUNITY_RATE_LIMIT: '0',
      ...(options.site && { SITE_DIR: resolve(options.site) }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Why a server that never listened stopped (a port still held by the last run's, say).
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-2000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let exitCode;
  exited.then((code) => (exitCode = code ?? 'a signal'));
  // A long-running server has made its Brotli versions; a run must not time a server still making
  // them, on a core the browser needs.
  let output = '';
  const compressed = new Promise((resolve) => {
    const read = (chunk) => {
      output += chunk;
      if (!output.includes(COMPRESSION_DONE)) return;
      // Nothing more to look for: what the server prints from now on is drained unread.
      child.stdout.off('data', read).resume();
      resolve();
    };
    child.stdout.on('data', read);
  });
  // On a busy host the migrations take long to apply: the wait allows for it.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${SITE_PORT}/`)).ok) {
        await compressed;
        const proxy = await startPrefetchNetwork({
          port: PORT,
          targetPort: SITE_PORT,
          profile: PROFILE,
          onAhead: (at, bytes) => fetchedAhead.push({ at, bytes }),
        });
        return {
          // Resolves once the server has let go of its port, for the next run's (--compare) to take.
          stop: async () => {
            proxy.close();
            process.kill(-child.pid);
            const kill = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000);
            await exited;
            clearTimeout(kill);
          },
        };
      }
    } catch {
      // Not listening yet: try again shortly.
    }
    if (exitCode !== undefined) throw new Error(`the server stopped (${exitCode}) before it listened:\n${errors}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  process.kill(-child.pid);
  throw new Error(`server did not start:\n${errors}`);
}

/**
 * Rows for the presses that page or search: 12 forum pages and 3 registry pages, with a word in a
 * few ideas for the filter. Inserted through the public API, as a visitor could.
 */
async function seed() {
  const headers = { apikey: DEV_ANON_KEY, Authorization: `Bearer ${DEV_ANON_KEY}`, 'Content-Type': 'application/json' };
  const insert = async (table, rows) => {
    const response = await fetch(`${BASE}/rest/v1/${table}`, { method: 'POST', headers, body: JSON.stringify(rows) });
    if (response.status !== 201) throw new Error(`seeding ${table}: ${response.status} ${await response.text()}`);
  };
  await insert(
    'posts',
    Array.from({ length: 120 }, (_, i) => ({
      content: `Bench post ${i + 1}: the carob tree remembers.`,
      author_name: 'Reader',
    })),
  );
  await insert(
    'mota_ideas',
    Array.from({ length: 120 }, (_, i) => ({
      issue: i % 20 === 0 ? `A lantern left on, number ${i + 1}` : `Bench issue ${i + 1}`,
      mitigation: `Bench mitigation ${i + 1}`,
      proposed_by: 'Reader',
    })),
  );
}

/**
 * One page load in a fresh profile and the timed first press on it, in one of two cases:
 * - `afterLoad`: the reader scrolls to the part as the page loads and presses it 1 s after the
 *   load event;
 * - `inView`: the reader presses the part as soon as it is on screen: at the load event for a part
 *   on the first screen (there since the first paint), or, for one further down, right after
 *   scrolling to it 1 s after the load event.
 * After the first press in the `afterLoad` case, the part's `next` presses are timed on the same page.
 */
async function measurePart(browser, part, scenario, profile) {
  const { context, page } = await openReader(browser, BASE, { cpuRate: profile.rate, shareSheet: part.shareSheet });
  const later = {};
  try {
    await load(page, `${BASE}${part.route}`);
    const target = part.target ? await part.target(page) : null;
    const onFirstScreen = await reachPart(page, target, () => target.scrollIntoView(), scenario, AFTER_LOAD_MS);
    if (part.kind === 'navigation') {
      const { ms, via } = await timeNavigation(page, { ...part, act: part.act ?? (() => target.tap()) });
      return { first: { ms, via, onFirstScreen }, later };
    }
    const first = {
      ...(await timeInput(page, part).catch(async (error) => failure(part, error, page, await tabsLeft(page)))),
      onFirstScreen,
    };
    // A first press lost (nothing on screen) leaves the page as it was: the next presses still
    // tell something. One that took the reader to another page does not.
    if (scenario === 'afterLoad' && !first.leftPage) {
      for (const step of part.next ?? []) {
        (later[step.name] ??= []).push(
          await timeInput(page, step).catch(async (error) =>
            failure({ route: part.route, ...step }, error, page, await tabsLeft(page)),
          ),
        );
      }
    }
    return { first, later };
  } catch (error) {
    return { first: failure(part, error), later };
  } finally {
    await context.close();
  }
}

async function timeInput(page, part) {
  await part.prepare?.(page);
  const act = part.act ?? (async (p) => (await part.target(p)).tap());
  return timePress(page, { ...part, act });
}

const errors = new Map();

/**
 * Where the reader's tab went when its page closed under a press (a tap that opened a page drawn
 * ahead in a new target, or a renderer that went away): the addresses its context still shows,
 * or null while the page is open.
 */
async function tabsLeft(page) {
  if (!page.isClosed()) return null;
  const pages = await page
    .browserContext()
    .pages()
    .catch(() => []);
  return pages.map((p) => new URL(p.url()).pathname);
}

/**
 * A press with no answer: counted as a miss, and its reason printed once per part, with the
 * address the page is at by then where it is not the part's own (a tap that opened another page),
 * or, where the page closed, the addresses its tab still shows (`tabs`).
 */
function failure(part, error, page, tabs = null) {
  const leftPage = /Execution context was destroyed/.test(error.message);
  const reason = leftPage
    ? 'the page was left or reloaded instead (a form sent before its script listened?)'
    : error.message.split('\n')[0];
  const at = page && !page.isClosed() ? new URL(page.url()).pathname : null;
  let message = reason;
  if (at && part.route && at !== part.route) message += ` (the page now at ${at})`;
  else if (tabs) message += ` (the page closed; its tab shows ${tabs.join(', ') || 'no page'})`;
  if (!errors.has(part.name)) errors.set(part.name, message);
  return { ms: null, pendingMs: null, error: message, leftPage };
}

async function measurePresses(browser, profile) {
  const parts = PARTS.filter((p) => wanted('presses', p.name, p.route, ...(p.next ?? []).map((s) => s.name)));
  const samples = new Map(parts.map((p) => [p.name, { afterLoad: [], inView: [], later: {} }]));
  for (let run = 1; run <= RUNS; run++) {
    for (const part of parts) {
      const entry = samples.get(part.name);
      const shown = [];
      for (const scenario of ['afterLoad', 'inView']) {
        const { first, later } = await measurePart(browser, part, scenario, profile);
        entry[scenario].push(first);
        shown.push(first.ms === null ? 'no answer' : `${Math.round(first.ms)} ms`);
        for (const [name, list] of Object.entries(later)) (entry.later[name] ??= []).push(...list);
      }
      console.log(`  ${profile.name}, run ${run}/${RUNS} ${part.name}: ${shown.join(', ')}`);
    }
  }
  const row = (part, route, lists) => {
    const targets = targetsFor(part, profile.key);
    const figures = Object.fromEntries(
      Object.entries(lists).map(([scenario, list]) => {
        const answer = summarize(list.map((s) => s.ms));
        const pending = targets.pendingMs ? summarize(list.map((s) => s.pendingMs)) : undefined;
        return [scenario, { answer, pending, samples: list }];
      }),
    );
    const met = Object.values(figures).every(
      (f) => meets(f.answer, targets.answerMs) && (!targets.pendingMs || meets(f.pending, targets.pendingMs)),
    );
    const onFirstScreen = lists.inView?.find((s) => s.onFirstScreen !== undefined)?.onFirstScreen;
    return { name: part.name, route, kind: part.kind, onFirstScreen, targets, ...figures, met };
  };
  const first = parts.map((part) => {
    const { afterLoad, inView } = samples.get(part.name);
    return row(part, part.route, { afterLoad, inView });
  });
  const later = parts.flatMap((part) =>
    [...new Set((part.next ?? []).map((s) => s.name))].map((name) =>
      row(
        part.next.find((s) => s.name === name),
        part.route,
        { later: samples.get(part.name).later[name] ?? [] },
      ),
    ),
  );
  return { first, later };
}

/**
 * Resolves once no request of the page's own document has been in flight for `ms`. A page it
 * prerenders is left out: puppeteer never reports a prerender's document request as finished, so
 * counting it waited for ever.
 */
function networkQuiet(page, ms = 500) {
  let inFlight = 0;
  let timer;
  const own = (request) => request.frame() === page.mainFrame();
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      if (inFlight === 0) timer = setTimeout(done, ms);
    };
    const started = (request) => {
      if (!own(request)) return;
      inFlight++;
      settle();
    };
    const ended = (request) => {
      if (!own(request)) return;
      inFlight = Math.max(0, inFlight - 1);
      settle();
    };
    const done = () => {
      page.off('request', started).off('requestfinished', ended).off('requestfailed', ended);
      resolve();
    };
    page.on('request', started).on('requestfinished', ended).on('requestfailed', ended);
    settle();
  });
}

const sleepUntil = (at) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/**
 * A key route as built, in a fresh profile: its first and largest contentful paint, the bytes it
 * fetched in its first FIRST_SECONDS (its own, and the pages it fetched ahead meanwhile), and the
 * scripts it loads before any press (until the network has been quiet for 0.5 s, 1 s after the
 * load event at the earliest).
 */
async function loadAsBuilt(browser, { route }, profile, keepScripts) {
  const { context, page } = await openReader(browser, BASE, { cpuRate: profile.rate });
  const bodies = [];
  const onResponse = (response) => {
    // This page's own scripts, not those of a page prerendered from it.
    const request = response.request();
    if (request.resourceType() === 'script' && request.frame() === page.mainFrame())
      bodies.push(response.buffer().catch(() => Buffer.alloc(0)));
  };
  if (keepScripts) page.on('response', onResponse);
  try {
    const recording = await recordLoad(page);
    const started = performance.now();
    await load(page, `${BASE}${route}`, AFTER_LOAD_MS);
    await networkQuiet(page);
    page.off('response', onResponse);
    const paint = await recording.paints();
    await sleepUntil(started + FIRST_SECONDS * 1000);
    const startedAt = await recording.startedAt();
    const firstSecondsBytes =
      recording.bytesWithin(FIRST_SECONDS) + bytesAheadWithin(startedAt, startedAt + FIRST_SECONDS * 1000);
    let scripts = null;
    if (keepScripts) {
      const loaded = await Promise.all(bodies);
      scripts = {
        count: loaded.length,
        rawBytes: loaded.reduce((s, b) => s + b.length, 0),
        gzipBytes: loaded.reduce((s, b) => s + gzipSync(b).length, 0),
      };
    }
    return { ...paint, firstSecondsBytes, scripts };
  } catch (error) {
    failure({ name: `route ${route}` }, error);
    return { fcpMs: null, lcpMs: null, firstSecondsBytes: null, scripts: null };
  } finally {
    await context.close();
  }
}

/**
 * A key route as built, in a fresh profile, read as a reader reads it: FIRST_SECONDS after it was
 * asked for, the reader scrolls an internal link to the middle of the view, reads it
 * (READ_LINK_MS) and taps it, timed to the next page's first paint. A load of its own, with no
 * DevTools session of the bench's attached: Chromium prerenders nothing for a page with one, and
 * a page prerendered while the load was recorded (the link in the first view) never was, so it
 * came by prefetch as it would not on a phone.
 */
async function tapLink(browser, { route, link }, profile) {
  const { context, page } = await openReader(browser, BASE, { cpuRate: profile.rate });
  try {
    const started = performance.now();
    await page.goto(`${BASE}${route}`, { waitUntil: 'load' });
    await sleepUntil(started + FIRST_SECONDS * 1000);
    const target = await find({ role: link })(page);
    await target.evaluate((a) => a.scrollIntoView({ block: 'center' }));
    await new Promise((resolve) => setTimeout(resolve, READ_LINK_MS));
    return await timeNavigation(page, {
      act: () => target.tap(),
      arrives: (url) => url.pathname !== route,
    });
  } catch (error) {
    failure({ name: `link on ${route}` }, error);
    return { ms: null };
  } finally {
    await context.close();
  }
}

/** The same route's floor, in a fresh profile: its paints with scripts, fonts and speculation refused. */
async function loadFloor(browser, { route }, profile) {
  const { context, page } = await openReader(browser, BASE, { cpuRate: profile.rate });
  try {
    const recording = await recordLoad(page);
    await refuseAllButHtmlAndCss(page, recording.cdp);
    await page.goto(`${BASE}${route}`, { waitUntil: 'load' });
    // The largest paint is reported once it is drawn, after the load event of a page this light.
    await new Promise((resolve) => setTimeout(resolve, AFTER_LOAD_MS));
    return { ...(await recording.paints()), bytes: recording.bytesWithin(FIRST_SECONDS) };
  } catch (error) {
    failure({ name: `floor of ${route}` }, error);
    return { fcpMs: null, lcpMs: null, bytes: null };
  } finally {
    await context.close();
  }
}

/**
 * Each key route as built and its floor, the two loaded in turn (the order swapped every run) so
 * that a host growing busier weighs on both alike.
 */
async function measureRoutes(browser, profile) {
  const rows = [];
  const routes = KEY_ROUTES.filter((r) => wanted('routes', r.route, r.name ?? r.route));
  for (const entry of routes) {
    const { route, link } = entry;
    const built = [];
    const floor = [];
    const taps = [];
    let scripts = null;
    for (let run = 1; run <= RUNS; run++) {
      const order = run % 2 ? ['built', 'floor'] : ['floor', 'built'];
      for (const which of order) {
        if (which === 'floor') floor.push(await loadFloor(browser, entry, profile));
        else {
          const result = await loadAsBuilt(browser, entry, profile, !scripts);
          scripts ??= result.scripts;
          built.push(result);
        }
      }
      if (link) taps.push(await tapLink(browser, entry, profile));
    }
    const next = summarize(taps.map((r) => r.ms));
    const kib = (bytes) => (bytes === null ? null : bytes / 1024);
    const row = {
      route,
      name: entry.name ?? route,
      link: link ?? null,
      reading: Boolean(entry.reading),
      fcp: summarize(built.map((r) => r.fcpMs)),
      lcp: summarize(built.map((r) => r.lcpMs)),
      floor: {
        fcp: summarize(floor.map((r) => r.fcpMs)),
        lcp: summarize(floor.map((r) => r.lcpMs)),
        firstSecondsKiB: summarize(floor.map((r) => kib(r.bytes))),
      },
      firstSecondsKiB: summarize(built.map((r) => kib(r.firstSecondsBytes))),
      nextPaint: link ? next : null,
      // How each run's next page came (prerender, navigational-prefetch, cache, network).
      nextPageVia: taps.map((r) => r.via ?? null),
      scripts,
    };
    row.againstFloor = againstFloor(row);
    const t = TARGETS[profile.key];
    row.checks = {
      nextPaint: link ? meets(next, t.navigationMs) : undefined,
      floor: row.againstFloor.met,
      lcp: t.lcpMs ? meets(row.lcp, t.lcpMs) : undefined,
      firstSecondsBytes: row.reading ? meets(row.firstSecondsKiB, FIRST_SECONDS_BYTES / 1024) : undefined,
    };
    row.met = Object.values(row.checks).every((check) => check !== false);
    rows.push(row);
    console.log(
      `  ${profile.name}, ${row.name}: FCP ${formatSummary(row.fcp)} (floor ${formatSummary(row.floor.fcp)}), ` +
        `LCP ${formatSummary(row.lcp)} (floor ${formatSummary(row.floor.lcp)}), ` +
        `${formatSummary(row.firstSecondsKiB, 'KiB')} in ${FIRST_SECONDS} s` +
        (link ? `, next paint ${formatSummary(next)}` : ''),
    );
  }
  return rows;
}

// Each run is a first visit: a fresh browser profile, so nothing carries over from the last.
async function lighthouseRun(url) {
  const chrome = await launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const scores = Object.fromEntries(Object.keys(LIGHTHOUSE_GOALS).map((key) => [key, lhr.categories[key].score]));
    // A run Lighthouse could not finish (no paint seen, a trace it could not read) has no score
    // and no metrics, and says why: the row says so too, and the report goes on.
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    const ms = (id) => {
      const value = metric(id);
      return value === null ? null : Math.round(value);
    };
    const why = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
      .map((id) => lhr.audits[id]?.errorMessage)
      .find(Boolean);
    return {
      ...scores,
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      goalsMet: Object.entries(LIGHTHOUSE_GOALS).every(([key, goal]) => scores[key] >= goal),
      problem: lhr.runtimeError?.message ?? why ?? null,
    };
  } finally {
    await chrome.kill();
  }
}

function thousandEssayBuild() {
  const copy = resolve('bench/.tmp/site');
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  const skip = new Set(['node_modules', 'dist', '.git', '.data', '.test-output', 'bench', 'test-results', '.astro']);
  for (const entry of readdirSync('.')) if (!skip.has(entry)) cpSync(entry, join(copy, entry), { recursive: true });
  symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
  const dir = join(copy, 'content/essays');
  mkdirSync(dir, { recursive: true });
  const paragraph =
    'The shepherd counted the days the way his father had, by the slow turning of the carob pods from green to black. ' +
    'The machine counted them too, but it had never learned to be patient, only to be awake.';
  for (let i = 1; i <= 1000; i++) {
    const body = Array.from({ length: 12 }, (_, p) => `${paragraph} (${i}.${p})`).join('\n\n');
    writeFileSync(
      join(dir, `bench-essay-${String(i).padStart(4, '0')}.md`),
      `---\ntitle: "Bench essay ${i}"\nexcerpt: "A generated essay for the build benchmark, number ${i}."\ncategory: philosophy\npubDate: 2025-01-${String((i % 28) + 1).padStart(2, '0')}\n---\n\n## Part one\n\n${body}\n`,
    );
  }
  // A cache of its own: every one of the 1,000 cards is drawn, as on a first build.
  const ms = timedBuild(copy, { SOCIAL_CARDS_CACHE: join(copy, '.card-cache') });
  rmSync(copy, { recursive: true, force: true });
  return ms;
}

const verdict = (met) => (met ? 'pass' : 'MISS');

/** How a phone was emulated on this host, for the tables' headings. */
function describeProfile(profile) {
  const cpu = profile.upperBound
    ? `CPU unthrottled: this host (index ${profile.index}) is slower than the phone (${profile.benchmarkIndex}); figures are upper bounds`
    : `CPU ×${profile.rate}: index ${profile.index} reached of ${profile.benchmarkIndex}${howReached(profile)}`;
  return (
    `${profile.name} (${cpu}; ${PROFILE.latencyMs} ms round trip, ${PROFILE.downloadBitsPerSecond / 1e6} Mbit/s down, ` +
    `${PROFILE.uploadBitsPerSecond / 1e3} kbit/s up, touch at ${PROFILE.width} px, a fresh profile per load)`
  );
}

function printPresses({ first, later }, profile) {
  console.log(
    `\nReader benchmark, median of ${RUNS} (spread): from the input to the first frame that shows the answer` +
      `\n${describeProfile(profile)}\n`,
  );
  const head = (a, b) =>
    console.log(`${'part'.padEnd(40)} ${'page'.padEnd(30)} ${a.padEnd(26)} ${b.padEnd(26)} target`);
  const line = (name, route, a, b, target, met) =>
    console.log(`${name.padEnd(40)} ${route.padEnd(30)} ${a.padEnd(26)} ${b.padEnd(26)} ${target.padEnd(9)} ${met}`);
  head('first press 1 s after load', 'press once on screen (*)');
  for (const r of first) {
    const target = `≤ ${r.targets.answerMs} ms`;
    const onScreen = `${formatSummary(r.inView.answer)}${r.onFirstScreen ? ' *' : ''}`;
    line(r.name, r.route, formatSummary(r.afterLoad.answer), onScreen, target, verdict(r.met));
    if (r.targets.pendingMs) {
      line(
        '  pending state shown',
        '',
        formatSummary(r.afterLoad.pending),
        formatSummary(r.inView.pending),
        `≤ ${r.targets.pendingMs} ms`,
        '',
      );
    }
  }
  console.log(
    '(*) on the first screen: pressed at the load event; otherwise scrolled to 1 s after it and pressed at once',
  );
  if (later.length) {
    console.log(
      `\n${'later presses on the same page'.padEnd(40)} ${'page'.padEnd(30)} ${'after the first press'.padEnd(26)} ${''.padEnd(26)} target`,
    );
    for (const r of later) {
      line(r.name, r.route, formatSummary(r.later.answer), '', `≤ ${r.targets.answerMs} ms`, verdict(r.met));
      if (r.targets.pendingMs)
        line('  pending state shown', '', formatSummary(r.later.pending), '', `≤ ${r.targets.pendingMs} ms`, '');
    }
  }
}

function printRoutes(routes, profile) {
  const t = TARGETS[profile.key];
  console.log(
    `\nKey routes, median of ${RUNS} (spread), each loaded as built and as its floor (scripts, fonts and speculation refused), in turn` +
      `\n${describeProfile(profile)}` +
      `\ntargets: FCP and LCP ≤ ${FLOOR_MARGIN_MS} ms after the floor's` +
      `${t.lcpMs ? `; LCP ≤ ${t.lcpMs} ms` : ''}; ≤ ${FIRST_SECONDS_BYTES / 1024} KiB in the first ${FIRST_SECONDS} s on a reading page (r)` +
      `; link tap → next paint ≤ ${t.navigationMs} ms\n`,
  );
  const cols = [36, 18, 18, 18, 18, 14, 30, 26];
  const row = (cells) =>
    console.log(
      cells
        .map((c, i) => String(c).padEnd(cols[i] ?? 0))
        .join(' ')
        .trimEnd(),
    );
  row([
    'route',
    'FCP',
    'floor FCP',
    'LCP',
    'floor LCP',
    'gap FCP/LCP',
    `KiB in ${FIRST_SECONDS} s`,
    'link tap → next paint',
    'JS KB gzip (raw)',
  ]);
  const gap = (ms) => (ms === null ? '–' : `${ms > 0 ? '+' : ''}${ms}`);
  const check = (ok) => (ok === undefined ? '' : ok ? '' : ' MISS');
  for (const r of routes) {
    const js = r.scripts
      ? `${(r.scripts.gzipBytes / 1024).toFixed(1)} (${(r.scripts.rawBytes / 1024).toFixed(1)})`
      : '';
    row([
      `${r.name}${r.reading ? ' (r)' : ''}`,
      formatSummary(r.fcp),
      formatSummary(r.floor.fcp),
      `${formatSummary(r.lcp)}${check(r.checks.lcp)}`,
      formatSummary(r.floor.lcp),
      `${gap(r.againstFloor.fcpGapMs)}/${gap(r.againstFloor.lcpGapMs)}${check(r.checks.floor)}`,
      `${formatSummary(r.firstSecondsKiB, 'KiB')}${check(r.checks.firstSecondsBytes)} (floor ${r.floor.firstSecondsKiB.median ?? '–'})`,
      r.nextPaint ? `${formatSummary(r.nextPaint)}${check(r.checks.nextPaint)}` : '',
      js,
    ]);
  }
  const via = [...new Set(routes.flatMap((r) => r.nextPageVia ?? []).filter(Boolean))];
  if (via.length) console.log(`next pages came by: ${via.join(', ')}`);
}

function printLighthouse(rows) {
  console.log('\nLighthouse, one run per route (goals: performance ≥ 98, the other three 100; not the gate)');
  for (const r of rows) {
    const score = (key) => (r[key] == null ? '—' : String(Math.round(r[key] * 100)));
    const value = (v, digits = 0) => (v == null ? '—' : v.toFixed(digits));
    console.log(
      `${r.route.padEnd(30)} perf ${score('performance')} a11y ${score('accessibility')} bp ${score('best-practices')} seo ${score('seo')}  LCP ${value(r.lcpMs)} ms TBT ${value(r.tbtMs)} ms CLS ${value(r.cls, 3)}  ${r.goalsMet ? 'ok' : 'below'}${r.problem ? ` (${r.problem})` : ''}`,
    );
  }
}

function printCalibration(calibration) {
  console.log(
    `\nCPU calibration: this host's benchmark index ${calibration.hostIndex} at the start` +
      (calibration.hostIndexAtEnd === undefined ? '' : `, ${calibration.hostIndexAtEnd} at the end`) +
      (calibration.hostBusy ? ' — HOST BUSY: it moved by more than 15 %, the figures are suspect' : ''),
  );
  for (const p of Object.values(calibration.profiles)) {
    console.log(
      `  ${p.name}: target index ${p.benchmarkIndex}; ` +
        (p.upperBound
          ? `unthrottled, figures are upper bounds`
          : `rate ×${p.rate}, index reached ${p.index}${howReached(p)}`),
    );
  }
}

/**
 * Each figure against the last run's, with both runs' spreads; marks a change beyond the spread.
 * Then keeps this run's figures (merged over the last report's, so that a run of a subset compares
 * with the last run that measured it).
 */
function compareWithLastReport(report) {
  const current = summariesOf(report);
  const kept = existsSync(LAST_REPORT) ? JSON.parse(readFileSync(LAST_REPORT, 'utf8')) : { figures: {} };
  const previous = new Map(Object.entries(kept.figures).map(([name, f]) => [name, f.summary]));
  const rows = changesSince(previous, current);
  if (rows.length) {
    console.log(`\nAgainst the last run of each figure (${LAST_REPORT}): median (spread) then → now`);
    for (const r of rows) {
      const unit = r.name.includes('KiB') ? 'KiB' : 'ms';
      const sign = r.change > 0 ? '+' : '';
      console.log(
        `${r.name.padEnd(80)} ${formatSummary(r.before, unit).padEnd(22)} → ${formatSummary(r.now, unit).padEnd(22)} ${`${sign}${r.change}`.padEnd(6)}${r.beyondSpread === null ? ' (a single run: no spread)' : r.beyondSpread ? ' beyond the spread' : ''}`,
      );
    }
  }
  for (const [name, summary] of current) kept.figures[name] = { summary, at: report.generatedAt, site: report.site };
  writeFileSync(LAST_REPORT, `${JSON.stringify(kept, null, 2)}\n`);
}

const report = {
  generatedAt: new Date().toISOString(),
  // The browser's version is part of the result.
  machine: {
    cpus: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: CHROME ? spawnSync(CHROME, ['--version'], { encoding: 'utf8' }).stdout.trim() : 'bundled',
  },
  network: PROFILE,
  runs: RUNS,
  targets: TARGETS,
  only: options.only ?? null,
  site: options.site ?? 'dist',
};

if (
  !options['no-build'] &&
  !options.site &&
  wanted('presses', 'routes', 'lighthouse', 'build', ...PARTS.map((p) => p.name))
) {
  console.log('Building the site…');
  report.buildSeconds = seconds(timedBuild('.'));
}
const browserParts = wanted(
  'presses',
  'routes',
  ...PARTS.flatMap((p) => [p.name, ...(p.next ?? []).map((s) => s.name)]),
  ...KEY_ROUTES.flatMap((r) => [r.route, r.name ?? r.route]),
);
if (browserParts || wanted('lighthouse')) {
  const server = await startServer();
  try {
    await seed();
    if (browserParts) {
      const browser = await launchBrowser();
      try {
        // The rates found before (by --compare, once for all its runs), or found now, before any throttling.
        if (options.calibration) report.calibration = JSON.parse(readFileSync(options.calibration, 'utf8'));
        else {
          console.log('Calibrating the CPU to each phone…');
          report.calibration = await calibrate(browser, PROFILE_KEYS, (line) => console.log(`  ${line}`));
        }
        report.profiles = [];
        for (const key of PROFILE_KEYS) {
          const profile = report.calibration.profiles[key];
          const measured = { ...profile, steps: undefined };
          report.profiles.push(measured);
          console.log(`${profile.name}: pressing every interactive part…`);
          measured.presses = await measurePresses(browser, profile);
          console.log(`${profile.name}: loading the key routes…`);
          measured.routes = await measureRoutes(browser, profile);
        }
        if (!options.calibration) {
          report.calibration.hostIndexAtEnd = await measureHostIndex(browser);
          report.calibration.hostBusy = hostBusy(report.calibration.hostIndex, report.calibration.hostIndexAtEnd);
        }
      } finally {
        await browser.close();
      }
    }
    if (wanted('lighthouse')) {
      console.log('Lighthouse…');
      report.lighthouse = [];
      for (const { route } of KEY_ROUTES) {
        const row = await lighthouseRun(`${BASE}${route}`).catch((error) => {
          failure({ name: `Lighthouse on ${route}` }, error);
          return null;
        });
        if (row) report.lighthouse.push({ route, ...row });
      }
    }
  } finally {
    await server.stop();
  }
}
if (wanted('build')) {
  console.log('Building a generated site with 1,000 essays…');
  report.thousandEssayBuildSeconds = seconds(thousandEssayBuild());
}
if (wanted('backend') && (!only || only.test('backend'))) {
  console.log('Measuring the embedded backend…');
  report.backend = await backendThroughput();
}

for (const profile of report.profiles ?? []) {
  const rows = [...(profile.presses?.first ?? []), ...(profile.presses?.later ?? []), ...(profile.routes ?? [])];
  profile.targetsMet = { met: rows.filter((r) => r.met).length, of: rows.length };
}
if (report.thousandEssayBuildSeconds !== undefined) {
  report.thousandEssayBuildMet = report.thousandEssayBuildSeconds <= THOUSAND_ESSAY_BUILD_BUDGET_S;
}
if (report.backend) report.backendGoalsMet = backendGoalsMet(report.backend);

// A subset is for working on something: it never replaces the full report.
const file = options.report ?? (only ? 'bench/.tmp/report.json' : 'bench/report.json');
mkdirSync('bench/.tmp', { recursive: true });
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);

if (report.calibration) printCalibration(report.calibration);
for (const profile of report.profiles ?? []) {
  if (profile.presses.first.length || profile.presses.later.length) printPresses(profile.presses, profile);
  if (profile.routes.length) printRoutes(profile.routes, profile);
}
if (report.lighthouse?.length) printLighthouse(report.lighthouse);
if (report.buildSeconds !== undefined) {
  const thousand =
    report.thousandEssayBuildSeconds === undefined
      ? ''
      : `; 1,000-essay build with cards: ${report.thousandEssayBuildSeconds} s (budget ${THOUSAND_ESSAY_BUILD_BUDGET_S} s)`;
  console.log(`\nbuild: ${report.buildSeconds} s${thousand}`);
}
if (report.backend) printBackend(report.backend);
for (const [name, message] of errors) console.log(`no answer: ${name}: ${message}`);
// The compare mode's runs (--report) compare builds with each other, not with the last run.
if (!options.report && report.profiles) compareWithLastReport(report);
const targetLines = (report.profiles ?? []).map(
  (p) =>
    `${p.name}${p.key === 'mid' ? ' (the gate)' : ''}: ${p.targetsMet.met} of ${p.targetsMet.of} targets met` +
    (p.upperBound ? ' (upper bounds)' : ''),
);
console.log(
  `\n${[...targetLines, ...(report.calibration?.hostBusy ? ['HOST BUSY'] : [])].join('; ') || 'no reader figures'}` +
    (report.backend ? `; backend goals met: ${report.backendGoalsMet ? 'yes' : 'NO'}` : '') +
    `  (${file})`,
);
process.exit(0);
