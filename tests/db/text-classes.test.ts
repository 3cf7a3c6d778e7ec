// The database reads the character classes of its CHECK constraints as src/lib/text-classes.ts
// does, on every code point, on the embedded PGlite and on a real PostgreSQL cluster when
// `npm test` started one (scripts/postgres-cluster.mjs sets POSTGRES_TEST_HOST/PORT). And the
// migration that brought them hides the rows already shown that break them, rather than fail.
import { cp, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../supabase/embedded/database.mjs';
import { SUPABASE_DIR } from '../../supabase/project.mjs';
import { IGNORABLE, VISIBLE } from '../../src/lib/text-classes';
import { servers, type Query } from './both-servers';

/** Every character Postgres text can hold (not U+0000, no surrogates), in order. */
const EVERY_CHARACTER = `select string_agg(chr(cp), '' order by cp) as text
  from generate_series(1, 1114111) as cp where cp < 55296 or cp > 57343`;

/** The same characters, those `kept` says, in order. */
function expected(kept: (char: string) => boolean): string {
  let text = '';
  for (let cp = 1; cp <= 0x10ffff; cp += 1) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const char = String.fromCodePoint(cp);
    if (kept(char)) text += char;
  }
  return text;
}

/** The first few characters in one text and not the other, as U+XXXX. */
function difference(have: string, want: string): string[] {
  const wanted = new Set(want);
  const had = new Set(have);
  return [
    ...[...had].filter((c) => !wanted.has(c)).map((c) => `extra U+${c.codePointAt(0)!.toString(16)}`),
    ...[...wanted].filter((c) => !had.has(c)).map((c) => `missing U+${c.codePointAt(0)!.toString(16)}`),
  ].slice(0, 10);
}

describe.each(servers)('the CHECK constraints on %s read their classes as the forms do', (name, open) => {
  const skip = name.includes('skipped');
  let db: { query: Query; close: () => Promise<void> };
  /** The one pattern each class is written as, and the characters it leaves of every one. */
  const patterns = { visible: '', ignorable: '', marks: '' };
  const kept = { visible: '', ignorable: '', marks: '' };
  let constraints: Record<string, unknown>[];

  beforeAll(async () => {
    if (skip) return;
    db = await open();
    constraints = await db.query(
      `select conname, pg_get_constraintdef(oid) as definition from pg_constraint
        where contype = 'c' and conrelid in ('public.posts'::regclass, 'public.mota_ideas'::regclass)`,
    );
    const functions = await db.query(
      `select proname, prosrc from pg_proc where pronamespace = 'private'::regnamespace
          and proname in ('shows_something', 'stacks_marks', 'link_count')`,
    );
    /** The string literals of a function's body (E'…' ones unescaped). */
    const literals = (name: string) => {
      const source = String(functions.find((f) => f.proname === name)?.prosrc);
      return [...source.matchAll(/(E?)'((?:[^']|'')*)'/g)].map(([, e, text]) =>
        (e ? text.replaceAll('\\\\', '\\') : text).replaceAll("''", "'"),
      );
    };
    patterns.visible = literals('shows_something')[0];
    [patterns.ignorable, , , patterns.marks] = literals('stacks_marks');
    patterns.marks = patterns.marks.replace(/\{5\}$/, '');
    expect(literals('link_count')[0]).toBe(patterns.ignorable);
    // The removal of every match of each pattern from one text of every character.
    const [removed] = await db.query(
      `with every_character as (${EVERY_CHARACTER})
       select regexp_replace(text, $1, '', 'g') as visible, regexp_replace(text, $2, '', 'g') as ignorable,
              regexp_replace(text, $3, '', 'g') as marks
         from every_character`,
      [patterns.visible, patterns.ignorable, patterns.marks],
    );
    kept.visible = String(removed.visible);
    kept.ignorable = String(removed.ignorable);
    kept.marks = String(removed.marks);
  }, 120_000);
  afterAll(() => db?.close());

  const same = (have: string, want: string) => (have === want ? [] : difference(have, want));

  it.skipIf(skip)('every text column is checked through the functions', () => {
    const uses = (suffix: string, call: string) =>
      constraints.filter((c) => String(c.conname).endsWith(suffix)).map((c) => String(c.definition).includes(call));
    expect(uses('_not_blank', 'private.shows_something(')).toEqual(Array(6).fill(true));
    expect(uses('_marks', 'private.stacks_marks(')).toEqual(Array(6).fill(true));
    expect(uses('_links', 'private.link_count(')).toEqual([true, true]);
  });

  it.skipIf(skip)('shows_something: what is not visible', () => {
    expect(
      same(
        kept.visible,
        expected((c) => !VISIBLE.test(c)),
      ),
    ).toEqual([]);
  });

  it.skipIf(skip)('stacks_marks and link_count: what renders as nothing, and marks', () => {
    const ignorable = new RegExp(IGNORABLE.source, 'u');
    expect(
      same(
        kept.ignorable,
        expected((c) => !ignorable.test(c)),
      ),
    ).toEqual([]);
    expect(
      same(
        kept.marks,
        expected((c) => !/\p{M}/u.test(c)),
      ),
    ).toEqual([]);
  });
});

