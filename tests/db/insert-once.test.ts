// A post or idea whose insert had no answer (the request timed out, the connection dropped) may
// have been stored all the same. Sent again unchanged, it is looked for among the newest rows
// first: stored once, whether the insert was lost on its way there or its answer on the way back.
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunity, type Community } from '../../src/lib/community';
import { CommunityError } from '../../src/lib/community/messages';
import { DEV_ANON_KEY, startBackend, type RunningBackend } from './harness';

/** What happens to the next insert: sent and answered, its answer lost, or never sent. */
type Line = 'answers' | 'loses the answer' | 'loses the request';

describe('an insert sent again after it had no answer', () => {
  let running: RunningBackend;
  let community: Community;
  let line: Line = 'answers';

  beforeAll(async () => {
    running = await startBackend({ rateLimit: 0 });
    const lossy: typeof fetch = async (input, init) => {
      if (init?.method !== 'POST' || line === 'answers') return fetch(input, init);
      const what = line;
      line = 'answers';
      if (what === 'loses the request') throw new TypeError('Failed to fetch');
      await (await fetch(input, init)).text();
      throw new TypeError('Failed to fetch');
    };
    community = createCommunity(
      new PostgrestClient(`${running.url}/rest/v1`, {
        headers: { apikey: DEV_ANON_KEY, Authorization: `Bearer ${DEV_ANON_KEY}` },
        fetch: lossy,
      }),
    );
  });
  afterAll(() => running?.stop());

  const stored = async (table: 'posts' | 'mota_ideas', column: 'content' | 'issue', text: string) => {
    const { rows } = await running.backend.db.query<{ id: number }>(
      `select id from public.${table} where ${column} = $1 order by id`,
      [text],
    );
    return rows.map((row) => row.id);
  };
  const unanswered = (promise: Promise<unknown>) =>
    expect(promise).rejects.toSatisfy((error) => error instanceof CommunityError && error.reason === 'unavailable');

  it('a post stored though its answer was lost is answered with, not stored again', async () => {
    const content = `Lost on the way back ${Date.now()}`;
    line = 'loses the answer';
    await unanswered(community.addPost({ content, authorName: '  Eleni ' }));
    const [id] = await stored('posts', 'content', content);
    expect(id).toBeDefined();

    const post = await community.addPost({ content: `  ${content}`, authorName: 'Eleni' });
    expect(post).toMatchObject({ id, content, authorName: 'Eleni' });
    expect(await stored('posts', 'content', content)).toEqual([id]);
  });

  it('a post that never arrived is stored when sent again', async () => {
    const content = `Lost on the way there ${Date.now()}`;
    line = 'loses the request';
    await unanswered(community.addPost({ content }));
    expect(await stored('posts', 'content', content)).toEqual([]);

    const post = await community.addPost({ content });
    expect(await stored('posts', 'content', content)).toEqual([post.id]);
  });

  it('only the same post is looked for: another one, or the same after an answer, is stored anew', async () => {
    const content = `Said twice on purpose ${Date.now()}`;
    line = 'loses the answer';
    await unanswered(community.addPost({ content, authorName: 'Eleni' }));
    // Another name is another post.
    await community.addPost({ content, authorName: 'Stavros' });
    // And once the server has answered, the same words again are a second post.
    await community.addPost({ content, authorName: 'Eleni' });
    expect(await stored('posts', 'content', content)).toHaveLength(3);
  });

  it('an idea stored though its answer was lost is answered with, not stored again', async () => {
    const issue = `A lamp left burning ${Date.now()}`;
    const idea = { issue, mitigation: 'Someone walks the rows at dusk.', proposedBy: '', notes: '' };
    line = 'loses the answer';
    await unanswered(community.addIdea(idea));
    const [id] = await stored('mota_ideas', 'issue', issue);
    expect(id).toBeDefined();

    expect(await community.addIdea(idea)).toMatchObject({ id, issue, proposedBy: 'Anonymous', notes: null });
    expect(await stored('mota_ideas', 'issue', issue)).toEqual([id]);
  });
});
