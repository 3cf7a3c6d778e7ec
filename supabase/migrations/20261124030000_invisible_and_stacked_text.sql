-- Text that shows nothing, or more than its share of the page, is refused; links hidden by
-- characters that show nothing are still counted.
--
-- * Not blank: at least one character that is not invisible. Invisible, in JavaScript's terms:
--   [\p{White_Space}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{M}\p{Default_Ignorable_Code_Point}\u2800\ufffc\u{1d159}]:
--   whitespace, controls, format characters, private-use and unassigned code points, combining
--   marks (so text of marks alone is blank), the other characters Unicode says to draw as
--   nothing (Hangul fillers, variation selectors, …), the blank Braille pattern, the object
--   replacement character and the musical null notehead.
-- * Stacked marks: no more than four combining marks (\p{M}) in a row in any text column, once
--   the characters that render as nothing are taken out (so a zero-width joiner between them
--   does not break the run). Each mark is drawn above or below the one before, and a letter
--   with 1,999 of them is a column thousands of pixels tall.
-- * Links: counted after taking out the characters that render as nothing (format characters
--   and the other default-ignorables, [\p{Cf}\p{Default_Ignorable_Code_Point}]), so
--   h<zero-width space>ttps:// is a link, then NFKC as before.
--
-- Postgres regular expressions have no \p{…} classes, so each class is written out below as
-- ranges of code points, once. src/lib/text-classes.ts mirrors them with \p{…} classes, and
-- tests/lib/text-classes.test.ts checks every code point (U+0001-U+10FFFF) against both; when
-- Unicode assigns new characters that test fails and prints the classes to write into a new
-- migration. tests/db/text-classes.test.ts checks the database reads them the same way.
--
-- Unlike the patterns of the earlier migrations, these live in three small functions the CHECK
-- constraints call, not inline. Postgres reads a CHECK constraint's stored expression again for
-- every INSERT statement, and the classes are 17 kB of text: inline, they made a one-row post
-- take three to four times as long in PGlite (0.5 ms to 1.9 ms, measured while the machine was
-- busy); through a function, whose body PL/pgSQL compiles once per connection, 0.5 ms as before.
-- Every role that writes a row needs EXECUTE on them; they keep PUBLIC's, as any function
-- does, since they only look at the text they are given (visitors cannot name them: they have
-- no USAGE on the private schema, and the API does not expose it).
--
-- Rows already shown that break a rule are hidden (and a notice says how many), so the
-- migration cannot fail on an old post and nothing that breaks the rules stays on the page. The
-- rules apply to shown rows: a hidden row may break them (the owner can still hide anything),
-- but showing it again is refused until its text is fixed (docs/backend.md, Moderation).