describe('the migration hides the rows already shown that break the new rules', () => {
  const MIGRATION_SUFFIX = '_invisible_and_stacked_text.sql';
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'text-rules-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('hides them, keeps the totals, and refuses to show them again', async () => {
    const migrations = (await readdir(join(SUPABASE_DIR, 'migrations'))).sort();
    const ours = migrations.find((file) => file.endsWith(MIGRATION_SUFFIX))!;
    await cp(join(SUPABASE_DIR, 'seed.sql'), join(folder, 'seed.sql'));
    await mkdir(join(folder, 'migrations'));
    for (const file of migrations.filter((file) => file < ours)) {
      await cp(join(SUPABASE_DIR, 'migrations', file), join(folder, 'migrations', file));
    }
    const { db } = await openDatabase({ dataDir: 'memory', supabaseDir: folder });
    try {
      const legacy = {
        tower: `a${'\u0301'.repeat(1999)}`,
        keycap: '\u20e3\u20e3',
        spaced: 'h\u200bttps://a h\u200bttps://b h\u200bttps://c',
        fine: `Zoe\u0308 says hello`,
      };
      const ids: Record<string, number> = {};
      for (const [key, content] of Object.entries(legacy)) {
        const { rows } = await db.query<{ id: number }>('insert into public.posts (content) values ($1) returning id', [
          content,
        ]);
        ids[key] = rows[0].id;
      }
      const name = await db.query<{ id: number }>(
        "insert into public.posts (content, author_name) values ('hello', $1) returning id",
        ['\u0489'.repeat(59)],
      );
      const idea = await db.query<{ id: number }>(
        "insert into public.mota_ideas (issue, mitigation) values ('i', $1) returning id",
        [`m${'\u0489'.repeat(20)}`],
      );

      await db.exec(await readFile(join(SUPABASE_DIR, 'migrations', ours), 'utf8'));

      const hidden = async (table: string, id: number) =>
        (await db.query<{ is_hidden: boolean }>(`select is_hidden from public.${table} where id = $1`, [id])).rows[0]
          .is_hidden;
      expect(await hidden('posts', ids.tower)).toBe(true);
      expect(await hidden('posts', ids.keycap)).toBe(true);
      expect(await hidden('posts', ids.spaced)).toBe(true);
      expect(await hidden('posts', name.rows[0].id)).toBe(true);
      expect(await hidden('mota_ideas', idea.rows[0].id)).toBe(true);
      expect(await hidden('posts', ids.fine)).toBe(false);

      const counted = await db.query<{ posts: number; mota_ideas: number }>(
        'select posts::int, mota_ideas::int from public.community_totals',
      );
      const actual = await db.query<{ posts: number; mota_ideas: number }>(
        `select (select count(*) from public.posts where not is_hidden)::int as posts,
                (select count(*) from public.mota_ideas where not is_hidden)::int as mota_ideas`,
      );
      expect(counted.rows[0]).toEqual(actual.rows[0]);

      await expect(
        db.query('update public.posts set is_hidden = false where id = $1', [ids.tower]),
      ).rejects.toMatchObject({ code: '23514' });
    } finally {
      await db.close();
    }
  }, 120_000);
});
