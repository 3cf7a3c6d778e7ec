import { fork, execSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
const child = fork(resolve('bench/backend-server.mjs'), [], { stdio: ['ignore','inherit','inherit','ipc'] });
const { origin, anonKey: key } = await new Promise((r) => child.once('message', r));
const headers = { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
const round = (per, label) => Promise.all(Array.from({ length: 50 }, async (_, c) => {
  for (let i = 0; i < per; i++) {
    const r = await fetch(`${origin}/rest/v1/posts`, { method: 'POST', headers: { ...headers, 'X-Forwarded-For': `198.18.0.${c + 1}` }, body: JSON.stringify({ content: `Bench post ${label} ${c}.${i}`, author_name: 'Bench' }) });
    if (r.status !== 201) throw new Error(await r.text()); await r.arrayBuffer();
  }
}));
await round(10, 'w');
const st = spawn('strace', ['-f', '-c', '-p', String(child.pid)], { stdio: ['ignore', 'inherit', 'inherit'] });
await new Promise((r) => setTimeout(r, 500));
await round(10, 't');
st.kill('SIGINT'); await new Promise((r) => st.once('exit', r));
const st2 = spawn('strace', ['-f', '-e', 'trace=openat,write,pwrite64,writev', '-p', String(child.pid), '-o', '/tmp/strace.txt'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));
await round(2, 'u');
st2.kill('SIGINT'); await new Promise((r) => st2.once('exit', r));
child.send('close'); await new Promise((r) => child.once('exit', r));
