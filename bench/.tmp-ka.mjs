import { openReader, launchReaderBrowser } from './reader.mjs';
const browser = await launchReaderBrowser({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const { context, page } = await openReader(browser, 'http://localhost:4455', { cpuRate: 1 });
await page.goto('http://localhost:4455/privacy-policy', { waitUntil: 'load' });
const one = () => page.evaluate(async () => { const t = performance.now(); await (await fetch('/robots.txt?' + Math.random(), { cache: 'no-store' })).text(); return Math.round(performance.now() - t); });
for (const idle of [500, 500, 6000, 500, 6000, 500, 6000]) { await new Promise((r) => setTimeout(r, idle)); console.log('after idle', idle, 'ms:', await one()); }
await context.close(); await browser.close();
