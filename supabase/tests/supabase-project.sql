-- What a brand-new hosted Supabase project has before any of our migrations run, as far as
-- they depend on it, rebuilt from Supabase's own init scripts (supabase/postgres:
-- migrations/db/init-scripts). `npm test` runs this as `supabase_admin` on a throwaway
-- PostgreSQL cluster, then applies supabase/migrations/* and seed.sql as `postgres`, the role
-- the Supabase CLI's `db push` and the dashboard's SQL editor use. Keep it faithful: a
-- migration that only works because this file is more generous than Supabase would pass
-- here and fail on the real project.

-- `postgres` is not a superuser on Supabase: it owns what it creates, may create roles and
-- databases, bypasses row-level security, and may act as each API role.
create role postgres login createrole createdb replication bypassrls;

-- The API roles. PostgREST logs in as `authenticator` and switches to one of them per request.
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;

-- Supabase's per-role statement timeouts: a visitor's query never runs longer than 3 s.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- `postgres` creates schemas (our `private`) and trusted extensions (pg_trgm) in its database.
grant all on database postgres to postgres;

-- Extensions live in their own schema, on every role's search_path after public.
create schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant create on schema extensions to postgres;
create extension "uuid-ossp" with schema extensions;
create extension pgcrypto with schema extensions;
alter role postgres set search_path = "$user", public, extensions;
alter role supabase_admin set search_path = "$user", public, extensions;
alter role authenticator set search_path = "$user", public, extensions;

-- The public schema: every API role may use it, `postgres` may create in it, and Supabase's
-- generous default privileges give the API roles everything on new objects (which our
-- migrations revoke before granting back exactly what visitors need).
grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;

-- The Supabase CLI's record of applied migrations, as `db push` keeps it.
create schema supabase_migrations authorization postgres;
create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
alter table supabase_migrations.schema_migrations owner to postgres;
