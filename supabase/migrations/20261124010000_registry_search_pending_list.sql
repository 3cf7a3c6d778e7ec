-- mota_ideas_search_idx takes new ideas' trigrams into a pending list first. Every search reads
-- that list in full, and only a vacuum, or the list outgrowing gin_pending_list_limit (4 MB by
-- default), merges it into the index. The embedded backend has no autovacuum, so up to 4 MB of
-- trigrams waited there until the next overflow. With 100,000 ideas, a search for a word in
-- 100 of them read the list every time (9 ms instead of 3). Worse, the planner counts the
-- list into the index's cost, so after one ANALYZE in five to ten it read every idea instead
-- (200 ms).
--
-- A 256 kB list still takes inserts in batches: seeding 100,000 ideas took 13 s, against 9 s
-- with the default and 38 s with no list at all. The list stays too small to change the plan.
-- On Supabase autovacuum empties the list as well; the limit bounds it between two vacuums.
alter index public.mota_ideas_search_idx set (gin_pending_list_limit = 256);

-- Whatever is pending now goes into the index at once.
select gin_clean_pending_list('public.mota_ideas_search_idx');
