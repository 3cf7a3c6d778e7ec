import { createServer } from 'node:http';
import { createBackend } from '../supabase/embedded/backend.mjs';
import { heaviestAcceptedPath } from '../bench/heaviest-request.mjs';
const backend = await createBackend({ dataDir: 'memory', rateLimit: 0 });
const server = createServer(async (req, res) => { if (!(await backend.handle(req, res))) res.writeHead(404).end(); });
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}/rest/v1`;
const headers = { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}`, Prefer: 'count=exact' };
let t0 = performance.now();
await backend.db.exec(`
  insert into public.mota_ideas (issue, mitigation, proposed_by, created_at)
  select 'Seeded issue ' || g || ' about ' || left(md5((g % 1000)::text), 8), 'Seeded mitigation ' || g, 'Reader ' || (g % 97),
         now() - g * interval '1 minute'
    from generate_series(1, 100000) g;
  analyze;`);
console.log('seeded', Math.round(performance.now() - t0), 'ms; load', (await import('node:os')).loadavg()[0].toFixed(1));
const cols = 'select=id,issue,mitigation,proposed_by,notes,created_at';
const paths = {
  heaviest: heaviestAcceptedPath(),
  'word in every idea ("seeded")': `/mota_ideas_matches?${cols}&or=(issue.ilike.*seeded*,mitigation.ilike.*seeded*,proposed_by.ilike.*seeded*)&order=created_at.desc&limit=20`,
  'word in 100 ideas': `/mota_ideas_matches?${cols}&or=(issue.ilike.*${'c4ca4238'}*,mitigation.ilike.*c4ca4238*,proposed_by.ilike.*c4ca4238*)&order=created_at.desc&limit=20`,
  'one letter in every idea ("e")': `/mota_ideas_short_matches?${cols}&pairs=cs.{e}&order=created_at.desc&limit=20`,
  'a pair in no idea ("qz")': `/mota_ideas_short_matches?${cols}&pairs=cs.{qz}&order=created_at.desc&limit=20`,
  'a pair in 1 in 10 ("r 9" -> "9 ")': `/mota_ideas_short_matches?${cols}&pairs=cs.{"9 "}&order=created_at.desc&limit=20`,
};
for (const [label, path] of Object.entries(paths)) {
  const times = [];
  let status, range;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const r = await fetch(base + path, { headers });
    await r.text();
    times.push(Math.round(performance.now() - t));
    status = r.status; range = r.headers.get('content-range');
  }
  times.sort((a, b) => a - b);
  console.log(label, status, range, 'median', times[2], 'ms, all', times.join(' '));
}
server.close(); await backend.close();
