import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copySite, failedBuild, removeCopy } from './site-copy';

// The author's mistakes as the author meets them: one file changed in a copy of the site, and
// `astro build` must stop with a message that names the file and what is wrong. Each mistake
// stops the build at its own file, so each is a build of its own: one for each way a mistake
// reaches the build (a collection's schema, content/site.json, the Markdown loader's own checks,
// the pages, the links). Every collection's schema shares one loader and one way of stopping the
// build, so the words each schema says for each mistake (a misspelt key in a field note or a book
// page, an excerpt too long, a day not written YYYY-MM-DD) are tested without a build, in
// tests/lib/content-schemas.test.ts, as is the Markdown loader's other check, two files with one
// address, beside the misdated day here. So are the checks the pages make of what they list, which
// stop the build as two essays with one title do here: two field notes with one id
// (tests/lib/publishing.test.ts).
let copy = '';

beforeAll(() => {
  copy = copySite('content-mistakes');
});

afterAll(() => {
  removeCopy(copy);
});

/** The build's output with `file` changed by `edit`; the file is put back afterwards. */
function buildWith(file: string, edit: (text: string) => string, env: Record<string, string> = {}): string {
  const path = join(copy, file);
  const original = readFileSync(path, 'utf8');
  const changed = edit(original);
  expect(changed, 'the edit changes the file').not.toBe(original);
  writeFileSync(path, changed);
  try {
    return failedBuild(copy, env);
  } finally {
    writeFileSync(path, original);
  }
}

describe('a misspelt key stops the build, naming the file, the key and the key meant', () => {
  it('in an essay', () => {
    const output = buildWith('content/essays/golden-age.md', (text) => text.replace(/^category:/m, 'categroy:'));
    expect(output).toContain('content/essays/golden-age.md');
    expect(output).toContain('`categroy` is not a field of an essay; did you mean `category`?');
  }, 120_000);

  it('in content/site.json', () => {
    const output = buildWith('content/site.json', (text) => text.replace('"contactEmail"', '"contactEmial"'));
    expect(output).toContain('content/site.json');
    expect(output).toContain('`contactEmial` is not a field of the site configuration; did you mean `contactEmail`?');
  }, 180_000);
});

it('a day the calendar lacks, which YAML would move to another, stops the build rather than being moved', () => {
  // Unquoted, YAML itself would have dated it 2 March.
  const output = buildWith('content/essays/golden-age.md', (text) =>
    text.replace(/^pubDate: .*$/m, 'pubDate: 2026-02-30'),
  );
  expect(output).toContain('content/essays/golden-age.md: pubDate: 2026-02-30 is not a day of the calendar');
}, 120_000);

it('a link to a page or a place the site does not have stops the build, naming the page and the link', () => {
  const output = buildWith(
    'content/essays/golden-age.md',
    (text) =>
      `${text}\nSee [the only voice](/essays/only-voice) and [its close](/essays/philosophy/only-voice#no-such-part).\n`,
  );
  expect(output).toContain('2 links lead nowhere on this site:');
  expect(output).toContain('on /essays/philosophy/golden-age: /essays/only-voice\n');
  expect(output).toContain('on /essays/philosophy/golden-age: /essays/philosophy/only-voice#no-such-part\n');
}, 120_000);

it("the site's address: PUBLIC_SITE_URL, else siteUrl in content/site.json, each named when malformed", () => {
  const fromEnv = buildWith('content/essays/golden-age.md', (text) => `${text}\n`, { PUBLIC_SITE_URL: 'notaurl' });
  expect(fromEnv).toContain('PUBLIC_SITE_URL is "notaurl", not a URL such as https://genesis-novel.example');
  const fromFile = buildWith('content/site.json', (text) =>
    text.replace(/"siteUrl": "[^"]*"/, '"siteUrl": "genesis-novel.example"'),
  );
  expect(fromFile).toContain('siteUrl in content/site.json is "genesis-novel.example", not a URL');
}, 120_000);

it('two essays with one title stop the build, naming both files', () => {
  const output = buildWith('content/essays/only-voice.md', (text) =>
    text.replace(/^title: .*$/m, 'title: The Golden Age'),
  );
  expect(output).toContain(
    'content/essays/only-voice.md: title "The Golden Age" is already the title of content/essays/golden-age.md',
  );
}, 120_000);
