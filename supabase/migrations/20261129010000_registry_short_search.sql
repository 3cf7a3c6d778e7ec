-- A registry search of one or two characters ("AI", "é", "7") has no trigram, so the trigram
-- index cannot narrow it: every idea's text would be read, and on a large registry that runs past
-- the statement deadline. This index holds every character and every pair of adjacent characters
-- of each visible idea's issue, mitigation and proposer, lower-cased; a search for one or two
-- characters is then an exact lookup (`pairs @> '{ai}'`), with no text read at all. A longer
-- search without three letters or digits in a row ("to be", "a.i") looks up its pairs and
-- checks its ilike on the ideas holding them all.
--
-- Built from regexp_split_to_array and regexp_replace, which run in C: a function looping over
-- the characters in PL/pgSQL made each insert several times slower. Pairs are cut apart at a
-- U+0001 control character: a text holding one loses only the pairs with it, which no search asks for.
create function public.text_pairs(t text) returns text[]
  language sql immutable parallel safe
  return array_remove(
    regexp_split_to_array(t, '')
    || string_to_array(regexp_replace(t, '(..)', e'\\1\x01', 'g'), e'\x01')
    || string_to_array(regexp_replace(substr(t, 2), '(..)', e'\\1\x01', 'g'), e'\x01'),
    ''
  );

comment on function public.text_pairs(text) is
  'Every character and every two adjacent characters of the text (for mota_ideas_pairs_idx).';

-- Costed as the work it is, and kept from being inlined (a function with its own settings is
-- not), so that the planner reads the index rather than computing this for every row: with
-- the cost of the few functions it is made of, it counted a pair in most ideas by computing
-- every idea's pairs.
create function public.mota_ideas_pairs(issue text, mitigation text, proposed_by text) returns text[]
  language sql immutable parallel safe cost 10000 set search_path = ''
  return public.text_pairs(lower(issue)) || public.text_pairs(lower(mitigation)) || public.text_pairs(lower(proposed_by));

comment on function public.mota_ideas_pairs(text, text, text) is
  'The lower-cased characters and character pairs of an idea''s searchable text (mota_ideas_pairs_idx).';

-- On the same expressions the views show (hidden text is NULL there), so a hidden idea has no
-- pairs in the index, and the index's statistics, which visitors can read through planned
-- counts, hold visible text only. A small pending list, as for the trigram index.
create index mota_ideas_pairs_idx on public.mota_ideas using gin (
  public.mota_ideas_pairs(
    case when not is_hidden then issue end,
    case when not is_hidden then mitigation end,
    case when not is_hidden then proposed_by end
  )
) with (gin_pending_list_limit = 256);

-- The view for those searches: the visible registry with `pairs`, the indexed expression, as a
-- column a filter can reach. `pairs` is a search key, not data: computing it reads the row's whole
-- text, so the request limits refuse to select it or to use it any other way than
-- `pairs=cs.{…}`, and the index must answer it: a lookup needs no recheck (an array contains the
-- pairs or not), where computing the pairs of every idea walked or scanned would cost far more.
-- So, as in mota_ideas_matches, created_at is computed and no index walks the ideas newest first;
-- and the embedded backend reads this view through bitmap scans only (the planner, which
-- counts a recheck for every row a bitmap hands over, would otherwise scan every idea for a pair
-- that most of them hold). Same rights and rows as mota_ideas_search (see its migrations for
-- why it runs with its owner's rights).
create view public.mota_ideas_short_matches as
  select id,
         case when not is_hidden then issue end as issue,
         case when not is_hidden then mitigation end as mitigation,
         case when not is_hidden then proposed_by end as proposed_by,
         case when not is_hidden then notes end as notes,
         created_at + interval '0' as created_at,
         public.mota_ideas_pairs(
           case when not is_hidden then issue end,
           case when not is_hidden then mitigation end,
           case when not is_hidden then proposed_by end
         ) as pairs
    from public.mota_ideas
   where not is_hidden;

comment on view public.mota_ideas_short_matches is
  'The visible registry for searches without three letters or digits in a row: filter with pairs=cs.{…} (mota_ideas_pairs_idx).';

revoke all on table public.mota_ideas_short_matches from public, anon, authenticated;
grant select on table public.mota_ideas_short_matches to anon, authenticated;

analyze public.mota_ideas;

-- The same for PostgREST, which calls this before each request (db-pre-request: the self-hosted
-- mode passes it; a Supabase project sets it on the authenticator role, see the README): a read
-- of mota_ideas_short_matches runs through bitmap scans only, as the embedded backend runs it.
create function public.before_each_request() returns void
  language sql stable set search_path = ''
  as $$
    select pg_catalog.set_config('enable_seqscan', 'off', true), pg_catalog.set_config('enable_indexscan', 'off', true)
     where pg_catalog.current_setting('request.path', true) like '%/mota_ideas_short_matches';
  $$;

comment on function public.before_each_request() is
  'PostgREST''s db-pre-request: reads of mota_ideas_short_matches use its pairs index only.';
