// Every built page is valid HTML: the Nu Html Checker (the W3C's, from the vnu-jar package) reads
// all of dist/ in one run, as a crawler's parser would read the pages, and each error is printed
// with its page, line and message. Exits 1 on any error, 2 when the checker could not run.
// `npm test` runs it after the build; by hand: `npx astro build && node scripts/validate-html.mjs`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import vnuJar from 'vnu-jar';

const dist = process.argv[2] ?? 'dist';

/**
 * Where the checker is older than the standard it checks: these messages name features that are
 * valid, so they are left out. Each pattern matches one message exactly.
 */
const OUTDATED = [
  // CSS Properties and Values API (@property): the checker's CSS module predates it; Tailwind 4 registers its variables with it.
  /^CSS: Unrecognized at-rule “@property”$/,
  // CSS Box Model 4 margin-trim: likewise unknown to it; it is only named in Tailwind's @supports test.
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/,
  // CSS Transitions: a transition-property may name a custom property (a <custom-ident>); Tailwind's transition-colors does.
  /^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value\.$/,
  // HTML "expect" links: the standard lets one block rendering until its element is parsed; the checker allows `blocking` on stylesheets alone.
  /^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\.$/,
  // HTML speculation rules: the standard added eagerness "immediate", which the checker's module predates.
  /^The “eagerness” property in a speculation rule must be one of “eager”, “moderate”, or “conservative”\.$/,
];

/** @param {string} dir @returns {string[]} every .html file under dir */
function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => join(dir, name))
    .sort();
}

const files = htmlFiles(dist);
if (files.length === 0) {
  console.error(`No HTML files in ${dist}/: build the site first (npx astro build).`);
  process.exit(2);
}

const started = Date.now();
// One JVM for every page: starting the checker costs more than checking a page.
const result = spawnSync('java', ['-jar', String(vnuJar), '--errors-only', '--format', 'json', '--stdout', ...files], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
if (result.error || !result.stdout) {
  console.error(`The Nu Html Checker did not run: ${result.error?.message ?? result.stderr}`);
  process.exit(2);
}

/** @type {{ messages: { type: string, url?: string, lastLine?: number, lastColumn?: number, message: string, extract?: string }[] }} */
const report = JSON.parse(result.stdout);
const errors = report.messages.filter((m) => !OUTDATED.some((pattern) => pattern.test(m.message)));

/** @type {Map<string, typeof errors>} */
const byPage = new Map();
for (const error of errors) {
  const page = error.url ? relative(process.cwd(), fileURLToPath(error.url)) : '(no page)';
  byPage.set(page, [...(byPage.get(page) ?? []), error]);
}
for (const [page, pageErrors] of byPage) {
  console.log(`\n${page}`);
  for (const { lastLine, lastColumn, message, extract } of pageErrors) {
    console.log(`  ${lastLine ?? '?'}:${lastColumn ?? '?'}  ${message}`);
    if (extract) console.log(`      ${extract.replace(/\s+/g, ' ').trim()}`);
  }
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (errors.length > 0) {
  console.log(
    `\n${errors.length} HTML errors on ${byPage.size} of ${files.length} pages (Nu Html Checker, ${seconds} s)`,
  );
  process.exit(1);
}
console.log(`${files.length} pages, 0 HTML errors (Nu Html Checker, ${seconds} s)`);
