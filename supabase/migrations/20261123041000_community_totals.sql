-- How many visible rows each table holds, kept up to date by triggers, so a list page learns
-- its total without counting the table: counting 100,000 rows costs more than the page itself.
-- Visitors read the totals through the view public.community_totals; the numbers live in the
-- private schema, written only by the triggers (and the owner).

create table private.visible_totals (
  table_name text primary key,
  visible bigint not null check (visible >= 0)
);
insert into private.visible_totals (table_name, visible) values
  ('posts', (select count(*) from public.posts where not is_hidden)),
  ('mota_ideas', (select count(*) from public.mota_ideas where not is_hidden));
revoke all on table private.visible_totals from public, anon, authenticated;

-- One statement-level trigger per event, each seeing the rows it changed as a transition
-- table, so a bulk insert or a bulk hide moves the total once. SECURITY DEFINER so a
-- visitor's insert may move the total it cannot otherwise touch; empty search_path as in the
-- rate-limit trigger.
create function private.count_inserted_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.visible_totals
     set visible = visible + (select count(*) from inserted where not is_hidden)
   where table_name = tg_table_name;
  return null;
end;
$$;

create function private.count_deleted_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.visible_totals
     set visible = visible - (select count(*) from removed where not is_hidden)
   where table_name = tg_table_name;
  return null;
end;
$$;

-- Hiding, showing again, or any other update: the difference in visible rows.
create function private.count_updated_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.visible_totals
     set visible = visible + (select count(*) from after_update where not is_hidden)
                           - (select count(*) from before_update where not is_hidden)
   where table_name = tg_table_name;
  return null;
end;
$$;

create function private.count_truncated_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.visible_totals set visible = 0 where table_name = tg_table_name;
  return null;
end;
$$;

revoke all on function private.count_inserted_rows(), private.count_deleted_rows(),
  private.count_updated_rows(), private.count_truncated_rows() from public, anon, authenticated;

create trigger posts_count_inserted after insert on public.posts
  referencing new table as inserted for each statement execute function private.count_inserted_rows();
create trigger posts_count_deleted after delete on public.posts
  referencing old table as removed for each statement execute function private.count_deleted_rows();
create trigger posts_count_updated after update on public.posts
  referencing old table as before_update new table as after_update
  for each statement execute function private.count_updated_rows();
create trigger posts_count_truncated after truncate on public.posts
  for each statement execute function private.count_truncated_rows();

create trigger mota_ideas_count_inserted after insert on public.mota_ideas
  referencing new table as inserted for each statement execute function private.count_inserted_rows();
create trigger mota_ideas_count_deleted after delete on public.mota_ideas
  referencing old table as removed for each statement execute function private.count_deleted_rows();
create trigger mota_ideas_count_updated after update on public.mota_ideas
  referencing old table as before_update new table as after_update
  for each statement execute function private.count_updated_rows();
create trigger mota_ideas_count_truncated after truncate on public.mota_ideas
  for each statement execute function private.count_truncated_rows();

-- The totals for visitors: one row, a column per table. Like mota_ideas_search it runs with
-- its owner's rights, which is what lets it read the private table; it shows two numbers.
create view public.community_totals as
  select (select visible from private.visible_totals where table_name = 'posts') as posts,
         (select visible from private.visible_totals where table_name = 'mota_ideas') as mota_ideas;

comment on view public.community_totals is 'How many visible posts and ideas there are (kept by triggers).';

revoke all on table public.community_totals from public, anon, authenticated;
grant select on table public.community_totals to anon, authenticated;
