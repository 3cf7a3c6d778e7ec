import puppeteer from 'puppeteer-core';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
const route = process.argv[2] || '/privacy-policy';
const variants = (process.argv[3] || 'orig').split(',');
const rate = +(process.argv[4] || 1);
const measure = () => {
  const dialog = document.querySelector('dialog');
  const out = [];
  for (let i = 0; i < 3; i++) {
    let t = performance.now(); dialog.showModal(); const a = performance.now(); document.body.offsetHeight; const b = performance.now();
    dialog.close(); document.body.offsetHeight; out.push(`${(a - t).toFixed(1)}+${(b - a).toFixed(1)}`);
  }
  return out.join(' ');
};
for (let round = 0; round < 4; round++) for (const v of variants) {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await page.setViewport({ width: 390, height: 844, hasTouch: true });
  const cdp = await page.createCDPSession(); await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto('http://localhost:4455' + route, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 1500));
  console.log(v, await page.evaluate(measure));
  await ctx.close();
}
await browser.close();
