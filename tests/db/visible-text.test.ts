// Invisible, direction-reversing and disguised text, through supabase-js: the database
// refuses it, and the forms' own checks (src/lib/community/index.ts) refuse the same rows with the
// same message. (supabase/tests/database/visible_text.test.sql has the SQL-level cases.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/lib/community/messages';
import { type IdeaInput, type PostInput } from '../../src/lib/community/types';
import { validateIdea, validatePost } from '../../src/lib/community/validation';
import { startBackend, type RunningBackend } from './harness';

const INVISIBLE = [
  '\u200b',
  '\u2060',
  '\u3164',
  '\u2800',
  '\u180e',
  '\u00ad',
  '\u115f',
  '\u1160',
  '\uffa0',
  '\ufeff',
  '\u200d',
  '\u{e0041}',
  '\u034f',
  '\ufe0f',
  // Format characters, marks alone, private use, unassigned, and the object replacement character.
  '\u{1bca0}',
  '\u{13430}',
  '\u{1d159}',
  '\u16fd',
  '\u20e3',
  '\u0301',
  '\u0489',
  '\ue000',
  '\ufffc',
];
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('invisible and disguised text (database and forms agree)', () => {
  let api: RunningBackend;
  beforeAll(async () => {
    api = await startBackend({ rateLimit: 0 });
  });
  afterAll(() => api.stop());

  async function sendPost(input: PostInput) {
    // Sent straight to the table, as any client could, skipping the form's checks.
    const row = { content: input.content, author_name: input.authorName ?? null };
    const { status, error } = await api.client().from('posts').insert(row);
    return { status, toast: status === 201 ? null : describeFailure('submitPost', error, status) };
  }

  async function sendIdea(input: IdeaInput) {
    const row = {
      issue: input.issue,
      mitigation: input.mitigation,
      proposed_by: input.proposedBy ?? 'Anonymous',
      notes: input.notes ?? null,
    };
    const { status, error } = await api.client().from('mota_ideas').insert(row);
    return { status, toast: status === 201 ? null : describeFailure('submitIdea', error, status) };
  }

  it.each(INVISIBLE.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    'a post of only %s is blank',
    async (_name, c) => {
      const input = { content: `${c}${c} ${c}` };
      const sent = await sendPost(input);
      expect(sent.status).toBe(400);
      const form = validatePost(input);
      expect(form?.reason).toBe('blank');
      expect(sent.toast?.description).toBe(form?.description);
    },
  );

  it('every invisible character at once, in every required field of an idea', async () => {
    const nothing = INVISIBLE.join('');
    for (const input of [
      { issue: nothing, mitigation: 'm' },
      { issue: 'i', mitigation: nothing },
    ]) {
      const sent = await sendIdea(input);
      expect(sent.status).toBe(400);
      expect(validateIdea(input)?.reason).toBe('blank');
      expect(sent.toast?.title).toBe('Missing Fields');
    }
  });

  it.each(BIDI.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    'a name with %s is refused, with the same words',
    async (_name, c) => {
      const post = { content: 'hello', authorName: `Yiannis${c}exe.txt` };
      const sentPost = await sendPost(post);
      expect(sentPost.status).toBe(400);
      const formPost = validatePost(post);
      expect(formPost?.reason).toBe('direction-controls');
      expect(sentPost.toast?.description).toBe(formPost?.description);

      const idea = { issue: 'i', mitigation: 'm', proposedBy: `${c}Aion` };
      const sentIdea = await sendIdea(idea);
      expect(sentIdea.status).toBe(400);
      expect(validateIdea(idea)?.reason).toBe('direction-controls');
      expect(sentIdea.toast?.description).toBe(validateIdea(idea)?.description);
    },
  );

  const stacked = `a${'\u0301\u0302\u0303\u0304\u0305'}`;

  it('four accents on a letter are fine; five are refused by both, in the same words', async () => {
    const four = `Zo${'\u0308\u0301\u0300\u0304'}e`;
    expect((await sendPost({ content: four, authorName: four })).status).toBe(201);
    expect(validatePost({ content: four, authorName: four })).toBeNull();

    for (const input of [
      { content: stacked },
      { content: 'hello', authorName: stacked },
      // A joiner between the marks does not end the run: they still stack.
      { content: `a${'\u0301\u200d'.repeat(5)}` },
    ]) {
      const sent = await sendPost(input);
      expect(sent.status).toBe(400);
      const form = validatePost(input);
      expect(form?.reason).toBe('stacked-marks');
      expect(sent.toast?.reason).toBe('stacked-marks');
      expect(sent.toast?.description).toBe(form?.description);
    }
    expect(validatePost({ content: 'hello', authorName: stacked })?.description).toContain('Your name piles');

    for (const field of ['issue', 'mitigation', 'proposedBy', 'notes'] as const) {
      const input = { issue: 'i', mitigation: 'm', [field]: `${stacked} tower` };
      const sent = await sendIdea(input);
      expect(sent.status).toBe(400);
      expect(validateIdea(input)?.reason).toBe('stacked-marks');
      expect(sent.toast?.description).toBe(validateIdea(input)?.description);
    }
  });

  it('a tower of 1,999 accents and a name of 59 millions signs are refused', async () => {
    const tower = { content: `a${'\u0301'.repeat(1999)}` };
    expect((await sendPost(tower)).toast?.reason).toBe('stacked-marks');
    expect(validatePost(tower)?.reason).toBe('stacked-marks');
    const name = { content: 'hello', authorName: '\u0489'.repeat(59) };
    const sent = await sendPost(name);
    expect(sent.status).toBe(400);
    // The form sends a name that shows nothing as no name (Anonymous); sent as it is, the
    // database refuses it.
    expect(sent.toast?.reason).toMatch(/^(blank|stacked-marks)$/);
    expect(validatePost(name)).toBeNull();
  });

  it('a link split by a zero-width character is still a link', async () => {
    const three = 'h\u200bttps://a.example w\u2060ww.b.example ex\u00adample.com';
    const sent = await sendPost({ content: three });
    expect(sent.status).toBe(400);
    expect(sent.toast?.reason).toBe('too-many-links');
    expect(validatePost({ content: three })?.reason).toBe('too-many-links');
    const idea = {
      issue: 'h\u200bttps://a',
      mitigation: 'h\ufeffttps://b',
      notes: 'h\u{e0041}ttps://c h\u200dttps://d',
    };
    expect((await sendIdea(idea)).toast?.reason).toBe('too-many-links');
    expect(validateIdea(idea)?.reason).toBe('too-many-links');
  });

  const disguised = [
    'hxxp://a.example hxxps://b.example',
    'visit example.com or shop.example.net/deals',
    'ｈｔｔｐｓ：／／a.example ｗｗｗ．b.example',
    'evil[.]com and x(.)org',
    'HTTPS://A.EXAMPLE www.b.example',
  ];

  it.each(disguised)('two disguised links are two links: %s', async (links) => {
    expect((await sendPost({ content: links })).status).toBe(201);
    expect(validatePost({ content: links })).toBeNull();
    const three = `${links} https://c.example`;
    const sent = await sendPost({ content: three });
    expect(sent.status).toBe(400);
    expect(validatePost({ content: three })?.reason).toBe('too-many-links');
    expect(sent.toast?.reason).toBe('too-many-links');
  });

  it('text that is not a link is not counted by either', async () => {
    const prose =
      'The shepherd said: e.g. 3.14, i.e. nothing. Mr.Smith, v2.0; end. https://one.example www.two.example';
    expect((await sendPost({ content: prose })).status).toBe(201);
    expect(validatePost({ content: prose })).toBeNull();
  });
});
