-- A hidden row's text never meets a visitor's condition, on any plan the planner may pick, in
-- any relation a visitor can read: the answer to a question about a word found only in hidden
-- rows is the answer for a word found nowhere. The question is a LIKE pattern ending in an
-- escape character, which fails (22025) only when the match reaches the escape, that is only on
-- a row holding the text before it (and more after). Nor do the planner's estimates, which
-- visitors can read, depend on hidden text. tests/db/pgtap.test.ts also runs this file on PGlite.
begin;
select plan(89);

-- 5,000 visible ideas and posts (one of each says "carob tree"), 300 hidden ideas and posts
-- saying "quince" in every text column (some texts repeated, some all different), and
-- statistics. ANALYZE reads every row of tables this small, so its statistics are the same
-- each time for the same rows.
insert into public.mota_ideas (issue, mitigation, proposed_by, notes, created_at)
  select 'pgTAP idea ' || g, 'mitigation ' || md5(g::text), 'Proposer ' || g % 97, 'note ' || g,
         now() - g * interval '1 minute'
    from generate_series(1, 5000) g;
insert into public.mota_ideas (issue, mitigation, proposed_by, notes)
  values ('shade under the carob trees, please', 'plant a carob tree here', 'carob tree friend', 'carob tree notes');
insert into public.mota_ideas (issue, mitigation, proposed_by, notes, is_hidden)
  select 'quince jelly', 'quince jam ' || md5(g::text), 'quince jar', 'quince jug ' || g, true
    from generate_series(1, 300) g;
insert into public.posts (content, author_name, created_at)
  select 'pgTAP post ' || md5(g::text), 'Poster ' || g % 89, now() - g * interval '1 minute'
    from generate_series(1, 5000) g;
insert into public.posts (content, author_name) values ('sitting under the carob tree all day', 'carob tree friend');
insert into public.posts (content, author_name, is_hidden)
  select 'quince jam ' || md5(g::text), 'quince jar', true from generate_series(1, 300) g;
analyze public.mota_ideas;
analyze public.posts;

-- Forces one kind of plan for this transaction (the owner may; the API never lets a visitor).
create function pg_temp.force_plan(kind text) returns void language sql as $$
  select set_config('enable_seqscan', (kind in ('any', 'seq'))::text, true),
         set_config('enable_bitmapscan', (kind in ('any', 'bitmap'))::text, true),
         set_config('enable_indexscan', (kind in ('any', 'index'))::text, true),
         set_config('enable_indexonlyscan', (kind in ('any', 'index'))::text, true);
$$;

-- What a visitor hears: how many rows came back, or the error's SQLSTATE.
create function pg_temp.answer(query text, kind text) returns text language plpgsql as $$
declare
  found bigint;
begin
  perform pg_temp.force_plan(kind);
  execute format('select count(*) from (%s) q', query) into found;
  perform pg_temp.force_plan('any');
  return found || ' rows';
exception when others then
  perform pg_temp.force_plan('any');
  return sqlstate;
end;
$$;

create function pg_temp.plan_of(query text, kind text) returns text language plpgsql as $$
declare
  line text;
  plan text := '';
begin
  perform pg_temp.force_plan(kind);
  for line in execute 'explain ' || query loop
    plan := plan || line || E'\n';
  end loop;
  perform pg_temp.force_plan('any');
  return plan;
exception when others then
  perform pg_temp.force_plan('any');
  return sqlstate || ' ' || sqlerrm;
end;
$$;

