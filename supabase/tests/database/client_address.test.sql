-- pgTAP tests of where the rate limit finds the client's address: a header named in
-- private.settings and, for a list such as X-Forwarded-For, how many trusted proxies
-- appended to it (the entry that many places from the right is the client).
-- tests/db/pgtap.test.ts also runs this file against the embedded backend.
begin;
select plan(14);

select is(
  (select client_address_header || ' ' || client_address_depth from private.settings), 'x-forwarded-for 1',
  'by default the last X-Forwarded-For entry is the client'
);
select is(private.client_address('{"x-forwarded-for": "10.0.0.1, 203.0.113.9"}', 'x-forwarded-for', 1), '203.0.113.9', 'depth 1: the last entry');
select is(private.client_address('{"x-forwarded-for": "10.0.0.1, 203.0.113.9, 192.0.2.1"}', 'x-forwarded-for', 2), '203.0.113.9', 'depth 2: the second entry from the right');
select is(private.client_address('{"x-forwarded-for": "192.0.2.1"}', 'x-forwarded-for', 2), null, 'fewer entries than trusted proxies: no address');
select is(private.client_address('{"x-forwarded-for": "10.0.0.1", "cf-connecting-ip": "198.51.100.3"}', 'cf-connecting-ip', 1), '198.51.100.3', 'another header');
select is(private.client_address('{"x-forwarded-for": "10.0.0.1"}', 'x-real-ip', 1), null, 'a missing header: no address');
select throws_ok(
  $$ update private.settings set client_address_header = 'X-Real-IP; drop' $$, '23514', null,
  'the header is a lower-case header name'
);
select throws_ok($$ update private.settings set client_address_depth = 0 $$, '23514', null, 'the depth is at least 1');

set local role anon;
select throws_ok(
  $$ select private.client_address('{}', 'x-forwarded-for', 1), private.address_bucket('192.0.2.1') $$,
  '42501', null, 'visitors cannot call the address functions'
);
reset role;

-- Behind a CDN that sends the visitor in its own header, rotating X-Forwarded-For is no way out.
update private.settings set client_address_header = 'cf-connecting-ip';
set local role anon;
select set_config('request.headers', '{"x-forwarded-for": "10.0.0.1", "cf-connecting-ip": "203.0.113.50"}', true);
select lives_ok(
  $$ insert into public.posts (content) select 'pgTAP cdn ' || g from generate_series(1, 5) g $$,
  'five posts from one visitor behind the CDN'
);
select set_config('request.headers', '{"x-forwarded-for": "10.0.0.2", "cf-connecting-ip": "203.0.113.50"}', true);
select throws_ok($$ insert into public.posts (content) values ('pgTAP cdn 6') $$, 'PT429', null, 'the sixth is refused whatever X-Forwarded-For says');
select set_config('request.headers', '{"x-forwarded-for": "10.0.0.2", "cf-connecting-ip": "203.0.113.51"}', true);
select lives_ok($$ insert into public.posts (content) values ('pgTAP cdn other') $$, 'another visitor behind the CDN may post');
reset role;

-- Two proxies of our own: the second entry from the right is the visitor.
update private.settings set client_address_header = 'x-forwarded-for', client_address_depth = 2;
set local role anon;
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.60, 10.0.0.3"}', true);
select lives_ok(
  $$ insert into public.mota_ideas (issue, mitigation) select 'pgTAP i' || g, 'm' from generate_series(1, 5) g $$,
  'five ideas from one visitor behind two proxies'
);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.60, 10.0.0.4"}', true);
select throws_ok(
  $$ insert into public.mota_ideas (issue, mitigation) values ('pgTAP i6', 'm') $$, 'PT429', null,
  'the sixth is refused though the nearer proxy changed'
);
reset role;

select * from finish();
rollback;
