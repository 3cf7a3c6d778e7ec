// `npm run screenshots -- / /book …`: full-page screenshots of the running site (npm start) at
// 1280 px and 390 px into .test-output/screens/, for looking at pages before calling them done.
import { chromium } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';

const base = process.env.BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4321}`;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
const out = '.test-output/screens';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch(
  existsSync('/usr/bin/chromium')
    ? { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] }
    : {},
);
for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // A full-page capture draws what lies beyond the viewport, where the boxes laid out only as a
    // reader nears them (content-visibility: auto: the footer, the registry's cards) stay blank:
    // drawn here as the reader finds them on scrolling there.
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
    const file = `${out}/${name}${path.replace(/[/#?]+/g, '_') || '_'}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
