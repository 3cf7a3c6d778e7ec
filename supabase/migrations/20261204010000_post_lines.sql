-- A post holds at most 40 lines.
--
-- The forum keeps a post's line breaks, so two thousand characters can be a thousand one-letter
-- lines: one post twenty-eight thousand pixels tall on a phone, the rest of the page pushed out
-- of reach below it. Forty lines is more than a letter or a poem of the length the forum takes
-- needs (the character limit runs out first for any text written in full lines), and a post of
-- forty short lines stands no taller than one of two thousand characters written out.
--
-- A line break is what a browser may break a line at: a line feed, a carriage return (a CR LF
-- pair is one break), a vertical tab, a form feed, NEL, and the line and paragraph separators.
-- The registry draws its text as one flowing paragraph, so its fields need no such limit.
--
-- NOT VALID: posts already stored stay as they are; every new one is checked.

alter table public.posts
  add constraint posts_content_lines
    check (regexp_count(content, E'\r\n|[\n\u000b\u000c\r\u0085\u2028\u2029]') < 40) not valid;