-- A visitor's read of `relation` filtered on `text_column`, newest first, a page at a time.
create function pg_temp.search(relation text, text_column text, word text) returns text language sql as $$
  select format('select id from public.%I where %I ilike %L order by created_at desc, id desc limit 50',
                relation, text_column, '%' || word || '_\')
$$;

-- The planner's row estimate for a visitor's read (what `Prefer: count=planned` answers).
create function pg_temp.estimate(query text) returns bigint language plpgsql as $$
declare
  plan json;
begin
  execute 'explain (format json) ' || query into plan;
  return (plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint;
end;
$$;

-- Estimates for reads about the hidden rows' words: equal to one, below one, containing one.
create function pg_temp.estimates(relation text, text_column text) returns text language sql as $$
  select format('= %s, < %s, ilike %s',
    pg_temp.estimate(format('select 1 from public.%I where %I = %L', relation, text_column, 'quince jelly')),
    pg_temp.estimate(format('select 1 from public.%I where %I < %L', relation, text_column, 'quince jam 8')),
    pg_temp.estimate(format('select 1 from public.%I where %I ilike %L', relation, text_column, '%quince%')))
$$;

create temporary table cases on commit drop as
  select relation, text_column, kind
    from (values ('mota_ideas_search', 'issue'), ('mota_ideas_search', 'mitigation'),
                 ('mota_ideas_search', 'proposed_by'), ('mota_ideas_search', 'notes'),
                 ('mota_ideas_matches', 'issue'), ('mota_ideas_matches', 'mitigation'),
                 ('mota_ideas_matches', 'proposed_by'), ('mota_ideas_matches', 'notes'),
                 ('mota_ideas', 'issue'), ('mota_ideas', 'mitigation'),
                 ('mota_ideas', 'proposed_by'), ('mota_ideas', 'notes'),
                 ('posts', 'content'), ('posts', 'author_name')) as r (relation, text_column),
         (values ('any'), ('seq'), ('bitmap'), ('index')) as k (kind);
grant select on pg_temp.cases to anon;
create temporary table estimated (relation text, text_column text, rows text) on commit drop;
grant all on pg_temp.estimated to anon;

-- From here on as a visitor, but for the owner's edits between the two rounds of estimates.
set local role anon;

-- The question is live: on every plan the visible word's pattern reaches the escape.
select is(
  (select count(*) from cases where pg_temp.answer(pg_temp.search(relation, text_column, 'carob tree'), kind) <> '22025'),
  0::bigint,
  'the pattern fails (22025) on a visible row, in every relation, column and plan'
);

-- 56 cases: the hidden word's answer is the answer for a word found nowhere.
select is(
  pg_temp.answer(pg_temp.search(relation, text_column, 'quince'), kind),
  pg_temp.answer(pg_temp.search(relation, text_column, 'zyxwvu'), kind),
  format('a word only in a hidden row is a word found nowhere: %s.%s, %s plan', relation, text_column, kind)
) from cases order by relation, text_column, kind;

-- The plans asked for are the plans run (so "every plan" means something).
select ok(
  pg_temp.plan_of(pg_temp.search(relation, 'mitigation', 'zyxwvu'), 'bitmap') ~ 'Bitmap Index Scan on mota_ideas_search_idx',
  format('%s: a search can read the trigram index', relation)
) from (values ('mota_ideas_search'), ('mota_ideas_matches')) v (relation);
select ok(
  pg_temp.plan_of(pg_temp.search(relation, 'mitigation', 'zyxwvu'), 'seq') ~ 'Seq Scan on mota_ideas',
  format('%s: a search can read every idea', relation)
) from (values ('mota_ideas_search'), ('mota_ideas_matches')) v (relation);
select ok(
  pg_temp.plan_of(pg_temp.search('mota_ideas_search', 'mitigation', 'zyxwvu'), 'index')
    ~ 'Index Scan using mota_ideas_created_at_idx',
  'mota_ideas_search: a search can walk the ideas newest first'
);
select ok(
  pg_temp.plan_of(pg_temp.search('mota_ideas', 'mitigation', 'zyxwvu'), 'index')
    ~ 'Index Scan using mota_ideas_created_at_idx',
  'mota_ideas: a search can walk the ideas newest first'
);
select ok(
  pg_temp.plan_of(pg_temp.search('posts', 'content', 'zyxwvu'), 'index') ~ 'Index Scan using posts_created_at_idx',
  'posts: a search can walk the posts newest first'
);
select ok(
  pg_temp.plan_of(pg_temp.search('mota_ideas_search', 'mitigation', 'zyxwvu'), 'any')
    ~ 'Bitmap Index Scan on mota_ideas_search_idx',
  'mota_ideas_search: left to itself, a search for a rare word reads the trigram index'
);
select ok(
  pg_temp.plan_of(pg_temp.search('mota_ideas_matches', 'mitigation', 'zyxwvu'), 'any')
    ~ 'Bitmap Index Scan on mota_ideas_search_idx',
  'mota_ideas_matches: left to itself, a search for a rare word reads the trigram index'
);

-- The estimates a visitor reads are the same when the hidden rows say something else.
insert into estimated select distinct relation, text_column, pg_temp.estimates(relation, text_column) from cases;
reset role;
update public.mota_ideas
   set issue = 'zyxwvu ' || id, mitigation = 'zyxwvu', proposed_by = 'zyxwvu ' || id % 3, notes = 'zyxwvu'
 where is_hidden;
update public.posts set content = 'zyxwvu', author_name = 'zyxwvu ' || id where is_hidden;
analyze public.mota_ideas;
analyze public.posts;
select is_empty(
  $$ select 1 from pg_stats where schemaname = 'public' and tablename in ('posts', 'mota_ideas')
       and attname in ('content', 'author_name', 'issue', 'mitigation', 'proposed_by', 'notes') $$,
  'ANALYZE keeps no statistics of the tables'' text'
);
set local role anon;
select is(pg_temp.estimates(relation, text_column), rows,
          format('%s.%s: estimates do not depend on hidden text', relation, text_column))
  from estimated order by relation, text_column;
select ok(
  (select count(*) from estimated where rows ~ '^= 1, < 1, ilike 1$') < 14,
  'the estimates are not all one row (there are statistics to read)'
);

-- Writing through any view is refused with 42501, as it is for the tables.
select throws_ok($$ update public.community_totals set posts = 0 $$, '42501', null, 'anon cannot update community_totals');
select throws_ok($$ insert into public.community_totals (posts) values (0) $$, '42501', null, 'anon cannot insert into community_totals');
select throws_ok($$ delete from public.community_totals $$, '42501', null, 'anon cannot delete from community_totals');
select throws_ok($$ update public.mota_ideas_search set issue = 'x' $$, '42501', null, 'anon cannot update mota_ideas_search');
select throws_ok($$ update public.mota_ideas_matches set created_at = now() $$, '42501', null, 'anon cannot update mota_ideas_matches');

reset role;
select throws_ok($$ update public.community_totals set posts = 0 $$, '42501', null, 'nor can the owner update community_totals');
select throws_ok($$ delete from public.mota_ideas_search $$, '42501', null, 'nor can the owner delete through mota_ideas_search');

select * from finish();
rollback;