do $migration$
declare
  -- Characters that are not invisible (the class above, negated). U+0000 is left out: text
  -- cannot hold it.
  visible constant text :=
    '[^\u0001-\u0020\u007f-\u00a0\u00ad\u0300-\u036f\u0378\u0379\u0380-\u0383\u038b\u038d\u03a2'
    '\u0483-\u0489\u0530\u0557\u0558\u058b\u058c\u0590-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5'
    '\u05c7-\u05cf\u05eb-\u05ee\u05f5-\u0605\u0610-\u061a\u061c\u064b-\u065f\u0670\u06d6-\u06dd'
    '\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed\u070e\u070f\u0711\u0730-\u074c\u07a6-\u07b0\u07b2-\u07bf'
    '\u07eb-\u07f3\u07fb-\u07fd\u0816-\u0819\u081b-\u0823\u0825-\u0827\u0829-\u082f\u083f'
    '\u0859-\u085d\u085f\u086b-\u086f\u0890-\u089f\u08ca-\u0903\u093a-\u093c\u093e-\u094f'
    '\u0951-\u0957\u0962\u0963\u0981-\u0984\u098d\u098e\u0991\u0992\u09a9\u09b1\u09b3-\u09b5'
    '\u09ba-\u09bc\u09be-\u09cd\u09cf-\u09db\u09de\u09e2-\u09e5\u09fe-\u0a04\u0a0b-\u0a0e\u0a11\u0a12'
    '\u0a29\u0a31\u0a34\u0a37\u0a3a-\u0a58\u0a5d\u0a5f-\u0a65\u0a70\u0a71\u0a75\u0a77-\u0a84\u0a8e'
    '\u0a92\u0aa9\u0ab1\u0ab4\u0aba-\u0abc\u0abe-\u0acf\u0ad1-\u0adf\u0ae2-\u0ae5\u0af2-\u0af8'
    '\u0afa-\u0b04\u0b0d\u0b0e\u0b11\u0b12\u0b29\u0b31\u0b34\u0b3a-\u0b3c\u0b3e-\u0b5b\u0b5e'
    '\u0b62-\u0b65\u0b78-\u0b82\u0b84\u0b8b-\u0b8d\u0b91\u0b96-\u0b98\u0b9b\u0b9d\u0ba0-\u0ba2'
    '\u0ba5-\u0ba7\u0bab-\u0bad\u0bba-\u0bcf\u0bd1-\u0be5\u0bfb-\u0c04\u0c0d\u0c11\u0c29\u0c3a-\u0c3c'
    '\u0c3e-\u0c57\u0c5b\u0c5e\u0c5f\u0c62-\u0c65\u0c70-\u0c76\u0c81-\u0c83\u0c8d\u0c91\u0ca9\u0cb4'
    '\u0cba-\u0cbc\u0cbe-\u0cdb\u0cdf\u0ce2-\u0ce5\u0cf0\u0cf3-\u0d03\u0d0d\u0d11\u0d3b\u0d3c'
    '\u0d3e-\u0d4d\u0d50-\u0d53\u0d57\u0d62-\u0d65\u0d80-\u0d84\u0d97-\u0d99\u0db2\u0dbc\u0dbe\u0dbf'
    '\u0dc7-\u0de5\u0df0-\u0df3\u0df5-\u0e00\u0e31\u0e34-\u0e3e\u0e47-\u0e4e\u0e5c-\u0e80\u0e83\u0e85'
    '\u0e8b\u0ea4\u0ea6\u0eb1\u0eb4-\u0ebc\u0ebe\u0ebf\u0ec5\u0ec7-\u0ecf\u0eda\u0edb\u0ee0-\u0eff'
    '\u0f18\u0f19\u0f35\u0f37\u0f39\u0f3e\u0f3f\u0f48\u0f6d-\u0f84\u0f86\u0f87\u0f8d-\u0fbd\u0fc6'
    '\u0fcd\u0fdb-\u0fff\u102b-\u103e\u1056-\u1059\u105e-\u1060\u1062-\u1064\u1067-\u106d'
    '\u1071-\u1074\u1082-\u108d\u108f\u109a-\u109d\u10c6\u10c8-\u10cc\u10ce\u10cf\u115f\u1160\u1249'
    '\u124e\u124f\u1257\u1259\u125e\u125f\u1289\u128e\u128f\u12b1\u12b6\u12b7\u12bf\u12c1\u12c6\u12c7'
    '\u12d7\u1311\u1316\u1317\u135b-\u135f\u137d-\u137f\u139a-\u139f\u13f6\u13f7\u13fe\u13ff\u1680'
    '\u169d-\u169f\u16f9-\u16ff\u1712-\u171e\u1732-\u1734\u1737-\u173f\u1752-\u175f\u176d'
    '\u1771-\u177f\u17b4-\u17d3\u17dd-\u17df\u17ea-\u17ef\u17fa-\u17ff\u180b-\u180f\u181a-\u181f'
    '\u1879-\u187f\u1885\u1886\u18a9\u18ab-\u18af\u18f6-\u18ff\u191f-\u193f\u1941-\u1943\u196e\u196f'
    '\u1975-\u197f\u19ac-\u19af\u19ca-\u19cf\u19db-\u19dd\u1a17-\u1a1d\u1a55-\u1a7f\u1a8a-\u1a8f'
    '\u1a9a-\u1a9f\u1aae-\u1b04\u1b34-\u1b44\u1b4d\u1b6b-\u1b73\u1b80-\u1b82\u1ba1-\u1bad'
    '\u1be6-\u1bfb\u1c24-\u1c3a\u1c4a-\u1c4c\u1c8b-\u1c8f\u1cbb\u1cbc\u1cc8-\u1cd2\u1cd4-\u1ce8\u1ced'
    '\u1cf4\u1cf7-\u1cf9\u1cfb-\u1cff\u1dc0-\u1dff\u1f16\u1f17\u1f1e\u1f1f\u1f46\u1f47\u1f4e\u1f4f'
    '\u1f58\u1f5a\u1f5c\u1f5e\u1f7e\u1f7f\u1fb5\u1fc5\u1fd4\u1fd5\u1fdc\u1ff0\u1ff1\u1ff5'
    '\u1fff-\u200f\u2028-\u202f\u205f-\u206f\u2072\u2073\u208f\u209d-\u209f\u20c2-\u20ff\u218c-\u218f'
    '\u242a-\u243f\u244b-\u245f\u2800\u2b74\u2b75\u2cef-\u2cf1\u2cf4-\u2cf8\u2d26\u2d28-\u2d2c\u2d2e'
    '\u2d2f\u2d68-\u2d6e\u2d71-\u2d7f\u2d97-\u2d9f\u2da7\u2daf\u2db7\u2dbf\u2dc7\u2dcf\u2dd7'
    '\u2ddf-\u2dff\u2e5e-\u2e7f\u2e9a\u2ef4-\u2eff\u2fd6-\u2fef\u3000\u302a-\u302f\u3040\u3097-\u309a'
    '\u3100-\u3104\u3130\u3164\u318f\u31e6-\u31ee\u321f\ua48d-\ua48f\ua4c7-\ua4cf\ua62c-\ua63f'
    '\ua66f-\ua672\ua674-\ua67d\ua69e\ua69f\ua6f0\ua6f1\ua6f8-\ua6ff\ua7dd-\ua7f0\ua802\ua806\ua80b'
    '\ua823-\ua827\ua82c-\ua82f\ua83a-\ua83f\ua878-\ua881\ua8b4-\ua8cd\ua8da-\ua8f1\ua8ff'
    '\ua926-\ua92d\ua947-\ua95e\ua97d-\ua983\ua9b3-\ua9c0\ua9ce\ua9da-\ua9dd\ua9e5\ua9ff\uaa29-\uaa3f'
    '\uaa43\uaa4c-\uaa4f\uaa5a\uaa5b\uaa7b-\uaa7d\uaab0\uaab2-\uaab4\uaab7\uaab8\uaabe\uaabf\uaac1'
    '\uaac3-\uaada\uaaeb-\uaaef\uaaf5-\uab00\uab07\uab08\uab0f\uab10\uab17-\uab1f\uab27\uab2f'
    '\uab6c-\uab6f\uabe3-\uabea\uabec-\uabef\uabfa-\uabff\ud7a4-\ud7af\ud7c7-\ud7ca\ud7fc-\ud7ff'
    '\ue000-\uf8ff\ufa6e\ufa6f\ufada-\ufaff\ufb07-\ufb12\ufb18-\ufb1c\ufb1e\ufb37\ufb3d\ufb3f\ufb42'
    '\ufb45\ufdd0-\ufdef\ufe00-\ufe0f\ufe1a-\ufe2f\ufe53\ufe67\ufe6c-\ufe6f\ufe75\ufefd-\uff00\uffa0'
    '\uffbf-\uffc1\uffc8\uffc9\uffd0\uffd1\uffd8\uffd9\uffdd-\uffdf\uffe7\uffef-\ufffc\ufffe\uffff'
    '\U0001000c\U00010027\U0001003b\U0001003e\U0001004e\U0001004f\U0001005e-\U0001007f'
    '\U000100fb-\U000100ff\U00010103-\U00010106\U00010134-\U00010136\U0001018f\U0001019d-\U0001019f'
    '\U000101a1-\U000101cf\U000101fd-\U0001027f\U0001029d-\U0001029f\U000102d1-\U000102e0'
    '\U000102fc-\U000102ff\U00010324-\U0001032c\U0001034b-\U0001034f\U00010376-\U0001037f\U0001039e'
    '\U000103c4-\U000103c7\U000103d6-\U000103ff\U0001049e\U0001049f\U000104aa-\U000104af'
    '\U000104d4-\U000104d7\U000104fc-\U000104ff\U00010528-\U0001052f\U00010564-\U0001056e\U0001057b'
    '\U0001058b\U00010593\U00010596\U000105a2\U000105b2\U000105ba\U000105bd-\U000105bf'
    '\U000105f4-\U000105ff\U00010737-\U0001073f\U00010756-\U0001075f\U00010768-\U0001077f\U00010786'
    '\U000107b1\U000107bb-\U000107ff\U00010806\U00010807\U00010809\U00010836\U00010839-\U0001083b'
    '\U0001083d\U0001083e\U00010856\U0001089f-\U000108a6\U000108b0-\U000108df\U000108f3'
    '\U000108f6-\U000108fa\U0001091c-\U0001091e\U0001093a-\U0001093e\U0001095a-\U0001097f'
    '\U000109b8-\U000109bb\U000109d0\U000109d1\U00010a01-\U00010a0f\U00010a14\U00010a18'
    '\U00010a36-\U00010a3f\U00010a49-\U00010a4f\U00010a59-\U00010a5f\U00010aa0-\U00010abf'
    '\U00010ae5-\U00010aea\U00010af7-\U00010aff\U00010b36-\U00010b38\U00010b56\U00010b57'
    '\U00010b73-\U00010b77\U00010b92-\U00010b98\U00010b9d-\U00010ba8\U00010bb0-\U00010bff'
    '\U00010c49-\U00010c7f\U00010cb3-\U00010cbf\U00010cf3-\U00010cf9\U00010d24-\U00010d2f'
    '\U00010d3a-\U00010d3f\U00010d66-\U00010d6d\U00010d86-\U00010d8d\U00010d90-\U00010e5f\U00010e7f'
    '\U00010eaa-\U00010eac\U00010eae\U00010eaf\U00010eb2-\U00010ec1\U00010ec8-\U00010ecf'
    '\U00010ed9-\U00010eff\U00010f28-\U00010f2f\U00010f46-\U00010f50\U00010f5a-\U00010f6f'
    '\U00010f82-\U00010f85\U00010f8a-\U00010faf\U00010fcc-\U00010fdf\U00010ff7-\U00011002'
    '\U00011038-\U00011046\U0001104e-\U00011051\U00011070\U00011073\U00011074\U00011076-\U00011082'
    '\U000110b0-\U000110ba\U000110bd\U000110c2-\U000110cf\U000110e9-\U000110ef\U000110fa-\U00011102'
    '\U00011127-\U00011135\U00011145\U00011146\U00011148-\U0001114f\U00011173\U00011177-\U00011182'
    '\U000111b3-\U000111c0\U000111c9-\U000111cc\U000111ce\U000111cf\U000111e0\U000111f5-\U000111ff'
    '\U00011212\U0001122c-\U00011237\U0001123e\U00011241-\U0001127f\U00011287\U00011289\U0001128e'
    '\U0001129e\U000112aa-\U000112af\U000112df-\U000112ef\U000112fa-\U00011304\U0001130d\U0001130e'
    '\U00011311\U00011312\U00011329\U00011331\U00011334\U0001133a-\U0001133c\U0001133e-\U0001134f'
    '\U00011351-\U0001135c\U00011362-\U0001137f\U0001138a\U0001138c\U0001138d\U0001138f\U000113b6'
    '\U000113b8-\U000113d0\U000113d2\U000113d6\U000113d9-\U000113ff\U00011435-\U00011446\U0001145c'
    '\U0001145e\U00011462-\U0001147f\U000114b0-\U000114c3\U000114c8-\U000114cf\U000114da-\U0001157f'
    '\U000115af-\U000115c0\U000115dc-\U000115ff\U00011630-\U00011640\U00011645-\U0001164f'
    '\U0001165a-\U0001165f\U0001166d-\U0001167f\U000116ab-\U000116b7\U000116ba-\U000116bf'
    '\U000116ca-\U000116cf\U000116e4-\U000116ff\U0001171b-\U0001172f\U00011747-\U000117ff'
    '\U0001182c-\U0001183a\U0001183c-\U0001189f\U000118f3-\U000118fe\U00011907\U00011908\U0001190a'
    '\U0001190b\U00011914\U00011917\U00011930-\U0001193e\U00011940\U00011942\U00011943'
    '\U00011947-\U0001194f\U0001195a-\U0001199f\U000119a8\U000119a9\U000119d1-\U000119e0'
    '\U000119e4-\U000119ff\U00011a01-\U00011a0a\U00011a33-\U00011a39\U00011a3b-\U00011a3e'
    '\U00011a47-\U00011a4f\U00011a51-\U00011a5b\U00011a8a-\U00011a99\U00011aa3-\U00011aaf'
    '\U00011af9-\U00011aff\U00011b0a-\U00011bbf\U00011be2-\U00011bef\U00011bfa-\U00011bff\U00011c09'
    '\U00011c2f-\U00011c3f\U00011c46-\U00011c4f\U00011c6d-\U00011c6f\U00011c90-\U00011cff\U00011d07'
    '\U00011d0a\U00011d31-\U00011d45\U00011d47-\U00011d4f\U00011d5a-\U00011d5f\U00011d66\U00011d69'
    '\U00011d8a-\U00011d97\U00011d99-\U00011d9f\U00011daa-\U00011daf\U00011ddc-\U00011ddf'
    '\U00011dea-\U00011edf\U00011ef3-\U00011ef6\U00011ef9-\U00011f01\U00011f03\U00011f11'
    '\U00011f34-\U00011f42\U00011f5a-\U00011faf\U00011fb1-\U00011fbf\U00011ff2-\U00011ffe'
    '\U0001239a-\U000123ff\U0001246f\U00012475-\U0001247f\U00012544-\U00012f8f\U00012ff3-\U00012fff'
    '\U00013430-\U00013440\U00013447-\U0001345f\U000143fb-\U000143ff\U00014647-\U000160ff'
    '\U0001611e-\U0001612f\U0001613a-\U000167ff\U00016a39-\U00016a3f\U00016a5f\U00016a6a-\U00016a6d'
    '\U00016abf\U00016aca-\U00016acf\U00016aee-\U00016af4\U00016af6-\U00016aff\U00016b30-\U00016b36'
    '\U00016b46-\U00016b4f\U00016b5a\U00016b62\U00016b78-\U00016b7c\U00016b90-\U00016d3f'
    '\U00016d7a-\U00016e3f\U00016e9b-\U00016e9f\U00016eb9\U00016eba\U00016ed4-\U00016eff'
    '\U00016f4b-\U00016f4f\U00016f51-\U00016f92\U00016fa0-\U00016fdf\U00016fe4-\U00016ff1'
    '\U00016ff7-\U00016fff\U00018cd6-\U00018cfe\U00018d1f-\U00018d7f\U00018df3-\U0001afef\U0001aff4'
    '\U0001affc\U0001afff\U0001b123-\U0001b131\U0001b133-\U0001b14f\U0001b153\U0001b154'
    '\U0001b156-\U0001b163\U0001b168-\U0001b16f\U0001b2fc-\U0001bbff\U0001bc6b-\U0001bc6f'
    '\U0001bc7d-\U0001bc7f\U0001bc89-\U0001bc8f\U0001bc9a\U0001bc9b\U0001bc9d\U0001bc9e'
    '\U0001bca0-\U0001cbff\U0001ccfd-\U0001ccff\U0001ceb4-\U0001ceb9\U0001ced1-\U0001cedf'
    '\U0001cef1-\U0001cf4f\U0001cfc4-\U0001cfff\U0001d0f6-\U0001d0ff\U0001d127\U0001d128\U0001d159'
    '\U0001d165-\U0001d169\U0001d16d-\U0001d182\U0001d185-\U0001d18b\U0001d1aa-\U0001d1ad'
    '\U0001d1eb-\U0001d1ff\U0001d242-\U0001d244\U0001d246-\U0001d2bf\U0001d2d4-\U0001d2df'
    '\U0001d2f4-\U0001d2ff\U0001d357-\U0001d35f\U0001d379-\U0001d3ff\U0001d455\U0001d49d\U0001d4a0'
    '\U0001d4a1\U0001d4a3\U0001d4a4\U0001d4a7\U0001d4a8\U0001d4ad\U0001d4ba\U0001d4bc\U0001d4c4'
    '\U0001d506\U0001d50b\U0001d50c\U0001d515\U0001d51d\U0001d53a\U0001d53f\U0001d545'
    '\U0001d547-\U0001d549\U0001d551\U0001d6a6\U0001d6a7\U0001d7cc\U0001d7cd\U0001da00-\U0001da36'
    '\U0001da3b-\U0001da6c\U0001da75\U0001da84\U0001da8c-\U0001deff\U0001df1f-\U0001df24'
    '\U0001df2b-\U0001e02f\U0001e06e-\U0001e0ff\U0001e12d-\U0001e136\U0001e13e\U0001e13f'
    '\U0001e14a-\U0001e14d\U0001e150-\U0001e28f\U0001e2ae-\U0001e2bf\U0001e2ec-\U0001e2ef'
    '\U0001e2fa-\U0001e2fe\U0001e300-\U0001e4cf\U0001e4ec-\U0001e4ef\U0001e4fa-\U0001e5cf\U0001e5ee'
    '\U0001e5ef\U0001e5fb-\U0001e5fe\U0001e600-\U0001e6bf\U0001e6df\U0001e6e3\U0001e6e6\U0001e6ee'
    '\U0001e6ef\U0001e6f5-\U0001e6fd\U0001e700-\U0001e7df\U0001e7e7\U0001e7ec\U0001e7ef\U0001e7ff'
    '\U0001e8c5\U0001e8c6\U0001e8d0-\U0001e8ff\U0001e944-\U0001e94a\U0001e94c-\U0001e94f'
    '\U0001e95a-\U0001e95d\U0001e960-\U0001ec70\U0001ecb5-\U0001ed00\U0001ed3e-\U0001edff\U0001ee04'
    '\U0001ee20\U0001ee23\U0001ee25\U0001ee26\U0001ee28\U0001ee33\U0001ee38\U0001ee3a'
    '\U0001ee3c-\U0001ee41\U0001ee43-\U0001ee46\U0001ee48\U0001ee4a\U0001ee4c\U0001ee50\U0001ee53'
    '\U0001ee55\U0001ee56\U0001ee58\U0001ee5a\U0001ee5c\U0001ee5e\U0001ee60\U0001ee63\U0001ee65'
    '\U0001ee66\U0001ee6b\U0001ee73\U0001ee78\U0001ee7d\U0001ee7f\U0001ee8a\U0001ee9c-\U0001eea0'
    '\U0001eea4\U0001eeaa\U0001eebc-\U0001eeef\U0001eef2-\U0001efff\U0001f02c-\U0001f02f'
    '\U0001f094-\U0001f09f\U0001f0af\U0001f0b0\U0001f0c0\U0001f0d0\U0001f0f6-\U0001f0ff'
    '\U0001f1ae-\U0001f1e5\U0001f203-\U0001f20f\U0001f23c-\U0001f23f\U0001f249-\U0001f24f'
    '\U0001f252-\U0001f25f\U0001f266-\U0001f2ff\U0001f6d9-\U0001f6db\U0001f6ed-\U0001f6ef'
    '\U0001f6fd-\U0001f6ff\U0001f7da-\U0001f7df\U0001f7ec-\U0001f7ef\U0001f7f1-\U0001f7ff'
    '\U0001f80c-\U0001f80f\U0001f848-\U0001f84f\U0001f85a-\U0001f85f\U0001f888-\U0001f88f\U0001f8ae'
    '\U0001f8af\U0001f8bc-\U0001f8bf\U0001f8c2-\U0001f8cf\U0001f8d9-\U0001f8ff\U0001fa58-\U0001fa5f'
    '\U0001fa6e\U0001fa6f\U0001fa7d-\U0001fa7f\U0001fa8b-\U0001fa8d\U0001fac7\U0001fac9-\U0001facc'
    '\U0001fadd\U0001fade\U0001faeb-\U0001faee\U0001faf9-\U0001faff\U0001fb93\U0001fbfb-\U0001ffff'
    '\U0002a6e0-\U0002a6ff\U0002b81e\U0002b81f\U0002ceae\U0002ceaf\U0002ebe1-\U0002ebef'
    '\U0002ee5e-\U0002f7ff\U0002fa1e-\U0002ffff\U0003134b-\U0003134f\U0003347a-\U0010ffff]';
  -- Format characters and the other default-ignorable code points: they render as nothing.
  ignorable constant text :=
    '[\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u17b4\u17b5'
    '\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb'
    '\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a'
    '\U000e0000-\U000e0fff]';
  -- Combining marks (Mn, Mc, Me), five in a row.
  stacked_marks constant text :=
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
    '\U0001e8d0-\U0001e8d6\U0001e944-\U0001e94a\U000e0100-\U000e01ef]'
    '{5}';
  link constant text :=
    '(h[tx]{2}ps?|ftp)\s*:\s*/\s*/\S*'
    '|www\.\S*'
    '|[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)*\.(com|net|org|info|biz|io|co|ru|cn|de|uk|xyz|top|site|online|shop|app|dev|ly|gl|cc|tk|link|click|club|live|store|tech|vip|ws|su|tv|gg)\M\S*'
    '|\S*(\[\.\]|\(\.\))\S*';
  rule record;
  hidden bigint;
