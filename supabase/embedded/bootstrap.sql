-- What a new Supabase project has before any migration runs, as far as this site's
-- migrations depend on it: the API roles, their access to the public schema, Supabase's
-- generous default privileges (which the migrations then revoke), and the CLI's
-- migration history table.

create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;

grant usage on schema public to anon, authenticated, service_role;

alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- The same shape the Supabase CLI keeps, so `supabase migration list` and this stand-in
-- agree on what "applied" means.
create schema supabase_migrations;
create table supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
