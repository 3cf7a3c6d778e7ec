import puppeteer from 'puppeteer-core';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
const route = process.argv[2] || '/privacy-policy';
const rate = +(process.argv[3] || 1);
const tests = {
  inertMain: () => { const m = document.querySelector('main'); const o = []; for (let i = 0; i < 3; i++) { let t = performance.now(); m.inert = true; document.body.offsetHeight; o.push((performance.now() - t).toFixed(1)); m.inert = false; document.body.offsetHeight; } return o.join(' '); },
  inertBody: () => { const m = document.body; const o = []; for (let i = 0; i < 3; i++) { let t = performance.now(); m.inert = true; document.body.offsetHeight; o.push((performance.now() - t).toFixed(1)); m.inert = false; document.body.offsetHeight; } return o.join(' '); },
  show: () => { const d = document.querySelector('dialog'); const o = []; for (let i = 0; i < 3; i++) { let t = performance.now(); d.show(); document.body.offsetHeight; o.push((performance.now() - t).toFixed(1)); d.close(); document.body.offsetHeight; } return o.join(' '); },
  showModal: () => { const d = document.querySelector('dialog'); const o = []; for (let i = 0; i < 3; i++) { let t = performance.now(); d.showModal(); document.body.offsetHeight; o.push((performance.now() - t).toFixed(1)); d.close(); document.body.offsetHeight; } return o.join(' '); },
  colorBody: () => { const m = document.body; const o = []; for (let i = 0; i < 3; i++) { let t = performance.now(); m.style.setProperty('--x', String(i)); m.style.pointerEvents = 'none'; document.body.offsetHeight; o.push((performance.now() - t).toFixed(1)); m.style.pointerEvents = ''; document.body.offsetHeight; } return o.join(' '); },
};
for (let round = 0; round < 3; round++) for (const [name, fn] of Object.entries(tests)) {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await page.setViewport({ width: 390, height: 844, hasTouch: true });
  const cdp = await page.createCDPSession(); await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto('http://localhost:4455' + route, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 1500));
  console.log(name.padEnd(10), await page.evaluate(fn));
  await ctx.close();
}
await browser.close();
