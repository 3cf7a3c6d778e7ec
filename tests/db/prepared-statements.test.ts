// The embedded backend parses and plans the statements it sends on every request (the
// request's settings, a one-row insert) once, as named prepared statements, and leaves reads
// unnamed so each search is planned for its own value. A call that fails after parsing leaves
// nothing that breaks the next one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from './harness';

let api: RunningBackend;
beforeAll(async () => {
  api = await startBackend({ rateLimit: 0 });
});
afterAll(() => api.stop());

const post = (body: unknown) =>
  api.fetch('/rest/v1/posts', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function preparedTexts() {
  const { rows } = await api.backend.db.query<{ statement: string }>('select statement from pg_prepared_statements');
  return rows.map((row) => row.statement);
}

describe('prepared statements', () => {
  it('a refused first insert, then the same insert accepted: the names it parsed are parsed again', async () => {
    expect(await preparedTexts()).toEqual([]);
    // The first insert of its shape, refused by the table's CHECK (blank content).
    expect((await post({ content: '   ', author_name: 'Ana' })).status).toBe(400);
    expect((await post({ content: 'A first post', author_name: 'Ana' })).status).toBe(201);
    expect((await post({ content: 'A second post', author_name: 'Ben' })).status).toBe(201);
    const texts = await preparedTexts();
    expect(texts.filter((text) => text.includes('set_config'))).toHaveLength(1);
    expect(texts.filter((text) => /INSERT INTO "public"."posts"/.test(text))).toHaveLength(1);
  });

  it('reads stay unnamed, and rows inserted through the prepared insert are all there', async () => {
    const response = await api.fetch('/rest/v1/posts?select=content&author_name=in.(Ana,Ben)&order=id');
    expect(await response.json()).toEqual([{ content: 'A first post' }, { content: 'A second post' }]);
    expect((await preparedTexts()).filter((text) => /^\s*select/i.test(text) && !text.includes('set_config'))).toEqual(
      [],
    );
  });
});
