-- A hidden row's text must never meet a visitor's condition, whatever plan Postgres picks, and
-- must not be readable from the planner's statistics either.
--
-- mota_ideas_search and mota_ideas_matches run with their owner's rights so that a search's
-- ilike can reach the trigram index, and they drop hidden ideas with `where not is_hidden`.
-- But nothing ordered that condition before the visitor's: a bitmap scan rechecks the
-- visitor's ilike on every row the index hands over, hidden or not, and only then tests
-- is_hidden. A LIKE pattern ending in an escape character raises an error only when the
-- match reaches that character, that is only on a row holding the text before it, so
-- `ilike '%quince_\'` failed when some hidden idea said "quince" and returned no rows when
-- none did: a yes/no question about hidden text, answered one trigram at a time.
--
-- The views now show each text column through `case when not is_hidden then … end`. A hidden
-- row's text is NULL by the time any condition sees it, on any plan (a bitmap's recheck, a
-- lossy page, a sequential scan, the created_at walk): ilike and every other text operator are
-- strict, so they are not even called. The trigram index is built on those same expressions,
-- so it holds no trigram of a hidden idea, and Postgres matches the views' expressions to it,
-- so a search still starts from the index.
--
-- id and created_at stay plain columns, so the newest-first index still orders the registry's
-- pages. A visitor can compare them only with the operators of bigint and timestamptz, which
-- are leakproof (they cannot fail or otherwise tell anything about the row they look at):
-- row-level security lets exactly those run before its policy too.
--
-- Why not a security_barrier view, or a security_invoker view under the table's policy: either
-- keeps the visitor's ilike away from the index (a non-leakproof condition may not become an
-- index condition there), so every search would read every idea.

-- The views go first: a column a view uses cannot be altered below.
drop view public.mota_ideas_matches;
drop view public.mota_ideas_search;
drop index public.mota_ideas_search_idx;

-- No statistics on the tables' text columns. ANALYZE samples every row, hidden ones included,
-- and visitors can read estimates (PostgREST's `Prefer: count=planned`). Equality and ordering
-- of text are leakproof, so Postgres uses the statistics for them even under row-level
-- security: `content=lt.…` estimates walk the histogram, whose bounds are whole values from
-- the sample, and `content=eq.…` finds the most common values. Setting the type again drops
-- the statistics already gathered; the target 0 keeps ANALYZE from gathering new ones. The
-- registry's searches take their estimates from the index's expressions instead, which hold
-- visible text only.
alter table public.posts
  alter column content set statistics 0, alter column content type text,
  alter column author_name set statistics 0, alter column author_name type text;
alter table public.mota_ideas
  alter column issue set statistics 0, alter column issue type text,
  alter column mitigation set statistics 0, alter column mitigation type text,
  alter column proposed_by set statistics 0, alter column proposed_by type text,
  alter column notes set statistics 0, alter column notes type text;

create view public.mota_ideas_search as
  select id,
         case when not is_hidden then issue end as issue,
         case when not is_hidden then mitigation end as mitigation,
         case when not is_hidden then proposed_by end as proposed_by,
         case when not is_hidden then notes end as notes,
         created_at
    from public.mota_ideas
   where not is_hidden;

comment on view public.mota_ideas_search is
  'The visible registry, for reading and searching (uses mota_ideas_search_idx). Add ideas to mota_ideas.';

-- Searches read this one: its created_at is computed, so no index hands the rows over newest
-- first and the trigram index is the way in (see the registry_search_order migration).
create view public.mota_ideas_matches as
  select id,
         case when not is_hidden then issue end as issue,
         case when not is_hidden then mitigation end as mitigation,
         case when not is_hidden then proposed_by end as proposed_by,
         case when not is_hidden then notes end as notes,
         created_at + interval '0' as created_at
    from public.mota_ideas
   where not is_hidden;

comment on view public.mota_ideas_matches is
  'The visible registry for searches: ordered by a computed created_at so the search uses mota_ideas_search_idx.';

revoke all on table public.mota_ideas_search, public.mota_ideas_matches from public, anon, authenticated;
grant select on table public.mota_ideas_search, public.mota_ideas_matches to anon, authenticated;

-- The same name and pending-list limit as before (see the registry_search_pending_list
-- migration), on the views' expressions. ANALYZE gathers their statistics from visible text
-- only (a hidden row's is NULL), and the planner uses them to estimate a search.
do $$
declare
  trgm_schema name := (
    select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
  );
begin
  execute format(
    'create index mota_ideas_search_idx on public.mota_ideas using gin ('
    '(case when not is_hidden then issue end) %1$I.gin_trgm_ops, '
    '(case when not is_hidden then mitigation end) %1$I.gin_trgm_ops, '
    '(case when not is_hidden then proposed_by end) %1$I.gin_trgm_ops'
    ') with (gin_pending_list_limit = 256)',
    trgm_schema
  );
end;
$$;

-- Writing through a view is refused with 42501 (insufficient privilege), whoever asks. Without a
-- trigger Postgres refuses before it checks privileges, and with an error that is neither
-- the visitor's fault nor a permission: "cannot update view" (55000, which the API answers
-- with a 500) for community_totals, "cannot update column" (0A000) for the computed columns.
-- With an INSTEAD OF trigger the privilege check comes first, so visitors, who may only
-- select, hear 42501 from it; a role that holds write privileges meets the trigger.
create function private.refuse_view_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception using
    errcode = '42501',
    message = format('%s is read-only', tg_table_name),
    hint = 'Write to the table it shows.';
end;
$$;

revoke all on function private.refuse_view_write() from public, anon, authenticated;

create trigger read_only instead of insert or update or delete on public.mota_ideas_search
  for each row execute function private.refuse_view_write();
create trigger read_only instead of insert or update or delete on public.mota_ideas_matches
  for each row execute function private.refuse_view_write();
create trigger read_only instead of insert or update or delete on public.community_totals
  for each row execute function private.refuse_view_write();
