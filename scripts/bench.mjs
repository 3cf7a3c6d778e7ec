// `npm run bench`: the performance report. Builds and serves the production site, then measures
// Lighthouse (mobile, median of 3 runs) on the key routes, the JavaScript each route loads, the
// build time of the real site and of a generated 1,000-essay site, and the embedded backend's
// throughput. Prints one table and writes bench/report.json. Numbers, not assertions: the
// deterministic byte budgets are enforced by tests/e2e/budgets.spec.ts.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';

const PORT = Number(process.env.BENCH_PORT ?? 4450);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const ROUTES = [
  '/', '/book', '/essays/philosophy/golden-age', '/line-bank', '/curious-mind-quiz',
  '/explorer/illuminator', '/forum', '/mota', '/privacy-policy',
];
const BUDGET = { performance: 1, accessibility: 1, 'best-practices': 1, seo: 1, lcpMs: 1000, tbtMs: 50, cls: 0 };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const seconds = (ms) => Math.round(ms / 100) / 10;

function timedBuild(cwd, env = {}) {
  const started = performance.now();
  const result = spawnSync('npx', ['astro', 'build'], { cwd, stdio: 'pipe', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`build failed in ${cwd}:\n${result.stderr}\n${result.stdout}`);
  return performance.now() - started;
}

async function startServer() {
  const child = spawn('node', ['scripts/serve.mjs'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: 'memory', COMMUNITY_RATE_LIMIT: '0' },
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

// Each run is a first visit: a fresh browser profile, so nothing (HTTP cache, localStorage such
// as the fonts-downloaded flag) carries over from the run before.
async function lighthouseRun(url) {
  const chrome = await launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    return {
      performance: lhr.categories.performance.score,
      accessibility: lhr.categories.accessibility.score,
      'best-practices': lhr.categories['best-practices'].score,
      seo: lhr.categories.seo.score,
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      transferBytes: lhr.audits['total-byte-weight'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

async function lighthouseRoutes() {
  const rows = [];
  for (const route of ROUTES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(`${BASE}${route}`));
    const row = { route };
    for (const key of Object.keys(runs[0])) row[key] = median(runs.map((r) => r[key]));
    rows.push(row);
    console.log(`lighthouse ${route}: perf ${row.performance} a11y ${row.accessibility} bp ${row['best-practices']} seo ${row.seo} LCP ${Math.round(row.lcpMs)} ms`);
  }
  return rows;
}

/**
 * JavaScript per route, in two parts: what the page loads on its own (`gzipBytes`, `rawBytes`),
 * and what it loads lazily once the visitor scrolls to its islands (those that hydrate on view),
 * reaches for its forms and dialog buttons (code loaded on intent) and a toast is raised
 * (`lazy`: bytes and the chunk names).
 */
async function javascriptPerRoute() {
  const browser = await chromium.launch(CHROME ? { executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] } : {});
  const page = await browser.newPage();
  const rows = [];
  const sum = (buffers, bytes) => buffers.reduce((s, b) => s + bytes(b), 0);
  for (const route of ROUTES) {
    const initial = [];
    const lazy = [];
    let target = initial;
    const onResponse = (response) => {
      if (response.request().resourceType() === 'script') target.push({ url: response.url(), body: response.body() });
    };
    page.on('response', onResponse);
    await page.goto(`${BASE}${route}`, { waitUntil: 'networkidle' });
    // The page's scripts start at the first paint (the head script marks the page ready then).
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    target = lazy;
    const waiting = page.locator('astro-island[ssr]:not([client="konami"])');
    for (const uid of await waiting.evaluateAll((all) => all.map((el) => el.getAttribute('uid')))) {
      const island = page.locator(`astro-island[uid="${uid}"]`);
      await island.locator(':scope > *').first().scrollIntoViewIfNeeded();
      await page.locator(`astro-island[uid="${uid}"]:not([ssr])`).waitFor({ state: 'attached' });
    }
    for (const element of await page.locator('form:visible, button[aria-haspopup="dialog"]:visible').all()) {
      await element.hover().catch(() => {});
    }
    // What showToast() does: queue the message and wake the toast area.
    await page.evaluate(() => {
      (window.__siteToasts ??= []).push({ id: 'bench', title: 'Measured', variant: 'normal', duration: 60_000 });
      window.dispatchEvent(new CustomEvent('site:toast'));
    });
    await page.locator('[data-toast]').waitFor();
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    const [now, later] = await Promise.all([initial, lazy].map((list) => Promise.all(list.map((r) => r.body))));
    rows.push({
      route,
      scripts: now.length,
      rawBytes: sum(now, (b) => b.length),
      gzipBytes: sum(now, (b) => gzipSync(b).length),
      islands: await page.locator('astro-island').count(),
      lazy: {
        scripts: later.length,
        rawBytes: sum(later, (b) => b.length),
        gzipBytes: sum(later, (b) => gzipSync(b).length),
        chunks: lazy.map((r) => new URL(r.url).pathname.replace('/_astro/', '')),
      },
    });
  }
  await browser.close();
  return rows;
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
  const ms = timedBuild(copy);
  rmSync(copy, { recursive: true, force: true });
  return ms;
}

async function backendThroughput() {
  const { createBackend } = await import('../supabase/local/backend.mjs');
  const backend = await createBackend({ dataDir: 'memory', rateLimit: 0 });
  const server = createServer(async (req, res) => {
    if (!(await backend.handle(req, res))) res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}/rest/v1`;
  const key = backend.anonKey;
  const headers = { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };

  const inserts = 500;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inserts }, (_, i) =>
      fetch(`${base}/posts`, { method: 'POST', headers, body: JSON.stringify({ content: `Bench post ${i}`, author_name: 'Bench' }) }),
    ),
  );
  const insertsPerSecond = inserts / ((performance.now() - started) / 1000);

  await backend.db.exec(`
    insert into public.posts (content, author_name)
    select 'Seeded post number ' || g, 'Reader ' || (g % 97) from generate_series(1, 100000) g;
    insert into public.mota_ideas (issue, mitigation, proposed_by)
    select 'Seeded issue ' || g, 'Seeded mitigation ' || g, 'Reader ' || (g % 97) from generate_series(1, 100000) g;
    analyze;
  `);
  const latency = async (path) => {
    const times = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const response = await fetch(`${base}${path}`, { headers: { ...headers, Prefer: 'count=exact' } });
      await response.text();
      times.push(performance.now() - t);
    }
    return median(times);
  };
  const result = {
    insertsPerSecond: Math.round(insertsPerSecond),
    postsFirstPageMs: await latency('/posts?select=id,content,author_name,created_at&order=created_at.desc&limit=10&offset=0'),
    postsDeepPageMs: await latency('/posts?select=id,content,author_name,created_at&order=created_at.desc&limit=10&offset=90000'),
    ideasFilteredPageMs: await latency('/mota_ideas?select=id,issue,mitigation,proposed_by,notes,created_at&or=(issue.ilike.*issue 99*,mitigation.ilike.*issue 99*,proposed_by.ilike.*issue 99*)&order=created_at.desc&limit=25&offset=0'),
  };
  server.close();
  await backend.close();
  return result;
}

const report = {
  generatedAt: new Date().toISOString(),
  machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  budgets: BUDGET,
};

console.log('Building the site…');
report.buildSeconds = seconds(timedBuild('.'));
const server = await startServer();
try {
  report.lighthouse = await lighthouseRoutes();
  report.javascript = await javascriptPerRoute();
} finally {
  process.kill(-server.pid);
}
console.log('Building a generated site with 1,000 essays…');
report.thousandEssayBuildSeconds = seconds(thousandEssayBuild());
console.log('Measuring the embedded backend…');
report.backend = await backendThroughput();

report.budgetsMet =
  report.lighthouse.every(
    (r) =>
      r.performance >= BUDGET.performance && r.accessibility >= BUDGET.accessibility &&
      r['best-practices'] >= BUDGET['best-practices'] && (r.seo >= BUDGET.seo || r.route === '/firstlight') &&
      r.lcpMs <= BUDGET.lcpMs && r.tbtMs <= BUDGET.tbtMs && r.cls <= BUDGET.cls,
  ) && report.thousandEssayBuildSeconds <= 60;

mkdirSync('bench', { recursive: true });
writeFileSync('bench/report.json', `${JSON.stringify(report, null, 2)}\n`);

const js = new Map(report.javascript.map((r) => [r.route, r]));
console.log('\nroute                               perf a11y  bp  seo   LCP ms  TBT ms    CLS  transfer KB  JS KB gz (raw)  lazy JS KB gz');
for (const r of report.lighthouse) {
  const j = js.get(r.route);
  console.log(
    [
      r.route.padEnd(34),
      String(Math.round(r.performance * 100)).padStart(4),
      String(Math.round(r.accessibility * 100)).padStart(4),
      String(Math.round(r['best-practices'] * 100)).padStart(4),
      String(Math.round(r.seo * 100)).padStart(4),
      String(Math.round(r.lcpMs)).padStart(8),
      String(Math.round(r.tbtMs)).padStart(7),
      r.cls.toFixed(3).padStart(6),
      (r.transferBytes / 1024).toFixed(1).padStart(12),
      `${(j.gzipBytes / 1024).toFixed(1)} (${(j.rawBytes / 1024).toFixed(1)})`.padStart(16),
      (j.lazy.gzipBytes / 1024).toFixed(1).padStart(14),
    ].join(' '),
  );
}
console.log(`\nbuild: ${report.buildSeconds} s; 1,000-essay build: ${report.thousandEssayBuildSeconds} s (budget 60 s)`);
console.log(
  `backend: ${report.backend.insertsPerSecond} inserts/s; with 100,000 rows: first page ${report.backend.postsFirstPageMs.toFixed(1)} ms, ` +
    `page 9,001 ${report.backend.postsDeepPageMs.toFixed(1)} ms, filtered ideas ${report.backend.ideasFilteredPageMs.toFixed(1)} ms`,
);
console.log(`budgets met: ${report.budgetsMet ? 'yes' : 'NO'}  (bench/report.json)`);
process.exit(0);
