-- pgTAP tests of the community tables' rules, for `npx supabase test db` against a local
-- Supabase stack. tests/db/pgtap.test.ts also runs this file against the embedded backend.
begin;
select plan(25);

-- Shape
select has_table('public', 'posts', 'posts exists');
select has_table('public', 'mota_ideas', 'mota_ideas exists');
select ok((select relrowsecurity from pg_class where oid = 'public.posts'::regclass), 'posts has row-level security');
select ok((select relrowsecurity from pg_class where oid = 'public.mota_ideas'::regclass), 'mota_ideas has row-level security');
select is(
  (select inserts_per_window from private.settings), 5,
  'the rate limit allows 5 inserts per window'
);
select is(
  (select reloptions from pg_class where oid = 'public.mota_ideas_search_idx'::regclass),
  array['gin_pending_list_limit=256']::text[],
  'the registry search index keeps no more than 256 kB of new trigrams pending'
);

-- A hidden row, written as the owner, for the visibility checks below.
insert into public.posts (content, is_hidden) values ('pgTAP hidden message', true);

-- Everything below runs as a visitor arriving through the API from one address.
set local role anon;
select set_config('request.headers', '{"x-forwarded-for": "10.1.1.1, 203.0.113.9"}', true);

select lives_ok(
  $$ insert into public.posts (content, author_name) values ('pgTAP under the carob tree', 'Yiannis') $$,
  'anon can post'
);
select lives_ok(
  $$ insert into public.mota_ideas (issue, mitigation) values ('pgTAP issue', 'pgTAP mitigation') $$,
  'anon can propose an idea'
);
select is(
  (select proposed_by from public.mota_ideas where issue = 'pgTAP issue'), 'Anonymous',
  'proposed_by defaults to Anonymous'
);
select is_empty($$ select 1 from public.posts where content = 'pgTAP hidden message' $$, 'anon cannot see hidden posts');

select throws_ok($$ update public.posts set content = 'rewritten' $$, '42501', null, 'anon cannot update posts');
select throws_ok($$ delete from public.mota_ideas $$, '42501', null, 'anon cannot delete ideas');
select throws_ok($$ insert into public.posts (id, content) values (999999, 'x') $$, '42501', null, 'anon cannot choose an id');
select throws_ok(
  $$ insert into public.posts (content, created_at) values ('x', now() - interval '1 year') $$,
  '42501', null, 'anon cannot choose created_at'
);
select throws_ok($$ insert into public.posts (content, is_hidden) values ('x', true) $$, '42501', null, 'anon cannot set is_hidden');
select throws_ok($$ insert into public.posts (content) values (E' \n\t') $$, '23514', null, 'a blank post is refused');
select throws_ok($$ insert into public.posts (content) values (repeat('x', 2001)) $$, '23514', null, 'a post over 2,000 characters is refused');
select throws_ok(
  $$ insert into public.posts (content) values ('http://a https://b www.c') $$,
  '23514', null, 'a post with 3 links is refused'
);
select throws_ok(
  $$ insert into public.posts (content) values (repeat(E'x\r\n', 40) || 'x') $$,
  '23514', 'new row for relation "posts" violates check constraint "posts_content_lines"', 'a post of 41 lines is refused'
);
select throws_ok(
  $$ insert into public.mota_ideas (issue, mitigation, notes) values ('i', 'm', '') $$,
  '23514', null, 'blank notes are refused (send null instead)'
);
select throws_ok($$ select * from private.recent_inserts $$, '42501', null, 'anon cannot read the rate-limit bookkeeping');
select throws_ok($$ select nextval('public.posts_id_seq') $$, '42501', null, 'anon cannot draw ids');

-- One post so far from 203.0.113.9 (the last address: the one the proxy appended).
select lives_ok(
  $$ insert into public.posts (content) select 'pgTAP message ' || g from generate_series(2, 5) g $$,
  'posts 2 to 5 from one address are accepted'
);
select throws_ok($$ insert into public.posts (content) values ('pgTAP message 6') $$, 'PT429', null, 'the sixth post is refused');
select set_config('request.headers', '{"x-forwarded-for": "198.51.100.4"}', true);
select lives_ok($$ insert into public.posts (content) values ('from elsewhere') $$, 'another address may still post');

reset role;
select * from finish();
rollback;
