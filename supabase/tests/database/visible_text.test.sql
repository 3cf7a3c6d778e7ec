-- pgTAP tests of text that looks like nothing or like something else: blank-after-invisible
-- text, direction controls in names, and links written so a simple pattern misses them.
-- tests/db/pgtap.test.ts also runs this file against the embedded backend.
begin;
select plan(20);

set local role anon;
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.200"}', true);

select throws_ok($$ insert into public.posts (content) values (E'\u200b\u2060\u200b') $$, '23514', null, 'zero-width spaces and word joiners are blank');
select throws_ok($$ insert into public.posts (content) values (E'\u3164 \u115f\u1160\uffa0') $$, '23514', null, 'Hangul fillers are blank');
select throws_ok($$ insert into public.posts (content) values (E'\u2800\u2800') $$, '23514', null, 'the blank Braille pattern is blank');
select throws_ok($$ insert into public.posts (content) values (E'\u180e\u00ad\u034f\ufe0f') $$, '23514', null, 'separators, soft hyphens and variation selectors are blank');
select throws_ok($$ insert into public.posts (content) values (E'\U000e0041\U000e0042') $$, '23514', null, 'tag characters are blank');
select throws_ok($$ insert into public.posts (content) values (E'\u202e\u2066\u2069') $$, '23514', null, 'direction controls alone are blank');
select throws_ok(
  $$ insert into public.posts (content, author_name) values ('hello', E'\u200b\u3164') $$,
  '23514', null, 'an invisible name is blank'
);
select throws_ok(
  $$ insert into public.mota_ideas (issue, mitigation, notes) values ('i', 'm', E'\u2060') $$,
  '23514', null, 'invisible notes are blank'
);
select lives_ok($$ insert into public.posts (content) values (E'\u200bκαλημέρα\u200d') $$, 'visible text with invisible characters around it is fine');

select throws_ok(
  $$ insert into public.posts (content, author_name) values ('hello', E'Yiannis\u202egnp.exe') $$,
  '23514', 'new row for relation "posts" violates check constraint "posts_author_name_no_bidi"',
  'a right-to-left override in a name is refused'
);
select throws_ok(
  $$ insert into public.mota_ideas (issue, mitigation, proposed_by) values ('i', 'm', E'\u2067Aion\u2069') $$,
  '23514', 'new row for relation "mota_ideas" violates check constraint "mota_ideas_proposed_by_no_bidi"',
  'an isolate in a proposer is refused'
);
select lives_ok(
  $$ insert into public.posts (content, author_name) values ('hello', 'שָׁלוֹם Γιάννης') $$,
  'right-to-left and Greek names without controls are fine'
);

select throws_ok(
  $$ insert into public.posts (content) values ('hxxp://a hxxps://b https://c') $$,
  '23514', 'new row for relation "posts" violates check constraint "posts_content_links"',
  'hxxp:// and hxxps:// count as links'
);
select throws_ok(
  $$ insert into public.posts (content) values ('see example.com, evil.example.net/path and shop.xyz') $$,
  '23514', null, 'bare domains count as links'
);
select throws_ok(
  $$ insert into public.posts (content) values ('ｈｔｔｐｓ：／／a ｗｗｗ．b ｈｔｔｐ：//c') $$,
  '23514', null, 'full-width links count as links'
);
select throws_ok(
  $$ insert into public.posts (content) values ('evil[.]com x(.)org https://y') $$,
  '23514', null, 'defanged dots count as links'
);
select lives_ok(
  $$ insert into public.posts (content) values ('https://www.example.org/a and www.example.org/b, that is all') $$,
  'one link is one link, whatever parts it has'
);
select lives_ok(
  $$ insert into public.posts (content) values ('The shepherd said: e.g. 3.14, i.e. nothing. Mr.Smith, v2.0; end.') $$,
  'abbreviations and numbers are not links'
);
select throws_ok(
  $$ insert into public.mota_ideas (issue, mitigation, notes) values ('a.com', 'hxxp://b', 'ｗｗｗ．c d.org') $$,
  '23514', 'new row for relation "mota_ideas" violates check constraint "mota_ideas_links"',
  'obfuscated links count across an idea'
);
select lives_ok(
  $$ insert into public.mota_ideas (issue, mitigation, notes) values ('a.com', 'hxxp://b', 'ｗｗｗ．c') $$,
  'three links in an idea are fine'
);

reset role;
select * from finish();
rollback;
