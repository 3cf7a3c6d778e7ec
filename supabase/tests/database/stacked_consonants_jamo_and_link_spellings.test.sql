-- pgTAP tests of text that draws over its card and of links spelled another way: more than
-- four consonants joined in a row by a virama or coeng, more than four conjoining Hangul jamo of
-- one kind in a row, and links written with ideographic dots, backslashes, a leading // or
-- t.me/; and of the ordinary Korean, Khmer, Sanskrit and Japanese text that must still pass.
-- tests/db/pgtap.test.ts also runs this file against the embedded backend.
begin;
select plan(26);

set local role anon;
-- Each group from its own address, so the rate limit stays out of the way.
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.212"}', true);

-- Consonants joined under (or into) the one before.
select throws_ok(
  format($$ insert into public.posts (content) values (%L) $$, E'\u1780' || repeat(E'\u17d2\u1780', 500)),
  '23514', 'new row for relation "posts" violates check constraint "posts_content_marks"',
  'a Khmer letter with 500 subscripts is refused'
);
select throws_ok(
  format($$ insert into public.posts (content) values (%L) $$, E'\u1780' || repeat(E'\u17d2\u1780', 5)),
  '23514', 'new row for relation "posts" violates check constraint "posts_content_marks"',
  'a Khmer letter with five subscripts is refused'
);
select throws_ok(
  format($$ insert into public.posts (content) values (%L) $$, E'\u1780' || repeat(E'\u17d2\u200d\u1780', 5)),
  '23514', 'new row for relation "posts" violates check constraint "posts_content_marks"',
  'zero-width joiners between the subscripts do not end the run'
);
select throws_ok(
  format($$ insert into public.posts (content) values (%L) $$, E'\u0958' || repeat(E'\u094d\u0958', 60)),
  '23514', 'new row for relation "posts" violates check constraint "posts_content_marks"',
  'Devanagari letters joined 60 times, a nukta on each, are refused'
);
select throws_ok(
  format($$ insert into public.posts (content) values (%L) $$, E'\u1000' || repeat(E'\u1039\u1000', 5)),
  '23514', 'new row for relation "posts" violates check constraint "posts_content_marks"',
  'five Myanmar stacked consonants are refused'
);
select throws_ok(
  format($$ insert into public.posts (content, author_name) values ('hello', %L) $$, E'\u1780' || repeat(E'\u17d2\u1780', 5)),
  '23514', 'new row for relation "posts" violates check constraint "posts_author_name_marks"',
  'a name with five subscripts is refused'
);
select throws_ok(
  format($$ insert into public.mota_ideas (issue, mitigation) values ('i', %L) $$, E'\u1780' || repeat(E'\u17d2\u1780', 5)),
  '23514', 'new row for relation "mota_ideas" violates check constraint "mota_ideas_mitigation_marks"',
  'a mitigation with five subscripts is refused'
);

-- Conjoining jamo: one syllable block, which no line can break.
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.213"}', true);
select throws_ok(
  format($$ insert into public.posts (content) values (%L) $$, run),
  '23514', 'new row for relation "posts" violates check constraint "posts_content_marks"',
  format('a block of %s is refused', name)
)
  from (values
    ('one leading consonant and 500 vowels', E'\u1100' || repeat(E'\u1161', 500)),
    ('500 leading consonants', repeat(E'\u1100', 500) || E'\u1161'),
    ('a syllable and 500 trailing consonants', E'\uac00' || repeat(E'\u11a8', 500)),
    ('five of Extended-A and -B', E'\ua960\ua961\ua962\ua963\ua964\u1161' || E'\ud7cb\ud7cc\ud7cd\ud7ce\ud7cf'),
    ('a consonant and five vowel fillers', E'\u1100\u1160\u1160\u1160\u1160\u1160')
  ) as cases (name, run);
select throws_ok(
  format($$ insert into public.mota_ideas (issue, mitigation, proposed_by) values ('i', 'm', %L) $$, E'\u1100' || repeat(E'\u1161', 5)),
  '23514', 'new row for relation "mota_ideas" violates check constraint "mota_ideas_proposed_by_marks"',
  'a name of five vowel jamo in a row is refused'
);

-- Real writing, and the most the rules take.
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.210"}', true);
select lives_ok(
  $$ insert into public.posts (content, author_name)
     values ('대한민국의 수도는 서울입니다. 오늘 날씨가 참 좋네요! ' || normalize('한국어 문장을 자모로 풀어 씁니다.', NFD),
             normalize('김민준', NFD)) $$,
  'Korean, precomposed and as jamo (NFD), is fine'
);
select lives_ok(
  $$ insert into public.posts (content, author_name) values ('ខ្ញុំស្រឡាញ់ភាសាខ្មែរ។ ស្ត្រីនិងកុមារទៅសាលារៀន។ រាស្ត្រ', 'សុខ ស្រីពេជ្រ') $$,
  'Khmer, two subscripts to a letter, is fine'
);
select lives_ok(
  $$ insert into public.posts (content) values ('कार्त्स्न्यम् — न्यायशास्त्र, मत्स्य; ভাষা, ಸ್ತ್ರೀ, స్త్రీ, ပုဂ္ဂိုလ်') $$,
  'Sanskrit''s longest conjunct (four viramas), Bengali, Kannada, Telugu and Myanmar are fine'
);
select lives_ok(
  format($$ insert into public.posts (content) values (%L) $$,
         E'\u1107\u1109\u1100\u1169\u1161\u1175\u11af\u11a8\u11ba ' || E'\u1780' || repeat(E'\u17d2\u1780', 4)),
  'archaic Hangul spelled jamo by jamo, and a Khmer letter with four subscripts, are fine'
);
select lives_ok(
  $$ insert into public.posts (content) values (E'\u1100\u1101\u1102\u1103\u1161\u1162\u1163\u1164\u11a8\u11a9\u11aa\u11ab ') $$,
  'four jamo of each kind are fine'
);

select set_config('request.headers', '{"x-forwarded-for": "192.0.2.211"}', true);
select lives_ok(
  $$ insert into public.posts (content) values ('東京へ行きました。とても楽しかったです。使っている言語はGo。TypeScriptも好きです。面白かったwww。｡ﾃｽﾄ｡ https://one.example www.two.example') $$,
  'Japanese prose with 。 holds no link of its own'
);
select lives_ok(
  $$ insert into public.posts (content) values ('and/or // a comment, 1//2, 3.14// and http://a.example') $$,
  'slashes that lead to no host are not links'
);

-- Links spelled with other dots and slashes.
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.214"}', true);
select throws_ok(
  format($$ insert into public.posts (content) values (%L) $$, links),
  '23514', 'new row for relation "posts" violates check constraint "posts_content_links"',
  format('%s count as links', name)
)
  from (values
    ('bare domains with ideographic full stops', 'example。com evil｡net https://c.example'),
    ('www。 and www｡ before a host', 'www。a。example www｡b https://c.example'),
    ('backslashes after the scheme', E'https:\\\\a.example http:\\/b.example hxxps:/\\c.example'),
    ('addresses with a leading //', '//a.example/x (//b.example) //c.example'),
    ('t.me and wa.me', 't.me/joinchat wa.me/123 https://c.example')
  ) as cases (name, links);
select throws_ok(
  $$ insert into public.mota_ideas (issue, mitigation, notes) values ('t.me/a', E'https:\\\\b.example', '//c.example d。com') $$,
  '23514', 'new row for relation "mota_ideas" violates check constraint "mota_ideas_links"',
  'the new spellings count across an idea'
);

select * from finish();
rollback;
