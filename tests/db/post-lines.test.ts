// The database counts a post's lines as the forum's form does (lineCount in
// src/lib/community/validation.ts), on the embedded PGlite and on a real PostgreSQL cluster when
// `npm test` started one (POSTGRES_TEST_HOST/PORT): the live constraint's own definition is put on
// a temporary table of the session, so the probes store nothing in the shared database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/lib/community/limits';
import { lineCount } from '../../src/lib/community/validation';
import { servers, type Server } from './both-servers';

const lines = (count: number, separator: string) => Array.from({ length: count }, (_, i) => `${i}`).join(separator);
const BREAKS = { LF: '\n', 'CR LF': '\r\n', CR: '\r', VT: '\v', FF: '\f', NEL: '\u0085', LS: '\u2028', PS: '\u2029' };
const samples: [string, string][] = [
  ...Object.entries(BREAKS).flatMap(([name, separator]): [string, string][] => [
    [`${LIMITS.postLines} lines by ${name}`, lines(LIMITS.postLines, separator)],
    [`${LIMITS.postLines + 1} lines by ${name}`, lines(LIMITS.postLines + 1, separator)],
  ]),
  // LF CR is two breaks, where CR LF is one.
  ['LF CR between lines', lines(LIMITS.postLines / 2 + 1, '\n\r')],
  ['blank lines', `a${'\n'.repeat(LIMITS.postLines)}b`],
  ['one long line', 'x'.repeat(LIMITS.postContent)],
];

describe.each(servers)('a post’s lines on %s', (name, open) => {
  const skip = name.includes('skipped');
  let db: Server;

  beforeAll(async () => {
    if (skip) return;
    db = await open();
    const [constraint] = await db.query(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
        where conname = 'posts_content_lines' and conrelid = 'public.posts'::regclass`,
    );
    expect(constraint, 'the posts_content_lines constraint').toBeDefined();
    await db.query(
      `create temporary table post_lines_probe (content text, constraint posts_content_lines ${String(
        constraint!.definition,
      ).replace(/ NOT VALID$/, '')})`,
    );
  });
  afterAll(() => db?.close());

  it.skipIf(skip).each(samples)('%s: refused exactly when the form refuses it', async (_sample, text) => {
    const taken = await db.query('insert into post_lines_probe (content) values ($1)', [text]).then(
      () => true,
      (error: { code?: string }) => {
        expect(error.code).toBe('23514');
        return false;
      },
    );
    expect(taken).toBe(lineCount(text) <= LIMITS.postLines);
  });
});
