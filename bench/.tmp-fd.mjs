import { fork, execSync } from 'node:child_process';
import { resolve } from 'node:path';
const child = fork(resolve('bench/backend-server.mjs'), [], { stdio: ['ignore','inherit','inherit','ipc'] });
await new Promise((r) => child.once('message', r));
console.log(execSync(`ls -l /proc/${child.pid}/fd | grep -v "pipe\\|socket\\|anon_inode\\|/dev/"`).toString());
child.send('close'); await new Promise((r) => child.once('exit', r));
