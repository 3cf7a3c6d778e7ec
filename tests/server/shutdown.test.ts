// `npm start` stopped with Ctrl-C or SIGTERM (as a test runner or a process manager stops it)
// while a browser still holds a connection open: it exits, and a throwaway database
// (DATA_DIR=memory, a folder in the system's temporary directory) goes with it. Killed without
// that chance, every run left its database behind: 39 MB each.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  it(`on ${signal} with a connection held open, exits and removes its throwaway database`, async () => {
    const folder = await mkdtemp(join(tmpdir(), 'shutdown-'));
    folders.push(folder);
    const site = join(folder, 'dist');
    const temporary = join(folder, 'tmp');
    await mkdir(site);
    await mkdir(temporary);
    await writeFile(join(site, 'index.html'), '<h1>home</h1>');
    await writeFile(join(site, '404.html'), '<h1>not found</h1>');
    const port = await freePort();
    const child = spawn(process.execPath, ['server/serve.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_DIR: site,
        DATA_DIR: 'memory',
        TMPDIR: temporary,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        if (output.includes('Serving')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before serving:\n${output}`)));
    });
    expect((await readdir(temporary)).filter((name) => name.startsWith('embedded-backend-memory-'))).toHaveLength(1);

    // A browser's connection: kept alive after its answer, as pages keep theirs.
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      http
        .get(`http://127.0.0.1:${port}/rest/v1/posts?select=id&limit=1`, { agent }, (answer) => {
          answer.resume().on('end', resolve);
        })
        .on('error', reject),
    );
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);

    const sent = performance.now();
    child.kill(signal);
    const [code] = await exited;
    agent.destroy();
    expect(code).toBe(0);
    expect(performance.now() - sent).toBeLessThan(5_000);
    expect(await readdir(temporary)).toEqual([]);
  }, 120_000);
}

it('the browser suite stops its servers that way: Playwright sends SIGTERM, not its default SIGKILL', async () => {
  const { default: config } = await import('../../playwright.config');
  const servers = [config.webServer ?? []].flat();
  expect(servers.length).toBeGreaterThan(0);
  for (const server of servers) expect(server.gracefulShutdown?.signal).toBe('SIGTERM');
});
