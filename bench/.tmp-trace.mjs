// Trace one press at low-tier: node bench/.tmp-trace.mjs <route> <buttonText> <rate> <afterLoadMs> <out>
import { openReader, launchReaderBrowser, timePress, load } from './reader.mjs';
const [route, text, rate, after, out] = process.argv.slice(2);
const browser = await launchReaderBrowser({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], shareSheet: true });
const results = [];
for (let i = 0; i < (+process.env.N || 1); i++) {
  const { context, page } = await openReader(browser, 'http://localhost:4455', { cpuRate: +rate });
  await load(page, 'http://localhost:4455' + route, 0);
  const target = await page.evaluateHandle((t) => [...document.querySelectorAll('button')].find((b) => b.textContent.includes(t) && b.checkVisibility()), text);
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.evaluate(`window.__bench.afterLoad(${after})`);
  if (out && i === 0) await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'toplevel', 'input', 'benchmark', 'blink', 'cc', 'viz', 'disabled-by-default-devtools.timeline.frame', 'latencyInfo', 'scheduler', 'disabled-by-default-devtools.timeline.selector-stats', 'disabled-by-default-blink.debug'] });
  const r = await timePress(page, { act: () => target.tap(), answer: () => window.__bench.dialog() });
  if (out && i === 0) { const buf = await page.tracing.stop(); (await import('node:fs')).writeFileSync(out, new TextDecoder().decode(buf)); }
  results.push(Math.round(r.ms));
  await context.close();
}
console.log(results.join(' '));
await browser.close();
