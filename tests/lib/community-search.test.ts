import { describe, expect, it } from 'vitest';
import { ideaSearch } from '../../src/lib/community/search';
import { arrayItems, parseQuery } from '../../supabase/gateway/query-params.mjs';

/** The ilike values of a search's or-filter, as the backend parses them. */
function orValues(or: string | null | undefined): string[] {
  const tree = parseQuery(new URLSearchParams({ or: `(${or ?? ''})` })).filters[0];
  expect(tree).toMatchObject({ kind: 'or' });
  return (tree as { children: { value: string }[] }).children.map((c) => c.value);
}

describe('ideaSearch: the registry search as a PostgREST request', () => {
  it('is null for an empty search, and for * alone (each matches any character)', () => {
    expect(ideaSearch('   ')).toBeNull();
    expect(ideaSearch(' ** ')).toBeNull();
  });

  it('searches issue, mitigation and proposer for a quoted substring through the trigram index', () => {
    expect(ideaSearch(' voice ')).toEqual({
      view: 'mota_ideas_matches',
      or: 'issue.ilike."*voice*",mitigation.ilike."*voice*",proposed_by.ilike."*voice*"',
      pairs: null,
    });
  });

  it('escapes LIKE wildcards and PostgREST syntax', () => {
    const search = ideaSearch('50%_off, (now) "quoted" \\ *');
    // The database sees: literal %, literal _, the punctuation as typed, and * as one-character wildcard.
    expect(orValues(search?.or)).toEqual(Array(3).fill('*50\\%\\_off, (now) "quoted" \\\\ _*'));
  });

  it('sends at most two typed * (the backend takes four wildcards, the ends use two)', () => {
    expect(orValues(ideaSearch('abc*b*c*d*e')?.or)).toEqual(Array(3).fill('*abc_b_cde*'));
  });

  it('looks up one or two characters in the pairs index alone, lower-cased: an exact answer', () => {
    expect(ideaSearch('AI')).toEqual({ view: 'mota_ideas_short_matches', or: null, pairs: '{"ai"}' });
    expect(ideaSearch(' é ')).toEqual({ view: 'mota_ideas_short_matches', or: null, pairs: '{"é"}' });
    expect(ideaSearch('"}')?.pairs).toBe('{"\\"}"}');
    expect(arrayItems(ideaSearch('"}')!.pairs!)).toEqual(['"}']);
    expect(arrayItems(ideaSearch(',\\')!.pairs!)).toEqual([',\\']);
  });

  it('narrows longer text without three letters or digits in a row by its pairs, and checks it with ilike', () => {
    const search = ideaSearch('To be');
    expect(search?.view).toBe('mota_ideas_short_matches');
    expect(arrayItems(search!.pairs!)).toEqual(['to', 'o ', ' b', 'be']);
    expect(orValues(search?.or)).toEqual(Array(3).fill('*To be*'));
    // A typed * splits the text: each part's pairs, and the ilike matches any one character there.
    const starred = ideaSearch('a*b');
    expect(arrayItems(starred!.pairs!)?.sort()).toEqual(['a', 'b']);
    expect(orValues(starred?.or)).toEqual(Array(3).fill('*a_b*'));
  });
});
