import { defineConfig, devices, type LaunchOptions } from '@playwright/test';
import { existsSync } from 'node:fs';
import { DEMO_JWT_SECRET } from './supabase/self-hosted/jwt.mjs';

// Debian's Chromium where it is installed (CI, this machine); Playwright's own browser elsewhere.
// Where Debian's headless shell is installed beside it (chromium-headless-shell: the same engine
// without the full browser's windowing), the tests run in the shell: over the same pages it took
// about a third of the full browser's processor time, and `npm test`'s browser stage 441 s
// against 807 on this 2-core machine. The back/forward cache, which the shell keeps none of, is
// tested in the full browser (`fullBrowserLaunchOptions`), as are pages drawn ahead, opened in
// the browser the bench opens.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const systemChromium = '/usr/bin/chromium';
const systemHeadlessShell = '/usr/lib/chromium/chromium-headless-shell';
const hasSystemChromium = existsSync(systemChromium);
// Elsewhere, Playwright's own full Chromium is its 'chromium' channel, and its default its shell.
export const fullBrowserLaunchOptions: LaunchOptions = hasSystemChromium
  ? { executablePath: systemChromium, args: chromiumArgs }
  : { channel: 'chromium' };
export const launchOptions: LaunchOptions = !hasSystemChromium
  ? {}
  : existsSync(systemHeadlessShell)
    ? { executablePath: systemHeadlessShell, args: chromiumArgs }
    : fullBrowserLaunchOptions;

const port = Number(process.env.E2E_PORT ?? 4399);
export const baseURL = `http://127.0.0.1:${port}`;

// With E2E_DATABASE_URL (an empty PostgreSQL database; `npm test` makes one when PostgreSQL
// and the PostgREST binary are installed), the forum and registry specs run a second time
// against `npm start` self-hosted on it: real PostgREST 12 behind /rest/v1. The pages keep the
// development key, which is signed with Supabase's public demonstration secret.
const selfHostedDatabase = process.env.E2E_DATABASE_URL;
const postgrestPort = Number(process.env.E2E_POSTGREST_PORT ?? port + 1);

// With E2E_HOSTED_PROJECT (`npm test` sets it once it has built dist-hosted for that origin), the
// site built for a Supabase project on another origin is served with no backend of its own, and a
// second server on the project's origin answers its API: hosted-project.spec.ts runs there.
const hostedProject = process.env.E2E_HOSTED_PROJECT;
const hostedSitePort = port + 3;
// The phone project's own server: the community specs of both projects post and page through
// one table each, and a post from one project landing while the other counts its pages moved
// them under it.
const phonePort = port + 4;
const HOSTED_SPEC = /hosted-project\.spec\.ts/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Axe scans and full-page walks take seconds each on a 2-core machine running two browsers.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.test-output/playwright.json' }]],
  use: { baseURL, launchOptions, trace: 'off' },
  projects: [
    // Listed first: Playwright hands out tests in the order of the projects, and this one's
    // longest (the registry's axe scans with each dialog open) would otherwise come last and
    // leave one worker busy alone at the end.
    ...(selfHostedDatabase
      ? [
          {
            name: 'postgrest',
            testMatch: /(forum|mota)\.spec\.ts/,
            // What the page does alone is tested once, against the embedded backend.
            grepInvert: /@any-server/,
            use: {
              ...devices['Desktop Chrome'],
              viewport: { width: 1280, height: 800 },
              launchOptions,
              baseURL: `http://127.0.0.1:${postgrestPort}`,
            },
          },
        ]
      : []),
    ...(hostedProject
      ? [
          {
            name: 'hosted',
            testMatch: HOSTED_SPEC,
            use: {
              ...devices['Desktop Chrome'],
              viewport: { width: 1280, height: 800 },
              launchOptions,
              baseURL: `http://127.0.0.1:${hostedSitePort}`,
            },
          },
        ]
      : []),
    {
      name: 'desktop',
      testIgnore: HOSTED_SPEC,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions,
        baseURL: `http://127.0.0.1:${phonePort}`,
      },
      // The phone project runs the specs that test layout and touch behaviour.
      grep: /@phone/,
    },
  ],
  // `npm test` builds first; these serve that build, each with a throwaway database.
  webServer: [
    ...[port, phonePort].map((servedPort) => ({
      command: 'node server/serve.mjs',
      url: `http://127.0.0.1:${servedPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(servedPort), HOST: '127.0.0.1', DATA_DIR: 'memory', COMMUNITY_RATE_LIMIT: '0' },
      // Stopped as Ctrl-C stops it, so that it removes its throwaway database (Playwright's
      // default, SIGKILL, left 39 MB behind in the temporary directory on every run).
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    })),
    ...(selfHostedDatabase
      ? [
          {
            command: 'node server/serve.mjs',
            url: `http://127.0.0.1:${postgrestPort}/`,
            reuseExistingServer: false,
            timeout: 60_000,
            env: {
              PORT: String(postgrestPort),
              HOST: '127.0.0.1',
              DATABASE_URL: selfHostedDatabase,
              JWT_SECRET: DEMO_JWT_SECRET,
              COMMUNITY_RATE_LIMIT: '0',
            },
            // `as const`: inside the conditional the literal would widen to a string.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
          },
        ]
      : []),
    ...(hostedProject
      ? [
          // The project: the embedded backend, answering across origins as Supabase's API does.
          {
            command: 'node server/serve.mjs',
            url: `${hostedProject}/`,
            reuseExistingServer: false,
            timeout: 60_000,
            env: {
              PORT: new URL(hostedProject).port,
              HOST: '127.0.0.1',
              DATA_DIR: 'memory',
              COMMUNITY_RATE_LIMIT: '0',
            },
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
          },
          // The static host: the pages built for the project, and no /rest/v1 of its own.
          {
            command: 'node server/serve.mjs',
            url: `http://127.0.0.1:${hostedSitePort}/`,
            reuseExistingServer: false,
            timeout: 60_000,
            env: {
              PORT: String(hostedSitePort),
              HOST: '127.0.0.1',
              SITE_DIR: 'dist-hosted',
              PUBLIC_SUPABASE_URL: hostedProject,
            },
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
          },
        ]
      : []),
  ],
});
