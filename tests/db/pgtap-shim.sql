-- The few pgTAP functions supabase/tests/database uses, enough to run those files against the
-- embedded backend (PGlite has no pgTAP). Same names, arguments and pass/fail rules; the
-- output lines follow TAP ("ok 3 - …", "not ok 4 - …").
create schema pgtap;
grant usage on schema pgtap to public;

create function pgtap.plan(planned integer) returns text language sql as $$
  select set_config('pgtap.planned', planned::text, false), set_config('pgtap.run', '0', false),
         set_config('pgtap.failed', '0', false);
  select '1..' || planned;
$$;

create function pgtap.ok(passed boolean, description text default '') returns text language plpgsql as $$
declare
  run integer := current_setting('pgtap.run')::integer + 1;
begin
  perform set_config('pgtap.run', run::text, false);
  if passed is true then
    return 'ok ' || run || ' - ' || description;
  end if;
  perform set_config('pgtap.failed', (current_setting('pgtap.failed')::integer + 1)::text, false);
  return 'not ok ' || run || ' - ' || description;
end;
$$;

create function pgtap.is(have anyelement, want anyelement, description text default '') returns text language sql as $$
  select pgtap.ok(have is not distinct from want, description || ' (have ' || coalesce(have::text, 'NULL') || ', want ' || coalesce(want::text, 'NULL') || ')');
$$;

create function pgtap.has_table(schema_name name, table_name name, description text default '') returns text language sql as $$
  select pgtap.ok(to_regclass(quote_ident(schema_name) || '.' || quote_ident(table_name)) is not null, description);
$$;

create function pgtap.lives_ok(statement text, description text default '') returns text language plpgsql as $$
begin
  execute statement;
  return pgtap.ok(true, description);
exception when others then
  return pgtap.ok(false, description || ' (died: ' || sqlstate || ' ' || sqlerrm || ')');
end;
$$;

create function pgtap.throws_ok(statement text, errcode char(5), errmsg text, description text) returns text language plpgsql as $$
begin
  execute statement;
  return pgtap.ok(false, description || ' (no exception)');
exception when others then
  return pgtap.ok(sqlstate = errcode and (errmsg is null or sqlerrm = errmsg), description || ' (' || sqlstate || ' ' || sqlerrm || ')');
end;
$$;

create function pgtap.is_empty(statement text, description text default '') returns text language plpgsql as $$
declare
  found integer;
begin
  execute 'select count(*) from (' || statement || ') as rows' into found;
  return pgtap.ok(found = 0, description);
end;
$$;

create function pgtap.finish() returns setof text language plpgsql as $$
declare
  planned integer := current_setting('pgtap.planned')::integer;
  run integer := current_setting('pgtap.run')::integer;
  failed integer := current_setting('pgtap.failed')::integer;
begin
  if run <> planned then
    return next '# Looks like you planned ' || planned || ' tests but ran ' || run;
  end if;
  if failed > 0 then
    return next '# Looks like you failed ' || failed || ' test of ' || run;
  end if;
end;
$$;

grant execute on all functions in schema pgtap to public;
