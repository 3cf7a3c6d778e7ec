// Invisible, direction-reversing and disguised text, through supabase-js: the database
// refuses it, and the forms' own checks (src/lib/community.ts) refuse the same rows with the
// same message. (supabase/tests/database/visible_text.test.sql has the SQL-level cases.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/lib/community-messages';
import { type IdeaInput, type PostInput } from '../../src/lib/community-types';
import { validateIdea, validatePost } from '../../src/lib/community-validation';
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
