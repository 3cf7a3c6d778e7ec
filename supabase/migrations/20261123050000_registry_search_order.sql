-- A registry search should read the few ideas whose trigrams match (mota_ideas_search_idx) and
-- sort those newest first. Through mota_ideas_search the planner may instead walk
-- mota_ideas_created_at_idx newest first and test every idea until a page is full: cheap when
-- many ideas match, a read of the whole table when few do. It picks that walk whenever it
-- guesses too many matches, and Postgres guesses a substring's matches from a sample of rows,
-- so now and then a search for a word in 100 of 100,000 ideas took 200 ms instead of 6.
--
-- Searches read this view instead. Its created_at is computed, so no index hands the rows over
-- in that order and the walk is no longer a choice; the trigram index is the way in. Same
-- rows, columns and values as mota_ideas_search, and the same rights (see that view's comment
-- for why it runs with its owner's rights and carries `not is_hidden` itself).
create view public.mota_ideas_matches as
  select id, issue, mitigation, proposed_by, notes, created_at + interval '0' as created_at
    from public.mota_ideas
   where not is_hidden;

comment on view public.mota_ideas_matches is
  'The visible registry for searches: ordered by a computed created_at so the search uses mota_ideas_search_idx.';

revoke all on table public.mota_ideas_matches from public, anon, authenticated;
grant select on table public.mota_ideas_matches to anon, authenticated;
