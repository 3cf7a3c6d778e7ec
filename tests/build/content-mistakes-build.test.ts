import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copySite, failedBuild, removeCopy } from './site-copy';

// The author's mistakes as the author meets them: one file changed in a copy of the site, and
// `astro build` must stop with a message that names the file, the key they typed and the key
// they meant. Each mistake stops the build at its own file, so each is a build of its own.
let copy = '';

beforeAll(() => {
  copy = copySite('content-mistakes');
});

afterAll(() => {
  removeCopy(copy);
});

/** The build's output with `file` changed by `edit`; the file is put back afterwards. */
function buildWith(file: string, edit: (text: string) => string): string {
  const path = join(copy, file);
  const original = readFileSync(path, 'utf8');
  const changed = edit(original);
  expect(changed, 'the edit changes the file').not.toBe(original);
  writeFileSync(path, changed);
  try {
    return failedBuild(copy);
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

  it('in a field note', () => {
    const output = buildWith('content/fieldnotes/01-sentinel-in-the-storm.md', (text) =>
      text.replace(/^dateLogged:/m, 'dateLoged:'),
    );
    expect(output).toContain('content/fieldnotes/01-sentinel-in-the-storm.md');
    expect(output).toContain('`dateLoged` is not a field of a field note; did you mean `dateLogged`?');
  }, 120_000);

  it('in a book page', () => {
    const output = buildWith('content/book/synopsis.md', (text) => text.replace(/^description:/m, 'decription:'));
    expect(output).toContain('content/book/synopsis.md');
    expect(output).toContain('`decription` is not a field of a `synopsis` page; did you mean `description`?');
  }, 120_000);

  it('in content/site.json', () => {
    const output = buildWith('content/site.json', (text) => text.replace('"contactEmail"', '"contactEmial"'));
    expect(output).toContain('content/site.json');
    expect(output).toContain('`contactEmial` is not a field of the site configuration; did you mean `contactEmail`?');
  }, 180_000);
});

it('an essay excerpt longer than a search-result snippet stops the build', () => {
  const output = buildWith('content/essays/golden-age.md', (text) =>
    text.replace(/^excerpt: (.*)$/m, (_, excerpt: string) => `excerpt: ${excerpt} ${excerpt}`),
  );
  expect(output).toContain('content/essays/golden-age.md');
  expect(output).toContain('excerpt: must be at most 200 characters (it is the search-result snippet)');
}, 120_000);
