// The embedded backend as `npm start` runs it (the same REST handler behind a plain HTTP
// server), in a process of its own for bench/backend.mjs: the bench's 50 fetch clients,
// Vite and the CSV building then run on the bench's thread, not on the server's, so the figures
// are the server's. Started with fork(); it answers through the IPC channel:
//   ready  { origin, anonKey }  once it listens on 127.0.0.1 (a free port)
//   'seed'   → seeded           after filling each table with 100,000 rows
//   'seed-long-posts' → seeded  after adding 20,000 posts of 1,500 characters
//   'restarts' → [ms, …]        how long each reopen took after a statement was stopped
//   'close'  → (exits)          after requests in progress are answered
// It trusts one proxy, so a client's X-Forwarded-For sets its address (requests without one
// are the loopback client, as before).
import { createServer } from 'node:http';
import { createBackend } from '../supabase/embedded/backend.mjs';
import { LONG_POSTS_SQL } from './heaviest-request.mjs';

if (!process.send) throw new Error('bench/backend-server.mjs is started by bench/backend.mjs (fork), not on its own');

/**
 * The bench's seed: 100,000 posts and ideas a minute apart, newest first from now; one idea
 * in 1,000 shares each 8-character word (md5 of g % 1000), so a word occurs in 100 ideas.
 */
const SEED_SQL = `
  insert into public.posts (content, author_name, created_at)
  select 'Seeded post number ' || g, 'Reader ' || (g % 97), now() - g * interval '1 minute' from generate_series(1, 100000) g;
  insert into public.mota_ideas (issue, mitigation, proposed_by, created_at)
  select 'Seeded issue ' || g || ' about ' || left(md5((g % 1000)::text), 8), 'Seeded mitigation ' || g, 'Reader ' || (g % 97),
         now() - g * interval '1 minute'
    from generate_series(1, 100000) g;
  analyze;
`;

const backend = await createBackend({ dataDir: 'memory', rateLimit: 0, trustProxy: 1 });
const server = createServer(async (req, res) => {
  if (!(await backend.handle(req, res))) res.writeHead(404).end();
});
await new Promise((listening) => server.listen(0, '127.0.0.1', () => listening(undefined)));
const address = server.address();
if (address === null || typeof address === 'string') throw new Error('the bench backend has no TCP address');

process.on('message', async (message) => {
  if (message === 'seed' || message === 'seed-long-posts') {
    await backend.db.exec(message === 'seed' ? SEED_SQL : LONG_POSTS_SQL);
    process.send?.('seeded');
  } else if (message === 'restarts') {
    process.send?.(backend.restarts);
  } else if (message === 'close') {
    server.close();
    await backend.close();
    process.exit(0);
  }
});
// The bench gone (it crashed or was stopped): nothing left to serve.
process.on('disconnect', () => process.exit(0));
process.send({ origin: `http://127.0.0.1:${address.port}`, anonKey: backend.anonKey });
