-- Text that draws over its card is refused, and links spelled with other dots and slashes are
-- counted.
--
-- * Stacked consonants: no more than four consonants in a row joined to the one before by a
--   virama or coeng (the characters of canonical combining class 9: Khmer's coeng U+17D2,
--   Myanmar's U+1039, Devanagari's virama U+094D, ...), marks between them aside, once the
--   characters that render as nothing are taken out (as for combining marks). Khmer draws each
--   joined consonant under the one before, so one letter with 500 of them is a column thousands
--   of pixels tall; Devanagari, Bengali and Telugu make of them one cluster that no line can
--   break, wider than the page.
-- * Conjoining Hangul jamo: no more than four of one kind in a row: leading consonants (L,
--   U+1100-U+115F and U+A960-U+A97C), vowels (V, U+1160-U+11A7 and U+D7B0-U+D7C6) or trailing
--   consonants (T, U+11A8-U+11FF and U+D7CB-U+D7FB). Jamo in a row are one syllable block, drawn
--   as one cluster that no line can break: 500 of them are a line thousands of pixels wide. This
--   reads the text as it is: the fillers U+115F and U+1160 show nothing of their own but widen
--   the block they are in, and any other character between two jamo ends the block.
--   Why four, for both rules: real writing never goes past it, and what it lets through draws
--   within its card on a phone. A Khmer cluster has at most two subscripts, and Sanskrit's longest
--   conjuncts join five consonants with four viramas (kārtsnya, र्त्स्न्य); a modern Hangul block is one L,
--   one V and at most one T, and archaic ones spelled out jamo by jamo reach three of a kind
--   (ᄇᄉᄀ, ᅩᅡᅵ). A Khmer letter with four subscripts reaches into the line below, as four
--   accents do, but not past the card; twelve jamo in one block fit a phone's line. It is the
--   limit on combining marks, so one limit and one message (stacked marks) serve all three.
-- * Links, as before, and also: the ideographic full stop 。 (U+3002; the halfwidth ｡ U+FF61
--   is one after NFKC) as the dot of a bare domain (example。com), of www。 when a host follows
--   and of a //host; backslashes after the scheme (https:\\host, which browsers read as
--   https://host); an address with a leading // (//host.example/path, which takes the page's
--   scheme); and me among the top-level domains, so t.me/... and wa.me/... count as bare
--   domains do. www followed by 。 and no host is laughter in Japanese ("www。"), not a link.
--
-- The functions the constraints call keep their names (private.stacks_marks,
-- private.link_count), so the constraints are unchanged; their classes of combining marks and
-- of characters that render as nothing are those of the migration that brought them.
-- src/lib/text-classes.ts and src/lib/community/validation.ts mirror all of it, and
-- tests/lib/text-classes.test.ts checks the classes here against those on every code point.
--
-- Rows already shown that break the new rules are hidden (and a notice says how many), as the
-- migration that brought the rules did: showing them again is refused until their text is fixed.

