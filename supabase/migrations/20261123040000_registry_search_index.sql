-- The registry's search box matches a case-insensitive substring of issue, mitigation or
-- proposer (`ilike '%…%'`). Without an index that reads every row; a trigram index answers it
-- from the few rows that share the typed text's trigrams.
--
-- pg_trgm lives in the `extensions` schema, as on every Supabase project (the schema exists
-- there already; the embedded backend creates it here). A project that enabled pg_trgm
-- earlier in another schema keeps it: the index names the operator class where it is.
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;

do $$
declare
  trgm_schema name := (
    select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
  );
begin
  execute format(
    'create index mota_ideas_search_idx on public.mota_ideas using gin '
    '(issue %1$I.gin_trgm_ops, mitigation %1$I.gin_trgm_ops, proposed_by %1$I.gin_trgm_ops)',
    trgm_schema
  );
end;
$$;

-- Visitors read the registry through this view. Row-level security cannot use the index for
-- them: Postgres applies a policy's condition before any condition that is not "leakproof",
-- and ilike is not, so under the policy every search is a full scan. The view runs with its
-- owner's rights (the owner is not subject to the table's policies) and carries the policy's
-- rule itself, `not is_hidden`, so hidden ideas stay invisible while the search condition
-- reaches the index. It is deliberately not a security_barrier view (that would block the
-- index the same way); what a barrier guards against is a visitor's own function seeing
-- hidden rows, and visitors can create no functions: the API only offers fixed operators.
-- Supabase's security advisor lists such views ("security definer view"); this one is
-- intended, and shows exactly the columns and rows the table's policy shows.
create view public.mota_ideas_search as
  select id, issue, mitigation, proposed_by, notes, created_at
    from public.mota_ideas
   where not is_hidden;

comment on view public.mota_ideas_search is
  'The visible registry, for reading and searching (uses mota_ideas_search_idx). Add ideas to mota_ideas.';

-- Read only: a simple view is updatable, so nothing but SELECT is granted.
revoke all on table public.mota_ideas_search from public, anon, authenticated;
grant select on table public.mota_ideas_search to anon, authenticated;
