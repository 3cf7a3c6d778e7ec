// Text that draws over its card (consonants stacked by a virama or coeng, long runs of Hangul
// jamo) and links spelled with other dots and slashes, through supabase-js on the embedded
// backend: the database refuses them, the forms' own checks refuse the same rows in the same
// words, and real Korean, Khmer, Sanskrit and Japanese still pass both. And the migration that
// brought the rules hides the rows already shown that break them.
// (supabase/tests/database/stacked_consonants_jamo_and_link_spellings.test.sql has the SQL-level cases.)
import { cp, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../supabase/embedded/database.mjs';
import { SUPABASE_DIR } from '../../supabase/project.mjs';
import { LIMITS } from '../../src/lib/community/limits';
import { describeFailure } from '../../src/lib/community/messages';
import { type IdeaInput, type PostInput } from '../../src/lib/community/types';
import { validateIdea, validatePost } from '../../src/lib/community/validation';
import { startBackend, type RunningBackend } from './harness';

const khmer = (subscripts: number) => `\u1780${'\u17d2\u1780'.repeat(subscripts)}`;

const DRAWS_OVER = {
  'a Khmer letter with 500 subscripts': khmer(500),
  'a Khmer letter with five subscripts': khmer(5),
  'five subscripts with zero-width joiners between them': `\u1780${'\u17d2\u200d\u1780'.repeat(5)}`,
  'Devanagari letters joined 60 times, a nukta on each': `\u0958${'\u094d\u0958'.repeat(60)}`,
  'one leading consonant and 500 vowel jamo': `\u1100${'\u1161'.repeat(500)}`,
  '500 leading consonant jamo': `${'\u1100'.repeat(500)}\u1161`,
  'a syllable and 500 trailing consonant jamo': `\uac00${'\u11a8'.repeat(500)}`,
  'a consonant and five vowel fillers': '\u1100\u1160\u1160\u1160\u1160\u1160',
};

const REAL_TEXT = {
  Korean: '대한민국의 수도는 서울입니다. 오늘 날씨가 참 좋네요!',
  'Korean as jamo (NFD)': '대한민국의 수도는 서울입니다. 오늘 날씨가 참 좋네요!'.normalize('NFD'),
  Khmer: 'ខ្ញុំស្រឡាញ់ភាសាខ្មែរ។ ស្ត្រីនិងកុមារទៅសាលារៀន។ រាស្ត្រ',
  'Sanskrit and other Brahmic scripts': 'कार्त्स्न्यम् — न्यायशास्त्र, मत्स्य; ভাষা, ಸ್ತ್ರೀ, స్త్రీ, ပုဂ္ဂိုလ်',
  'Japanese, with 。 and www。 laughter, and two links':
    '東京へ行きました。とても楽しかったです。言語はGo。面白かったwww。｡ﾃｽﾄ｡ https://one.example www.two.example',
  'the most the rules take': `${khmer(4)} \u1100\u1101\u1102\u1103\u1161\u1162\u1163\u1164\u11a8\u11a9\u11aa\u11ab`,
};

const TWO_LINKS = [
  'example。com evil｡net',
  'www。a。example www｡b',
  'https:\\\\a.example http:\\/b.example',
  '//a.example/x (//b.example)',
  't.me/joinchat wa.me/123',
];

describe('text that draws over its card, and links spelled another way (database and forms agree)', () => {
  let api: RunningBackend;
  let address = 0;
  beforeAll(async () => {
    api = await startBackend({ rateLimit: 0 });
  });
  afterAll(() => api.stop());

  async function sendPost(input: PostInput) {
    // Sent straight to the table, as any client could, skipping the form's checks.
    const row = { content: input.content, author_name: input.authorName ?? null };
    const { status, error } = await api
      .client(`198.51.100.${(address += 1)}`)
      .from('posts')
      .insert(row);
    return { status, toast: status === 201 ? null : describeFailure('submitPost', error, status) };
  }

  async function sendIdea(input: IdeaInput) {
    const row = {
      issue: input.issue,
      mitigation: input.mitigation,
      proposed_by: input.proposedBy ?? 'Anonymous',
      notes: input.notes ?? null,
    };
    const { status, error } = await api
      .client(`198.51.100.${(address += 1)}`)
      .from('mota_ideas')
      .insert(row);
    return { status, toast: status === 201 ? null : describeFailure('submitIdea', error, status) };
  }

  it.each(Object.entries(DRAWS_OVER))('%s is refused by both, in the same words', async (_name, text) => {
    for (const input of [{ content: `${text} tower` }, { content: 'hello', authorName: text.slice(0, 60) }]) {
      const sent = await sendPost(input);
      expect(sent.status).toBe(400);
      const form = validatePost(input);
      expect(form?.reason).toBe('stacked-marks');
      expect(sent.toast?.reason).toBe('stacked-marks');
      expect(sent.toast?.description).toBe(form?.description);
    }
    const idea = { issue: 'i', mitigation: 'm', notes: text.slice(0, LIMITS.ideaNotes) };
    const sent = await sendIdea(idea);
    expect(sent.status).toBe(400);
    expect(validateIdea(idea)?.reason).toBe('stacked-marks');
    expect(sent.toast?.description).toBe(validateIdea(idea)?.description);
  });

  it.each(Object.entries(REAL_TEXT))('%s passes both', async (_name, text) => {
    const post = { content: text, authorName: text.slice(0, 30) };
    expect(validatePost(post)).toBeNull();
    expect((await sendPost(post)).status).toBe(201);
    const idea = { issue: text.slice(0, 300), mitigation: 'Read it aloud.', proposedBy: text.slice(0, 30) };
    expect(validateIdea(idea)).toBeNull();
    expect((await sendIdea(idea)).status).toBe(201);
  });

  it.each(TWO_LINKS)('two links are two links: %s', async (links) => {
    expect(validatePost({ content: links })).toBeNull();
    expect((await sendPost({ content: links })).status).toBe(201);
    const three = `${links} https://c.example`;
    const sent = await sendPost({ content: three });
    expect(sent.status).toBe(400);
    expect(sent.toast?.reason).toBe('too-many-links');
    expect(validatePost({ content: three })?.reason).toBe('too-many-links');
    expect(sent.toast?.description).toBe(validatePost({ content: three })?.description);
  });

  it('the new spellings count across an idea', async () => {
    const idea = { issue: 't.me/a', mitigation: 'https:\\\\b.example', notes: '//c.example d。com' };
    const sent = await sendIdea(idea);
    expect(sent.status).toBe(400);
    expect(sent.toast?.reason).toBe('too-many-links');
    expect(validateIdea(idea)?.reason).toBe('too-many-links');
  });
});

describe('the migration hides the rows already shown that break the new rules', () => {
  const MIGRATION_SUFFIX = '_stacked_consonants_jamo_and_link_spellings.sql';
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'stacked-rules-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('hides them, leaves real text shown, and refuses to show them again', async () => {
    const migrations = (await readdir(join(SUPABASE_DIR, 'migrations'))).sort();
    const ours = migrations.find((file) => file.endsWith(MIGRATION_SUFFIX))!;
    await cp(join(SUPABASE_DIR, 'seed.sql'), join(folder, 'seed.sql'));
    await mkdir(join(folder, 'migrations'));
    for (const file of migrations.filter((file) => file < ours)) {
      await cp(join(SUPABASE_DIR, 'migrations', file), join(folder, 'migrations', file));
    }
    const { db } = await openDatabase({ dataDir: 'memory', supabaseDir: folder });
    try {
      const insert = async (sql: string, params: unknown[]) =>
        (await db.query<{ id: number }>(`${sql} returning id`, params)).rows[0].id;
      const posts = {
        subscripts: await insert('insert into public.posts (content) values ($1)', [khmer(500)]),
        jamo: await insert('insert into public.posts (content) values ($1)', [`\u1100${'\u1161'.repeat(500)}`]),
        links: await insert('insert into public.posts (content) values ($1)', ['t.me/a //b.example c。com']),
        name: await insert("insert into public.posts (content, author_name) values ('hello', $1)", [khmer(5)]),
        korean: await insert('insert into public.posts (content) values ($1)', [REAL_TEXT['Korean as jamo (NFD)']]),
        japanese: await insert('insert into public.posts (content) values ($1)', [
          REAL_TEXT['Japanese, with 。 and www。 laughter, and two links'],
        ]),
      };
      const idea = await insert('insert into public.mota_ideas (issue, mitigation, notes) values ($1, $2, $3)', [
        'https:\\\\a.example',
        '//b.example',
        'c。com d.me',
      ]);

      await db.exec(await readFile(join(SUPABASE_DIR, 'migrations', ours), 'utf8'));

      const hidden = async (table: string, id: number) =>
        (await db.query<{ is_hidden: boolean }>(`select is_hidden from public.${table} where id = $1`, [id])).rows[0]
          .is_hidden;
      for (const key of ['subscripts', 'jamo', 'links', 'name'] as const) {
        expect(await hidden('posts', posts[key]), key).toBe(true);
      }
      expect(await hidden('mota_ideas', idea)).toBe(true);
      expect(await hidden('posts', posts.korean)).toBe(false);
      expect(await hidden('posts', posts.japanese)).toBe(false);

      await expect(
        db.query('update public.posts set is_hidden = false where id = $1', [posts.subscripts]),
      ).rejects.toMatchObject({ code: '23514' });
    } finally {
      await db.close();
    }
  }, 120_000);
});
