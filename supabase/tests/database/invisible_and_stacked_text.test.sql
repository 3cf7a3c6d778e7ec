-- pgTAP tests of the invisible and stacked text rules: text of format characters, marks alone,
-- private-use or unassigned code points is blank; more than four combining marks in a row are
-- refused in every text column; a zero-width character inside a link does not hide it; and
-- the rules apply to the rows that are shown. tests/db/pgtap.test.ts also runs this file
-- against the embedded backend.
begin;
select plan(23);

set local role anon;
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.201"}', true);

select throws_ok(
  format($$ insert into public.posts (content) values (%L) $$, invisible),
  '23514', 'new row for relation "posts" violates check constraint "posts_content_not_blank"',
  format('a post of only U+%s is blank', to_hex(ascii(invisible)))
)
  from unnest(array[
    E'\U0001bca0', E'\U00013430', E'\U0001d159', E'\u16fd', E'\u20e3', E'\u0301', E'\ue000', E'\ufffc'
  ]) as invisible;
select throws_ok(
  $$ insert into public.mota_ideas (issue, mitigation) values (E'\u0489\u0489 \u0301', 'm') $$,
  '23514', 'new row for relation "mota_ideas" violates check constraint "mota_ideas_issue_not_blank"',
  'an issue of marks alone is blank'
);

select lives_ok(
  $$ insert into public.posts (content, author_name) values (E'Zo\u0308\u0301\u0300\u0304e', E'Zo\u0308\u0301\u0300\u0304e') $$,
  'four marks on a letter are fine'
);
select lives_ok(
  $$ insert into public.posts (content) values ('Việt Nam, שָׁלוֹם, नमस्ते, 1️⃣, 👩‍👩‍👧') $$,
  'accents, vowel points, Devanagari, a keycap and an emoji family are fine'
);
select throws_ok(
  $$ insert into public.posts (content) values (E'a\u0301\u0302\u0303\u0304\u0305') $$,
  '23514', 'new row for relation "posts" violates check constraint "posts_content_marks"',
  'five marks on a letter are refused'
);
select throws_ok(
  format($$ insert into public.posts (content) values (%L) $$, 'a' || repeat(E'\u0301', 1999)),
  '23514', 'new row for relation "posts" violates check constraint "posts_content_marks"',
  'a letter with 1,999 marks is refused'
);
select throws_ok(
  $$ insert into public.posts (content) values (E'a\u0301\u200d\u0301\u200d\u0301\u200b\u0301\u2060\u0301') $$,
  '23514', 'new row for relation "posts" violates check constraint "posts_content_marks"',
  'zero-width characters between the marks do not end the run'
);
select throws_ok(
  $$ insert into public.posts (content, author_name) values ('hello', E'n\u0489\u0489\u0489\u0489\u0489') $$,
  '23514', 'new row for relation "posts" violates check constraint "posts_author_name_marks"',
  'a name with five millions signs is refused'
);
select throws_ok(
  format($$ insert into public.mota_ideas (issue, mitigation, proposed_by, notes) values (%s) $$, columns),
  '23514', format('new row for relation "mota_ideas" violates check constraint "mota_ideas_%s_marks"', name),
  format('stacked marks in %s are refused', name)
)
  from (values
    ('issue', E'''a\u0301\u0301\u0301\u0301\u0301'', ''m'', ''p'', null'),
    ('mitigation', E'''i'', ''a\u0301\u0301\u0301\u0301\u0301'', ''p'', null'),
    ('proposed_by', E'''i'', ''m'', ''a\u0301\u0301\u0301\u0301\u0301'', null'),
    ('notes', E'''i'', ''m'', ''p'', ''a\u0301\u0301\u0301\u0301\u0301''')
  ) as cases (name, columns);

select throws_ok(
  $$ insert into public.posts (content) values (E'h\u200bttps://a w\u2060ww.b ex\u00adample.com') $$,
  '23514', 'new row for relation "posts" violates check constraint "posts_content_links"',
  'links split by zero-width characters are counted'
);
select throws_ok(
  $$ insert into public.mota_ideas (issue, mitigation, notes) values (E'h\u200bttps://a', E'h\ufeffttps://b', E'h\U000e0041ttps://c h\u200dttps://d') $$,
  '23514', 'new row for relation "mota_ideas" violates check constraint "mota_ideas_links"',
  'links split by zero-width characters are counted across an idea'
);

reset role;
-- The owner may keep a row that breaks the rules hidden, but not show it.
select lives_ok(
  format($$ insert into public.posts (content, is_hidden) values (%L, true) $$, 'a' || repeat(E'\u0301', 50)),
  'a hidden row may break the rules'
);
select throws_ok(
  $$ update public.posts set is_hidden = false where content like 'a' || E'\u0301\u0301\u0301\u0301\u0301' || '%' $$,
  '23514', null, 'showing it again is refused'
);

select * from finish();
rollback;
