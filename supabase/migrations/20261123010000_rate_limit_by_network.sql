-- The rate limit counts per network rather than per spelling of an address.
--
-- Keyed on the raw header text, one visitor could multiply the limit: an IPv6 subscriber is
-- handed a whole /64 and can use a new address from it for every request, and
-- `2001:db8::7`, `2001:DB8::7` and `::ffff:203.0.113.7` are each a different string for
-- one address. So the address is parsed as `inet` and reduced to a bucket:
--   IPv4 (and IPv4-mapped IPv6)  the address itself       203.0.113.7
--   IPv6                          its /64                  2001:db8:0:1::/64
--   text that is no address       one shared bucket        unparseable
--   no address at all             one shared bucket        absent
-- Garbage cannot reach a fresh bucket per request: all of it shares `unparseable`, which
-- is kept apart from `absent` so a proxy that forwards junk does not also starve requests
-- that arrive with no address.

create function private.address_bucket(address text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  raw text := btrim(coalesce(address, ''));
  parsed inet;
begin
  if raw = '' then
    return 'absent';
  end if;
  -- Some proxies keep the client's port: "[2001:db8::1]:443", "203.0.113.7:51234".
  raw := regexp_replace(raw, '^\[([^]]*)\](:[0-9]+)?$', '\1');
  raw := regexp_replace(raw, '^([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+):[0-9]+$', '\1');
  begin
    parsed := raw::inet;
  exception when invalid_text_representation then
    return 'unparseable';
  end;
  -- A netmask in the header ("203.0.113.0/24") says nothing about the client: drop it.
  parsed := set_masklen(parsed, case family(parsed) when 4 then 32 else 128 end);
  if family(parsed) = 6 and parsed << inet '::ffff:0.0.0.0/96' then
    parsed := inet '0.0.0.0' + (parsed - inet '::ffff:0.0.0.0');
  end if;
  if family(parsed) = 4 then
    return host(parsed);
  end if;
  return text(network(set_masklen(parsed, 64)));
end;
$$;

revoke all on function private.address_bucket(text) from public, anon, authenticated;

comment on function private.address_bucket(text) is
  'The rate limit''s bucket for a client address: IPv4 address, IPv6 /64, or the shared unparseable/absent buckets.';

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

-- Same limit as before; the key is now the client's bucket, from the configured header.
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
