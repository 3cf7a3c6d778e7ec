import puppeteer from 'puppeteer-core';
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
const route = process.argv[2] || '/privacy-policy';
const variants = (process.argv[3] || 'orig,novar').split(',');
const measure = () => {
  const dialog = document.querySelector('dialog');
  const times = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    dialog.showModal(); document.body.offsetHeight;
    dialog.close(); document.body.offsetHeight;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b); return times[30];
};
const resolveVars = (mode) => {
  const style = [...document.querySelectorAll('style')].sort((a, b) => b.textContent.length - a.textContent.length)[0];
  let css = style.textContent;
  const root = getComputedStyle(document.documentElement);
  if (mode === 'novar' || mode === 'nold') {
    for (let pass = 0; pass < 6; pass++) {
      css = css.replace(/var\((--[\w-]+)(?:,\s*([^()]*))?\)/g, (m, name, fb) => {
        const v = root.getPropertyValue(name).trim();
        return v || fb || m;
      });
    }
  }
  if (mode === 'nold' || mode === 'ldonly') css = css.replace(/light-dark\(([^,()]+),\s*([^()]+)\)/g, '$1');
  style.textContent = css;
  return css.length;
};
const results = Object.fromEntries(variants.map((v) => [v, []]));
for (let round = 0; round < 5; round++) for (const v of variants) {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await page.setViewport({ width: 390, height: 844, hasTouch: true });
  await page.goto('http://localhost:4455' + route, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 500));
  if (v !== 'orig') await page.evaluate(resolveVars, v);
  results[v].push(await page.evaluate(measure));
  await ctx.close();
}
for (const [v, r] of Object.entries(results)) console.log(v.padEnd(8), r.map((x) => x.toFixed(2)).join(' '));
await browser.close();
