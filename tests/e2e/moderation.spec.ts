import { test, expect } from './fixtures';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expectToast, startOwnServer, unique } from './community-helpers';

// The author's moderation tool against the embedded backend, end to end: a visitor posts
// through the site, `npm run moderate` hides the post while `npm start` holds the database,
// and the next list request no longer has it; unhidden, it is back. The suite's server keeps
// its database in memory, out of the tool's reach, so this file starts its own server on a
// database folder of its own.
test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 4399) - 2;
let origin = '';
let stop = async () => {};
const dataDir = mkdtempSync(join(tmpdir(), 'genesis-moderation-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, COMMUNITY_RATE_LIMIT: '0' };

/** `npm run moderate -- …` as the author would type it; resolves with its output. */
async function moderate(...args: string[]) {
  const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'moderate', '--', ...args], { env });
  return { stdout, stderr };
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  ({ origin, stop } = await startOwnServer(port, { DATA_DIR: dataDir, COMMUNITY_RATE_LIMIT: '0' }));
});

test.afterAll(async () => {
  // The server holds the database folder until it has exited.
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a post hidden with npm run moderate leaves the forum at the next list request, and comes back when unhidden', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const text = unique('Moderation test post');
  const posts = page.getByRole('tabpanel').locator('[data-post]');
  const open = async () => {
    await page.goto(`${origin}/forum`);
    await expect(page.getByRole('tabpanel').locator('[data-state="list"], [data-state="empty"]')).toBeVisible();
  };

  await open();
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Post to the Forum' }).click();
  await expectToast(page, 'Post Submitted', 'Your thoughts have joined the dialogue.');
  await open();
  await expect(posts.filter({ hasText: text })).toHaveCount(1);

  // The tool lists it (newest first) with its id, through the running server.
  const listed = await moderate('list', 'posts', '--limit', '5');
  expect(listed.stderr).toContain(`the running site at ${origin}`);
  const line = listed.stdout.split('\n').find((l) => l.includes(text));
  expect(line, listed.stdout).toBeDefined();
  const id = line!.trim().split(/\s+/)[0];
  expect(id).toMatch(/^\d+$/);

  expect((await moderate('hide', 'posts', id)).stdout).toContain(`Hidden: post ${id}`);
  await open();
  await expect(posts.first()).toBeVisible();
  await expect(posts.filter({ hasText: text })).toHaveCount(0);
  expect((await moderate('list', 'posts', '--hidden')).stdout).toContain(text);

  expect((await moderate('unhide', 'posts', id)).stdout).toContain(`Visible again: post ${id}`);
  await open();
  await expect(posts.filter({ hasText: text })).toHaveCount(1);
});

test('clear refusals: an unknown id, a wrong key, a missing key', async () => {
  const refused = (args: string[], extra: Record<string, string>) =>
    promisify(execFile)('npm', ['run', '--silent', 'moderate', '--', ...args], { env: { ...env, ...extra } }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
  const missing = await refused(['hide', 'posts', '99999999'], {});
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('No post with id 99999999');

  const secret = 'not-the-service-role-key-3f9a';
  const wrong = await refused(['list', 'posts'], { SUPABASE_URL: origin, SUPABASE_SERVICE_ROLE_KEY: secret });
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toContain('refused the key');
  expect(wrong.stderr).not.toContain(secret);

  const noKey = await refused(['list', 'posts'], { SUPABASE_URL: origin });
  expect(noKey.code).toBe(1);
  expect(noKey.stderr).toContain('SUPABASE_SERVICE_ROLE_KEY is not');
});