do $migration$
declare
  -- Format characters and the other default-ignorable code points: they render as nothing.
  ignorable constant text :=
    '[\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u17b4\u17b5'
    '\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb'
    '\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a'
    '\U000e0000-\U000e0fff]';
  -- Combining marks (Mn, Mc, Me).
  marks constant text :=
    '[\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a'
    '\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed\u0711\u0730-\u074a'
    '\u07a6-\u07b0\u07eb-\u07f3\u07fd\u0816-\u0819\u081b-\u0823\u0825-\u0827\u0829-\u082d'
    '\u0859-\u085b\u0897-\u089f\u08ca-\u08e1\u08e3-\u0903\u093a-\u093c\u093e-\u094f\u0951-\u0957'
    '\u0962\u0963\u0981-\u0983\u09bc\u09be-\u09c4\u09c7\u09c8\u09cb-\u09cd\u09d7\u09e2\u09e3\u09fe'
    '\u0a01-\u0a03\u0a3c\u0a3e-\u0a42\u0a47\u0a48\u0a4b-\u0a4d\u0a51\u0a70\u0a71\u0a75\u0a81-\u0a83'
    '\u0abc\u0abe-\u0ac5\u0ac7-\u0ac9\u0acb-\u0acd\u0ae2\u0ae3\u0afa-\u0aff\u0b01-\u0b03\u0b3c'
    '\u0b3e-\u0b44\u0b47\u0b48\u0b4b-\u0b4d\u0b55-\u0b57\u0b62\u0b63\u0b82\u0bbe-\u0bc2\u0bc6-\u0bc8'
    '\u0bca-\u0bcd\u0bd7\u0c00-\u0c04\u0c3c\u0c3e-\u0c44\u0c46-\u0c48\u0c4a-\u0c4d\u0c55\u0c56\u0c62'
    '\u0c63\u0c81-\u0c83\u0cbc\u0cbe-\u0cc4\u0cc6-\u0cc8\u0cca-\u0ccd\u0cd5\u0cd6\u0ce2\u0ce3\u0cf3'
    '\u0d00-\u0d03\u0d3b\u0d3c\u0d3e-\u0d44\u0d46-\u0d48\u0d4a-\u0d4d\u0d57\u0d62\u0d63\u0d81-\u0d83'
    '\u0dca\u0dcf-\u0dd4\u0dd6\u0dd8-\u0ddf\u0df2\u0df3\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1'
    '\u0eb4-\u0ebc\u0ec8-\u0ece\u0f18\u0f19\u0f35\u0f37\u0f39\u0f3e\u0f3f\u0f71-\u0f84\u0f86\u0f87'
    '\u0f8d-\u0f97\u0f99-\u0fbc\u0fc6\u102b-\u103e\u1056-\u1059\u105e-\u1060\u1062-\u1064'
    '\u1067-\u106d\u1071-\u1074\u1082-\u108d\u108f\u109a-\u109d\u135d-\u135f\u1712-\u1715'
    '\u1732-\u1734\u1752\u1753\u1772\u1773\u17b4-\u17d3\u17dd\u180b-\u180d\u180f\u1885\u1886\u18a9'
    '\u1920-\u192b\u1930-\u193b\u1a17-\u1a1b\u1a55-\u1a5e\u1a60-\u1a7c\u1a7f\u1ab0-\u1add'
    '\u1ae0-\u1aeb\u1b00-\u1b04\u1b34-\u1b44\u1b6b-\u1b73\u1b80-\u1b82\u1ba1-\u1bad\u1be6-\u1bf3'
    '\u1c24-\u1c37\u1cd0-\u1cd2\u1cd4-\u1ce8\u1ced\u1cf4\u1cf7-\u1cf9\u1dc0-\u1dff\u20d0-\u20f0'
    '\u2cef-\u2cf1\u2d7f\u2de0-\u2dff\u302a-\u302f\u3099\u309a\ua66f-\ua672\ua674-\ua67d\ua69e\ua69f'
    '\ua6f0\ua6f1\ua802\ua806\ua80b\ua823-\ua827\ua82c\ua880\ua881\ua8b4-\ua8c5\ua8e0-\ua8f1\ua8ff'
    '\ua926-\ua92d\ua947-\ua953\ua980-\ua983\ua9b3-\ua9c0\ua9e5\uaa29-\uaa36\uaa43\uaa4c\uaa4d'
    '\uaa7b-\uaa7d\uaab0\uaab2-\uaab4\uaab7\uaab8\uaabe\uaabf\uaac1\uaaeb-\uaaef\uaaf5\uaaf6'
    '\uabe3-\uabea\uabec\uabed\ufb1e\ufe00-\ufe0f\ufe20-\ufe2f\U000101fd\U000102e0'
    '\U00010376-\U0001037a\U00010a01-\U00010a03\U00010a05\U00010a06\U00010a0c-\U00010a0f'
    '\U00010a38-\U00010a3a\U00010a3f\U00010ae5\U00010ae6\U00010d24-\U00010d27\U00010d69-\U00010d6d'
    '\U00010eab\U00010eac\U00010efa-\U00010eff\U00010f46-\U00010f50\U00010f82-\U00010f85'
    '\U00011000-\U00011002\U00011038-\U00011046\U00011070\U00011073\U00011074\U0001107f-\U00011082'
    '\U000110b0-\U000110ba\U000110c2\U00011100-\U00011102\U00011127-\U00011134\U00011145\U00011146'
    '\U00011173\U00011180-\U00011182\U000111b3-\U000111c0\U000111c9-\U000111cc\U000111ce\U000111cf'
    '\U0001122c-\U00011237\U0001123e\U00011241\U000112df-\U000112ea\U00011300-\U00011303\U0001133b'
    '\U0001133c\U0001133e-\U00011344\U00011347\U00011348\U0001134b-\U0001134d\U00011357\U00011362'
    '\U00011363\U00011366-\U0001136c\U00011370-\U00011374\U000113b8-\U000113c0\U000113c2\U000113c5'
    '\U000113c7-\U000113ca\U000113cc-\U000113d0\U000113d2\U000113e1\U000113e2\U00011435-\U00011446'
    '\U0001145e\U000114b0-\U000114c3\U000115af-\U000115b5\U000115b8-\U000115c0\U000115dc\U000115dd'
    '\U00011630-\U00011640\U000116ab-\U000116b7\U0001171d-\U0001172b\U0001182c-\U0001183a'
    '\U00011930-\U00011935\U00011937\U00011938\U0001193b-\U0001193e\U00011940\U00011942\U00011943'
    '\U000119d1-\U000119d7\U000119da-\U000119e0\U000119e4\U00011a01-\U00011a0a\U00011a33-\U00011a39'
    '\U00011a3b-\U00011a3e\U00011a47\U00011a51-\U00011a5b\U00011a8a-\U00011a99\U00011b60-\U00011b67'
    '\U00011c2f-\U00011c36\U00011c38-\U00011c3f\U00011c92-\U00011ca7\U00011ca9-\U00011cb6'
    '\U00011d31-\U00011d36\U00011d3a\U00011d3c\U00011d3d\U00011d3f-\U00011d45\U00011d47'
    '\U00011d8a-\U00011d8e\U00011d90\U00011d91\U00011d93-\U00011d97\U00011ef3-\U00011ef6\U00011f00'
    '\U00011f01\U00011f03\U00011f34-\U00011f3a\U00011f3e-\U00011f42\U00011f5a\U00013440'
    '\U00013447-\U00013455\U0001611e-\U0001612f\U00016af0-\U00016af4\U00016b30-\U00016b36\U00016f4f'
    '\U00016f51-\U00016f87\U00016f8f-\U00016f92\U00016fe4\U00016ff0\U00016ff1\U0001bc9d\U0001bc9e'
    '\U0001cf00-\U0001cf2d\U0001cf30-\U0001cf46\U0001d165-\U0001d169\U0001d16d-\U0001d172'
    '\U0001d17b-\U0001d182\U0001d185-\U0001d18b\U0001d1aa-\U0001d1ad\U0001d242-\U0001d244'
    '\U0001da00-\U0001da36\U0001da3b-\U0001da6c\U0001da75\U0001da84\U0001da9b-\U0001da9f'
    '\U0001daa1-\U0001daaf\U0001e000-\U0001e006\U0001e008-\U0001e018\U0001e01b-\U0001e021\U0001e023'
    '\U0001e024\U0001e026-\U0001e02a\U0001e08f\U0001e130-\U0001e136\U0001e2ae\U0001e2ec-\U0001e2ef'
    '\U0001e4ec-\U0001e4ef\U0001e5ee\U0001e5ef\U0001e6e3\U0001e6e6\U0001e6ee\U0001e6ef\U0001e6f5'
    '\U0001e8d0-\U0001e8d6\U0001e944-\U0001e94a\U000e0100-\U000e01ef]';
  -- Viramas and coengs: canonical combining class 9.
  joiners constant text :=
    '[\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d3b\u0d3c\u0d4d\u0dca\u0e3a\u0eba\u0f84\u1039'
    '\u103a\u1714\u1715\u1734\u17d2\u1a60\u1b44\u1baa\u1bab\u1bf2\u1bf3\u2d7f\ua806\ua82c\ua8c4\ua953'
    '\ua9c0\uaaf6\uabed\U00010a3f\U00011046\U00011070\U0001107f\U000110b9\U00011133\U00011134'
    '\U000111c0\U00011235\U000112ea\U0001134d\U000113ce-\U000113d0\U00011442\U000114c2\U000115bf'
    '\U0001163f\U000116b6\U0001172b\U00011839\U0001193d\U0001193e\U000119e0\U00011a34\U00011a47'
    '\U00011a99\U00011c3f\U00011d44\U00011d45\U00011d97\U00011f41\U00011f42\U0001612f]';
  leading_jamo constant text := '[\u1100-\u115f\ua960-\ua97c]';
  vowel_jamo constant text := '[\u1160-\u11a7\ud7b0-\ud7c6]';
  trailing_jamo constant text := '[\u11a8-\u11ff\ud7cb-\ud7fb]';
  -- A consonant joined to the one before: a joiner, then a character neither space nor mark.
  joined constant text := joiners || '[^\s' || substr(marks, 2);
  stacked_consonants constant text := joined || '(?:' || marks || '*' || joined || '){4}';
  long_jamo_run constant text :=
    leading_jamo || '{5}|' || vowel_jamo || '{5}|' || trailing_jamo || '{5}';
  link constant text :=
    '(h[tx]{2}ps?|ftp)\s*:\s*[/\\]\s*[/\\]\S*'
    '|www(\.|。[a-z0-9])\S*'
    '|[a-z0-9][a-z0-9-]*([.。][a-z0-9-]+)*[.。](com|net|org|info|biz|io|co|ru|cn|de|uk|xyz|top|site|online|shop|app|dev|ly|gl|cc|tk|link|click|club|live|store|tech|vip|ws|su|tv|gg|me)\M\S*'
    '|\S*(\[\.\]|\(\.\))\S*'
    '|//[^\s/\\.。]+[.。][^\s/\\.。]\S*';
  rule record;
  hidden bigint;
