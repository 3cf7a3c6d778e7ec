-- What a self-hosted PostgreSQL needs before the migrations, as a new Supabase project has it
-- (supabase/tests/supabase-project.sql is the same shape for a throwaway test cluster): the
-- API roles, the role PostgREST logs in as, the extensions schema, Supabase's generous
-- default privileges (which the migrations revoke), and the CLI's migration history. Run by
-- the database's owner at every start; each step leaves what is already there alone.

do $$
declare
  -- Only a role that bypasses row-level security itself may make another that does.
  may_bypass boolean := (select rolsuper or rolbypassrls from pg_roles where rolname = current_user);
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    if may_bypass then
      create role service_role nologin noinherit bypassrls;
    else
      create role service_role nologin noinherit;
    end if;
  end if;
  -- PostgREST logs in as authenticator, which can do nothing until it switches to an API role.
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
-- The API writes times in UTC, as a Supabase project's does, whatever the server's zone.
alter role authenticator set timezone to 'UTC';

-- Per-role statement timeouts. Supabase gives anon 3 s; here a visitor's statement gets 1 s:
-- the site's heaviest requests (the registry search with its count, a forum page far back by
-- offset, on the 100,000 rows docs/backend.md plans for) take well under a tenth of that. A
-- statement holds one of PostgREST's pooled connections while it runs, so one that no page
-- of the site sends is stopped before a few of them hold the pool for long.
alter role anon set statement_timeout = '1s';
alter role authenticated set statement_timeout = '8s';

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;

alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
