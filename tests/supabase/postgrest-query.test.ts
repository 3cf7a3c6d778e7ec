// The embedded backend's parser for PostgREST query strings (supabase/gateway/query-params.mjs).
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../supabase/gateway/query-params.mjs';
import { parsePrefer, rangeStatus } from '../../supabase/embedded/rest.mjs';

const parse = (query: string) => parseQuery(new URLSearchParams(query));

describe('parseQuery', () => {
  it('reads select, order, limit and offset', () => {
    expect(parse('select=id,label:content&order=created_at.desc.nullslast,id&limit=10&offset=20')).toMatchObject({
      select: [
        { column: 'id', alias: null },
        { column: 'content', alias: 'label' },
      ],
      order: [
        { column: 'created_at', descending: true, nulls: 'last' },
        { column: 'id', descending: false, nulls: null },
      ],
      limit: 10n,
      offset: 20n,
    });
    expect(parse('select=*').select).toBe('*');
  });

  it('reads column filters with not and in lists', () => {
    expect(parse('id=not.in.(1,"2,3")&author_name=is.NULL').filters).toEqual([
      { kind: 'condition', column: 'id', operator: 'in', negate: true, value: ['1', '2,3'] },
      { kind: 'condition', column: 'author_name', operator: 'is', negate: false, value: 'null' },
    ]);
  });

  it('reads nested logic trees with quoted values', () => {
    expect(parse('or=(issue.ilike."*a,b)*",not.and(id.gt.1,id.lt.5))').filters).toEqual([
      {
        kind: 'or',
        negate: false,
        children: [
          { kind: 'condition', column: 'issue', operator: 'ilike', negate: false, value: '*a,b)*' },
          {
            kind: 'and',
            negate: true,
            children: [
              { kind: 'condition', column: 'id', operator: 'gt', negate: false, value: '1' },
              { kind: 'condition', column: 'id', operator: 'lt', negate: false, value: '5' },
            ],
          },
        ],
      },
    ]);
  });

  it.each([
    'select=id;drop',
    'select=a(b)',
    'order=id.sideways',
    'order=id desc',
    'limit=ten',
    'offset=99999999999999999999',
    'id=1',
    'id=unknown.1',
    'id=is.maybe',
    'or=id.eq.1',
    'or=(id.eq.1',
    'or=(id.eq.1))',
    'or=(id)',
    'or=(i d.eq.1)',
    'bad-name=eq.1',
  ])('refuses %s with PGRST100', (query) => {
    expect(() => parse(query)).toThrow(expect.objectContaining({ status: 400, code: 'PGRST100' }));
  });

  it('refuses a negative limit as PostgREST does: a range that cannot be satisfied (416)', () => {
    expect(() => parse('limit=-1')).toThrow(
      expect.objectContaining({
        status: 416,
        code: 'PGRST103',
        details: 'Limit should be greater than or equal to zero.',
      }),
    );
  });
});

describe('Prefer and ranges', () => {
  it('reads Prefer as supabase-js sends it', () => {
    expect(parsePrefer('return=representation,count=exact')).toMatchObject({
      return: 'representation',
      count: 'exact',
    });
    expect(parsePrefer('count=planned')).toMatchObject({ count: 'planned' });
    expect(parsePrefer('count=estimated')).toMatchObject({ count: 'estimated' });
    expect(parsePrefer('count=approximately')).toMatchObject({ count: false });
    expect(parsePrefer(['missing=default', 'resolution=merge-duplicates'])).toMatchObject({
      missing: 'default',
      resolution: 'merge',
    });
    expect(parsePrefer(undefined)).toMatchObject({
      return: 'minimal',
      count: false,
      missing: 'null',
      resolution: null,
    });
  });

  it('chooses the status and Content-Range as PostgREST does', () => {
    expect(rangeStatus(0n, 10, null)).toEqual({ status: 200, contentRange: '0-9/*' });
    expect(rangeStatus(0n, 10, 10)).toEqual({ status: 200, contentRange: '0-9/10' });
    expect(rangeStatus(10n, 5, 15)).toEqual({ status: 206, contentRange: '10-14/15' });
    expect(rangeStatus(0n, 0, 0)).toEqual({ status: 200, contentRange: '*/0' });
    expect(rangeStatus(20n, 0, 15)).toEqual({ status: 416, contentRange: '*/15' });
  });
});