begin
  execute format(
    'create function private.shows_something(value text) returns boolean '
    'language plpgsql immutable strict parallel safe set search_path = '''' as %L',
    format('begin return value ~ %L; end', visible));
  execute format(
    'create function private.stacks_marks(value text) returns boolean '
    'language plpgsql immutable strict parallel safe set search_path = '''' as %L',
    format('begin return regexp_replace(value, %L, '''', ''g'') ~ %L; end', ignorable, stacked_marks));
  execute format(
    'create function private.link_count(value text) returns integer '
    'language plpgsql immutable strict parallel safe set search_path = '''' as %L',
    format('begin return regexp_count(normalize(regexp_replace(value, %L, '''', ''g''), NFKC), %L, 1, ''i''); end',
           ignorable, link));
  comment on function private.shows_something(text) is
    'True when the text holds a character that shows (supabase/migrations: invisible and stacked text).';
  comment on function private.stacks_marks(text) is
    'True when more than four combining marks follow one another, characters that render as nothing aside.';
  comment on function private.link_count(text) is
    'How many links the text holds, characters that render as nothing aside, after NFKC.';

  for rule in
    with columns (table_name, column_name) as (
      values ('posts', 'content'), ('posts', 'author_name'),
             ('mota_ideas', 'issue'), ('mota_ideas', 'mitigation'),
             ('mota_ideas', 'proposed_by'), ('mota_ideas', 'notes')
    )
    select table_name, format('%s_%s_not_blank', table_name, column_name) as constraint_name,
           true as replaces, format('private.shows_something(%I)', column_name) as test
      from columns
    union all
    select table_name, format('%s_%s_marks', table_name, column_name), false,
           format('not private.stacks_marks(%I)', column_name)
      from columns
    union all
    select 'posts', 'posts_content_links', true, 'private.link_count(content) <= 2'
    union all
    select 'mota_ideas', 'mota_ideas_links', true,
           'private.link_count(issue || '' '' || mitigation || '' '' || coalesce(notes, '''')) <= 3'
  loop
    if rule.replaces then
      execute format('alter table public.%I drop constraint %I', rule.table_name, rule.constraint_name);
    end if;
    -- A null column passes a CHECK, and is left alone here too.
    execute format('update public.%I set is_hidden = true where not is_hidden and not (%s)', rule.table_name, rule.test);
    get diagnostics hidden = row_count;
    if hidden > 0 then
      raise notice '% rows of % hidden: they break %', hidden, rule.table_name, rule.constraint_name;
    end if;
    execute format('alter table public.%I add constraint %I check (is_hidden or %s)',
                   rule.table_name, rule.constraint_name, rule.test);
  end loop;
end
$migration$;
