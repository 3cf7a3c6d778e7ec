-- Abuse limit: at most N new rows per table per client address in a sliding window
-- (N = 5 per 10 minutes unless the settings row says otherwise).
--
-- The client address comes from the request headers PostgREST exposes in the
-- `request.headers` setting. Of `x-forwarded-for` only the LAST entry is used: that is the
-- one the trusted proxy in front of PostgREST appended; anything before it was sent by the
-- client and can be forged.
--
-- Nothing readable by visitors is stored: the `private` schema is not exposed by the API and
-- anon/authenticated have no privileges in it. Even there the address is kept only as a
-- salted SHA-256 hash, and only for the length of the window.
--
-- Statements with no request headers (the SQL editor, migrations, seed.sql, the dashboard)
-- are not limited.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create table private.settings (
  -- A single row: the check pins the key to true.
  only_row boolean primary key default true check (only_row),
  -- 0 turns the limit off. Change it with:
  --   update private.settings set inserts_per_window = 10;
  inserts_per_window integer not null default 5 check (inserts_per_window >= 0),
  window_length interval not null default interval '10 minutes' check (window_length > interval '0'),
  -- Per-database secret so the stored hashes cannot be matched against a list of addresses.
  -- gen_random_uuid() is built in and draws from a cryptographically strong source.
  address_salt text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
);
insert into private.settings default values;

create table private.recent_inserts (
  table_name text not null,
  client_hash text not null,
  created_at timestamptz not null default now()
);
create index recent_inserts_client_idx on private.recent_inserts (client_hash, table_name, created_at);
create index recent_inserts_created_at_idx on private.recent_inserts (created_at);

revoke all on all tables in schema private from public, anon, authenticated;

-- SECURITY DEFINER so the trigger can use the private schema on behalf of anon, with an
-- empty search_path so no object in an exposed schema can stand in for the ones it names.
create function private.enforce_insert_rate_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  headers json := nullif(current_setting('request.headers', true), '')::json;
  settings private.settings;
  client text;
  hashed text;
  recent integer;
begin
  if headers is null then
    return new;
  end if;

  select * into settings from private.settings limit 1;
  if settings.inserts_per_window is null or settings.inserts_per_window = 0 then
    return new;
  end if;

  client := nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', -1)), '');
  -- Requests that reach the database without any address share one bucket.
  hashed := encode(sha256(convert_to(settings.address_salt || coalesce(client, 'unknown'), 'UTF8')), 'hex');

  -- Concurrent requests from one client wait for each other, so they cannot all see
  -- "4 so far" and slip in together.
  perform pg_advisory_xact_lock(hashtextextended(hashed || tg_table_name, 0));

  delete from private.recent_inserts where created_at < now() - settings.window_length;

  select count(*) into recent
  from private.recent_inserts
  where client_hash = hashed and table_name = tg_table_name;

  if recent >= settings.inserts_per_window then
    -- PostgREST answers SQLSTATE PTxyz with HTTP status xyz: 429 Too Many Requests.
    raise exception using
      errcode = 'PT429',
      message = 'rate limit exceeded',
      detail = format('At most %s new rows in %s per %s from one client.',
                      settings.inserts_per_window, tg_table_name, settings.window_length),
      hint = 'Wait a few minutes before posting again.';
  end if;

  insert into private.recent_inserts (table_name, client_hash) values (tg_table_name, hashed);
  return new;
end;
$$;

revoke all on function private.enforce_insert_rate_limit() from public, anon, authenticated;

create trigger posts_rate_limit
  before insert on public.posts
  for each row execute function private.enforce_insert_rate_limit();

create trigger mota_ideas_rate_limit
  before insert on public.mota_ideas
  for each row execute function private.enforce_insert_rate_limit();
