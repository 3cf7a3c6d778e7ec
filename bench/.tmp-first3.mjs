import puppeteer from 'puppeteer-core';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
const route = process.argv[2] || '/privacy-policy';
const variants = (process.argv[3] || 'same,novar').split(',');
const rate = +(process.argv[4] || 4);
const rounds = +(process.argv[5] || 6);
const measure = () => {
  const dialog = document.querySelector('footer dialog') || document.querySelector('dialog');
  const out = [];
  for (let i = 0; i < 2; i++) {
    let t = performance.now(); dialog.showModal(); document.body.offsetHeight; out.push(performance.now() - t);
    dialog.close(); document.body.offsetHeight;
  }
  return out;
};
const transform = (mode) => {
  const style = [...document.querySelectorAll('style')].sort((a, b) => b.textContent.length - a.textContent.length)[0];
  let css = style.textContent;
  const root = getComputedStyle(document.documentElement);
  if (mode.includes('novar')) for (let pass = 0; pass < 6; pass++) css = css.replace(/var\((--[\w-]+)(?:,\s*([^()]*))?\)/g, (m, name, fb) => root.getPropertyValue(name).trim() || fb || m);
  if (mode.includes('nold')) css = css.replace(/light-dark\(([^,()]+),\s*([^()]+)\)/g, '$1');
  if (mode.includes('nospace')) css = css.replace(/:where\(\.(space|divide)-[^{]*\{[^}]*\}/g, '');
  if (mode.includes('noprop')) css = css.replace(/@property[^{]*\{[^}]*\}/g, '');
  style.textContent = css;
  document.body.offsetHeight;
  return css.length;
};
const results = Object.fromEntries(variants.map((v) => [v, []]));
for (let round = 0; round < rounds; round++) for (const v of variants) {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await page.setViewport({ width: 390, height: 844, hasTouch: true });
  const cdp = await page.createCDPSession(); await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto('http://localhost:4455' + route, { waitUntil: 'load' });
  await page.evaluate(transform, v);
  await new Promise((r) => setTimeout(r, 1200));
  results[v].push(await page.evaluate(measure));
  await ctx.close();
}
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
for (const [v, r] of Object.entries(results)) console.log(v.padEnd(14), 'first', r.map((x) => x[0].toFixed(0)).join(' '), ' median', med(r.map((x) => x[0])).toFixed(1), ' | second median', med(r.map((x) => x[1])).toFixed(1));
await browser.close();
