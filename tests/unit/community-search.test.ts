import { describe, expect, it } from 'vitest';
import { ideaFilter } from '../../src/lib/community/search';
import { parseQuery } from '../../supabase/gateway/query-params.mjs';

describe('ideaFilter: the registry search as a PostgREST or-filter', () => {
  it('is null for an empty filter', () => {
    expect(ideaFilter('   ')).toBeNull();
  });

  it('searches issue, mitigation and proposer for a quoted substring', () => {
    expect(ideaFilter(' voice ')).toBe('issue.ilike."*voice*",mitigation.ilike."*voice*",proposed_by.ilike."*voice*"');
  });

  it('escapes LIKE wildcards and PostgREST syntax', () => {
    const filter = ideaFilter('50%_off, (now) "quoted" \\ *') ?? '';
    const tree = parseQuery(new URLSearchParams({ or: `(${filter})` })).filters[0];
    expect(tree).toMatchObject({ kind: 'or' });
    const values = (tree as { children: { value: string }[] }).children.map((c) => c.value);
    // The database sees: literal %, literal _, the punctuation as typed, and * as one-character wildcard.
    expect(values).toEqual(Array(3).fill('*50\\%\\_off, (now) "quoted" \\\\ _*'));
  });

  it('sends at most two typed * (the backend takes four wildcards, the ends use two)', () => {
    const filter = ideaFilter('a*b*c*d*e') ?? '';
    const tree = parseQuery(new URLSearchParams({ or: `(${filter})` })).filters[0];
    const values = (tree as { children: { value: string }[] }).children.map((c) => c.value);
    expect(values).toEqual(Array(3).fill('*a_b_cde*'));
  });
});
