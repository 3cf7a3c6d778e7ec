-- The registry's search box is a case-insensitive substring match on issue, mitigation and
-- proposer (`ilike '%…%'`), which no b-tree index can serve. Trigram indexes can: with
-- 100,000 ideas a filtered page drops from a full scan (hundreds of ms) to a few ms.
-- Supabase keeps extensions in the `extensions` schema.
create extension if not exists pg_trgm with schema extensions;

create index mota_ideas_issue_search_idx on public.mota_ideas using gin (issue extensions.gin_trgm_ops);
create index mota_ideas_mitigation_search_idx on public.mota_ideas using gin (mitigation extensions.gin_trgm_ops);
create index mota_ideas_proposed_by_search_idx on public.mota_ideas using gin (proposed_by extensions.gin_trgm_ops);
