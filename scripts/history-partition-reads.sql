-- Decision 129's reads, the same SQL before and after migration 0024: psql "$DATABASE_URL" -f scripts/history-partition-reads.sql
-- (on a copy of courier_1m; the biggest merchant is the generated merchant@courier.test).
\pset pager off
select m.id as merchant from merchants m join "user" u on u.id = m.user_id where u.email = 'merchant@courier.test' \gset
select c.id as recent_parcel, c.created_at as recent_booked from consignments c where c.user_id = (select user_id from merchants where id = :'merchant') order by c.created_at desc offset 200 limit 1 \gset
select c.id as old_parcel, c.created_at as old_booked from consignments c where c.user_id = (select user_id from merchants where id = :'merchant') order by c.created_at asc offset 200 limit 1 \gset
\echo == timeline, recent parcel (tracking)
explain (analyze, buffers, costs off, timing off, summary on) select * from consignment_events where consignment_id = :'recent_parcel' order by id;
\echo == timeline, recent parcel, bounded by its booking
explain (analyze, buffers, costs off, timing off, summary on) select * from consignment_events where consignment_id = :'recent_parcel' and created_at >= :'recent_booked' order by id;
\echo == timeline, 80-day-old parcel, bounded by its booking
explain (analyze, buffers, costs off, timing off, summary on) select * from consignment_events where consignment_id = :'old_parcel' and created_at >= :'old_booked' order by id;
\echo == ledger page 1 (newest 50)
explain (analyze, buffers, costs off, timing off, summary on) select * from merchant_ledger where merchant_id = :'merchant' order by id desc limit 50;
\echo == ledger, 30 days (statement range, plain time range)
explain (analyze, buffers, costs off, timing off, summary on) select * from merchant_ledger where merchant_id = :'merchant' and created_at >= now() - interval '30 days' and created_at < now() order by created_at, id;
\echo == payout run: a merchant s unsettled lines before the cut-off
explain (analyze, buffers, costs off, timing off, summary on) select id, amount from merchant_ledger where merchant_id = :'merchant' and payout_id is null and created_at < now() - interval '1 day';
\echo == Operations: failed attempts by reason, last 7 days
explain (analyze, buffers, costs off, timing off, summary on) select reason, count(*) from consignment_events where status = 'delivery_failed' and reason is not null and created_at >= now() - interval '7 days' group by reason;
\echo == Operations: failed attempts by reason, all history (as the app reads it today)
explain (analyze, buffers, costs off, timing off, summary on) select reason, count(*) from consignment_events where status = 'delivery_failed' and reason is not null group by reason;
