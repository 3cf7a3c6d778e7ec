// The contract between the site and its backend, run against the embedded stand-in and,
// when SUPABASE_TEST_URL and SUPABASE_TEST_ANON_KEY are set, against a real Supabase project
// with the migrations pushed. Everything here holds whatever rows the database already has,
// and it inserts only one post and one idea (the real project's rate limit stays untouched).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Community, createCommunity } from '../../src/lib/community';
import { LIMITS } from '../../src/lib/community/limits';
import { clientFor, startBackend, type RunningBackend } from './harness';

interface Target {
  name: string;
  setup(): Promise<{ client: SupabaseClient; stop(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'embedded stand-in',
    async setup() {
      const running: RunningBackend = await startBackend();
      return { client: running.client('192.0.2.10'), stop: () => running.stop() };
    },
  },
];

const realUrl = process.env.SUPABASE_TEST_URL;
const realKey = process.env.SUPABASE_TEST_ANON_KEY;
if (realUrl && realKey) {
  targets.push({
    name: `real project ${new URL(realUrl).host}`,
    async setup() {
      return { client: clientFor(realUrl, realKey), stop: async () => {} };
    },
  });
} else {
  console.warn(
    '\n[tests/db] Contract suite against a real Supabase project SKIPPED: set SUPABASE_TEST_URL and ' +
      'SUPABASE_TEST_ANON_KEY (a test project with `supabase db push` applied) to run it.\n',
  );
}

describe.skipIf(!(realUrl && realKey))('contract against a real Supabase project', () => {
  it('runs (see the suites named "real project")', () => {
    expect(realUrl).toBeTruthy();
  });
});

for (const target of targets) {
  describe(`contract: ${target.name}`, () => {
    let client: SupabaseClient;
    let community: Community;
    let stop: () => Promise<void>;
    const marker = `contract-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

    beforeAll(async () => {
      ({ client, stop } = await target.setup());
      community = createCommunity(client);
    });
    afterAll(() => stop?.());

    it('forum list: select all posts ordered by created_at ascending', async () => {
      const { data, error, status } = await client.from('posts').select('*').order('created_at', { ascending: true });
      expect(error).toBeNull();
      expect(status).toBe(200);
      const times = (data ?? []).map((row) => Date.parse(row.created_at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const row of data ?? []) {
        expect(Object.keys(row).sort()).toEqual(['author_name', 'content', 'created_at', 'id', 'is_hidden']);
        expect(row.is_hidden).toBe(false);
      }
    });

    it('forum post: insert one row with content and author_name, then it is on the newest page', async () => {
      await community.addPost({ content: `  ${marker} under the carob tree  `, authorName: '   ' });
      const page = await community.listPosts({ page: 1 });
      const mine = page.rows.find((post) => post.content === `${marker} under the carob tree`);
      expect(mine).toBeDefined();
      expect(mine?.authorName).toBeNull();
      // Oldest first within the page, the newest page first.
      const times = page.rows.map((post) => Date.parse(post.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(page.rows.at(-1)?.content).toBe(mine?.content);
      expect(page.total).toBeGreaterThanOrEqual(page.rows.length);
      expect(page.pageCount).toBe(Math.max(1, Math.ceil(page.total / page.pageSize)));
    });

    it('registry submit and list: insert one idea, then find it newest-first by filter', async () => {
      await community.addIdea({
        issue: `${marker}: cloned voices`,
        mitigation: 'Consent recorded while alive',
        proposedBy: '',
        notes: ' ',
      });
      const { data, error } = await client.from('mota_ideas').select('*').order('created_at', { ascending: false });
      expect(error).toBeNull();
      const times = (data ?? []).map((row) => Date.parse(row.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const found = await community.listIdeas({ filter: marker.toUpperCase() });
      expect(found.rows).toHaveLength(1);
      expect(found.rows[0]).toMatchObject({
        proposedBy: 'Anonymous',
        notes: null,
        mitigation: 'Consent recorded while alive',
      });
      expect(await community.allMatchingIdeas(marker)).toHaveLength(1);
    });

    it('random idea: returns one of the registry', async () => {
      const idea = await community.randomIdea();
      expect(idea).not.toBeNull();
      expect(typeof idea?.issue).toBe('string');
    });

    it('anon cannot update or delete (401, 42501)', async () => {
      const update = await client.from('posts').update({ content: 'rewritten' }).gt('id', 0);
      expect(update.status).toBe(401);
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('mota_ideas').delete().gt('id', 0);
      expect(remove.status).toBe(401);
      expect(remove.error?.code).toBe('42501');
    });

    it.each([
      ['id', { id: 999_999, content: 'chosen id' }],
      ['created_at', { content: 'from the past', created_at: '2001-01-01T00:00:00Z' }],
      ['is_hidden', { content: 'born hidden', is_hidden: true }],
    ])('anon cannot choose %s when inserting (401, 42501)', async (_column, row) => {
      const { status, error } = await client.from('posts').insert(row as Record<string, unknown>);
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    });

    it('anon never sees hidden rows', async () => {
      for (const table of ['posts', 'mota_ideas']) {
        const { data, error } = await client.from(table).select('id').eq('is_hidden', true);
        expect(error).toBeNull();
        expect(data).toEqual([]);
      }
    });

    it.each([
      ['posts', { content: ' \n\t ' }, 'posts_content_not_blank'],
      ['posts', { content: 'x'.repeat(LIMITS.postContent + 1) }, 'posts_content_length'],
      ['posts', { content: 'see https://a.example http://b.example www.c.example' }, 'posts_content_links'],
      ['posts', { content: 'hello', author_name: '  ' }, 'posts_author_name_not_blank'],
      ['posts', { content: 'hello', author_name: 'n'.repeat(LIMITS.authorName + 1) }, 'posts_author_name_length'],
      ['mota_ideas', { issue: '', mitigation: 'm' }, 'mota_ideas_issue_not_blank'],
      ['mota_ideas', { issue: 'i'.repeat(LIMITS.ideaIssue + 1), mitigation: 'm' }, 'mota_ideas_issue_length'],
      ['mota_ideas', { issue: 'i', mitigation: '\u3000' }, 'mota_ideas_mitigation_not_blank'],
      ['mota_ideas', { issue: 'i', mitigation: 'm'.repeat(LIMITS.ideaMitigation + 1) }, 'mota_ideas_mitigation_length'],
      ['mota_ideas', { issue: 'i', mitigation: 'm', proposed_by: ' ' }, 'mota_ideas_proposed_by_not_blank'],
      [
        'mota_ideas',
        { issue: 'i', mitigation: 'm', proposed_by: 'p'.repeat(LIMITS.proposedBy + 1) },
        'mota_ideas_proposed_by_length',
      ],
      ['mota_ideas', { issue: 'i', mitigation: 'm', notes: '' }, 'mota_ideas_notes_not_blank'],
      [
        'mota_ideas',
        { issue: 'i', mitigation: 'm', notes: 'n'.repeat(LIMITS.ideaNotes + 1) },
        'mota_ideas_notes_length',
      ],
      ['mota_ideas', { issue: 'www.a', mitigation: 'http://b https://c', notes: 'www.d' }, 'mota_ideas_links'],
    ])('%s refuses %j with 400 and check constraint %s', async (table, row, constraint) => {
      const { status, error } = await client.from(table).insert(row as Record<string, unknown>);
      expect(status).toBe(400);
      expect(error?.code).toBe('23514');
      expect(error?.message).toContain(`"${constraint}"`);
    });

    it('a missing required column is refused with 400 (not null)', async () => {
      const { status, error } = await client.from('mota_ideas').insert({ issue: 'no mitigation' });
      expect(status).toBe(400);
      expect(error?.code).toBe('23502');
    });

    it('unknown tables are 404 and unknown columns 400, never a server error', async () => {
      const table = await client.from('private_settings').select('*');
      expect(table.status).toBe(404);
      const column = await client.from('posts').select('secret');
      expect(column.status).toBe(400);
    });
  });
}
