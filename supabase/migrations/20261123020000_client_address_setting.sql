-- Which request header holds the client's address is a fact about the deployment, so it is
-- a setting rather than a constant in the trigger.
--
-- client_address_header  the header (lower case, as PostgREST exposes it in request.headers):
--                        'x-forwarded-for' (the default), 'x-real-ip', 'cf-connecting-ip', …
-- client_address_depth   for a list such as X-Forwarded-For, how many trusted proxies
--                        appended to it: the entry that many places from the right is the
--                        client. Entries further left were written by the client and can be
--                        forged. 1 for a header holding a single address.
-- docs/backend.md explains how to choose them for a deployment and how to check the choice.

alter table private.settings
  add column client_address_header text not null default 'x-forwarded-for'
    constraint settings_client_address_header_name check (client_address_header ~ '^[a-z0-9-]{1,64}$'),
  add column client_address_depth integer not null default 1
    constraint settings_client_address_depth_range check (client_address_depth between 1 and 16);

-- The address as the trusted proxies reported it, or null when the header is missing or
-- holds fewer entries than there are trusted proxies (the request did not come through them).
create function private.client_address(headers json, header text, depth integer) returns text
language sql
immutable
set search_path = ''
as $$
  select case when cardinality(entries) >= depth then btrim(entries[cardinality(entries) - depth + 1]) end
  from (select string_to_array(headers ->> header, ',') as entries) as list
$$;

revoke all on function private.client_address(json, text, integer) from public, anon, authenticated;

create or replace function private.enforce_insert_rate_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  headers json := nullif(current_setting('request.headers', true), '')::json;
  settings private.settings;
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

  hashed := encode(sha256(convert_to(
    settings.address_salt || private.address_bucket(
      private.client_address(headers, settings.client_address_header, settings.client_address_depth)),
    'UTF8')), 'hex');

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
