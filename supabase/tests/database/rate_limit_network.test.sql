-- pgTAP tests of which bucket the rate limit puts a client in: one per IPv4 address, one per
-- IPv6 /64 (a single subscriber holds a whole /64 and can rotate through it), whatever the
-- spelling. tests/db/pgtap.test.ts also runs this file against the embedded backend.
begin;
select plan(14);

-- As the owner: the bucket of each spelling.
select is(private.address_bucket('203.0.113.7'), '203.0.113.7', 'an IPv4 address is its own bucket');
select is(private.address_bucket(' 203.0.113.7:51234 '), '203.0.113.7', 'a port after an IPv4 address is ignored');
select is(private.address_bucket('::ffff:203.0.113.7'), '203.0.113.7', 'an IPv4-mapped IPv6 address is the IPv4 address');
select is(private.address_bucket('2001:db8:0:1:aaaa::7'), '2001:db8:0:1::/64', 'an IPv6 address falls in its /64');
select is(private.address_bucket('[2001:DB8:0:1::7]:443'), '2001:db8:0:1::/64', 'brackets, a port and upper case change nothing');
select is(private.address_bucket('not an address'), 'unparseable', 'text that is no address shares one bucket');
select is(private.address_bucket(''), 'absent', 'no address at all is a bucket of its own');

set local role anon;

-- Six addresses inside one /64: five rows in total.
select set_config('request.headers', '{"x-forwarded-for": "2001:db8:aaaa:1::1"}', true);
select lives_ok($$ insert into public.posts (content) values ('pgTAP v6 1') $$, 'a first address in a /64 posts');
select set_config('request.headers', '{"x-forwarded-for": "2001:db8:aaaa:1::2"}', true);
select lives_ok($$ insert into public.posts (content) values ('pgTAP v6 2') $$, 'a second address in the same /64 posts');
select set_config('request.headers', '{"x-forwarded-for": "2001:db8:aaaa:1:ffff::3"}', true);
select lives_ok($$ insert into public.posts (content) values ('pgTAP v6 3'), ('pgTAP v6 4'), ('pgTAP v6 5') $$, 'a third brings the /64 to five');
select set_config('request.headers', '{"x-forwarded-for": "2001:db8:aaaa:1:1234:5678:9abc:def0"}', true);
select throws_ok($$ insert into public.posts (content) values ('pgTAP v6 6') $$, 'PT429', null, 'a sixth address in the /64 is refused');

-- The next /64 is another subscriber.
select set_config('request.headers', '{"x-forwarded-for": "2001:db8:aaaa:2::1"}', true);
select lives_ok(
  $$ insert into public.posts (content) select 'pgTAP next /64 ' || g from generate_series(1, 5) g $$,
  'the next /64 posts five'
);

-- Four spellings of one IPv4 address share a bucket.
select set_config('request.headers', '{"x-forwarded-for": "198.51.100.20"}', true);
select lives_ok($$ insert into public.posts (content) values ('pgTAP v4 1'), ('pgTAP v4 2') $$, 'two posts from 198.51.100.20');
select set_config('request.headers', '{"x-forwarded-for": "::ffff:198.51.100.20"}', true);
insert into public.posts (content) values ('pgTAP v4 3');
select set_config('request.headers', '{"x-forwarded-for": "::FFFF:C633:6414"}', true);
insert into public.posts (content) values ('pgTAP v4 4');
select set_config('request.headers', '{"x-forwarded-for": "198.51.100.20:8080"}', true);
insert into public.posts (content) values ('pgTAP v4 5');
select set_config('request.headers', '{"x-forwarded-for": "198.51.100.20"}', true);
select throws_ok(
  $$ insert into public.posts (content) values ('pgTAP v4 6') $$, 'PT429', null,
  'after five posts under four spellings of one address, the sixth is refused'
);

reset role;
select * from finish();
rollback;