begin
  execute format(
    'create or replace function private.stacks_marks(value text) returns boolean '
    'language plpgsql immutable strict parallel safe set search_path = '''' as %L',
    format('declare shown constant text := regexp_replace(value, %L, '''', ''g''); '
           'begin return shown ~ %L or shown ~ %L or value ~ %L; end',
           ignorable, marks || '{5}', stacked_consonants, long_jamo_run));
  execute format(
    'create or replace function private.link_count(value text) returns integer '
    'language plpgsql immutable strict parallel safe set search_path = '''' as %L',
    format('begin return regexp_count(normalize(regexp_replace(value, %L, '''', ''g''), NFKC), %L, 1, ''i''); end',
           ignorable, link));
  comment on function private.stacks_marks(text) is
    'True when more than four combining marks follow one another, characters that render as nothing aside, '
    'more than four consonants are joined in a row by a virama or coeng, or more than four conjoining '
    'Hangul jamo of one kind follow one another.';
  comment on function private.link_count(text) is
    'How many links the text holds, characters that render as nothing aside, after NFKC.';

  -- The constraints that call the two functions, each read back as the rows it now refuses.
  for rule in
    select conrelid::regclass as table_name, conname, pg_get_expr(conbin, conrelid) as test
      from pg_constraint
     where contype = 'c' and conrelid in ('public.posts'::regclass, 'public.mota_ideas'::regclass)
       and pg_get_expr(conbin, conrelid) ~ 'private\.(stacks_marks|link_count)\('
     order by conname
  loop
    -- A null column passes a CHECK, and is left alone here too.
    execute format('update %s set is_hidden = true where not (%s)', rule.table_name, rule.test);
    get diagnostics hidden = row_count;
    if hidden > 0 then
      raise notice '% rows of % hidden: they break %', hidden, rule.table_name, rule.conname;
    end if;
  end loop;
end
$migration$;
