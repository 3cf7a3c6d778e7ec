import { fork } from 'node:child_process';
import { resolve } from 'node:path';
const child = fork(resolve('bench/backend-server.mjs'), [], { stdio: ['ignore','inherit','inherit','ipc'], execArgv: process.env.PROF ? ['--cpu-prof','--cpu-prof-dir=/tmp/prof'] : [] });
const first = await new Promise((r) => child.once('message', r));
const { origin, anonKey: key } = first;
const headers = { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
const round = (per, label) => Promise.all(Array.from({ length: 50 }, async (_, c) => {
  for (let i = 0; i < per; i++) {
    const r = await fetch(`${origin}/rest/v1/posts`, { method: 'POST', headers: { ...headers, 'X-Forwarded-For': `198.18.0.${c + 1}` }, body: JSON.stringify({ content: `Bench post ${label} ${c}.${i}`, author_name: 'Bench' }) });
    if (r.status !== 201) throw new Error(await r.text());
    await r.arrayBuffer();
  }
}));
await round(10, 'w');
for (let k = 0; k < 3; k++) {
  const t = performance.now();
  await round(40, 't' + k);
  console.log('inserts/s', Math.round(2000 / ((performance.now() - t) / 1000)));
}
child.send('close');
await new Promise((r) => child.once('exit', r));
