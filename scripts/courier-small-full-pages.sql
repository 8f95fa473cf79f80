-- Full pages on the small bench database (issue 40's ratio, like for like): psql "$BENCH_SMALL_URL" -f scripts/courier-small-full-pages.sql
-- on a copy of courier_small (`seed:courier --parcels 1000 --merchants 120`), never the original.
--
-- The ratio compares a route's throughput on the million-parcel database with the small one's. Where the small
-- database has fewer rows than a page, it compares a short answer with a full one: at 1,000 parcels today holds
-- one pickup (the page is 100), four parcels at the Dhaka hub (the scan takes 10), 15 stuck parcels (a page of
-- 50 and a count up to 10,000) and no parcel in transit to Dhaka's areas. This fills each to more than a page,
-- as admin Merchants' 120 merchants fill its page, so the ratio measures history and not the page's length.
-- Parcels booked or delivered are moved with their status and time only (no events): what the lists and the scan read.
\set ON_ERROR_STOP on
begin;
-- 120 of today's pickups (Dhaka's day, as the admin list defaults to), copies of earlier ones.
insert into pickups (user_id, name, phone, address, area_id, day, "window", parcels, note)
select user_id, name, phone, address, area_id, to_char(now() at time zone 'Asia/Dhaka', 'YYYY-MM-DD'), "window", parcels, note
from pickups, generate_series(1, 120) where cancelled_at is null limit 120;
-- 100 parcels three days at the Dhaka hub: stuck past STUCK_AFTER_HOURS (48), and ten for the scan.
update consignments set status = 'at_hub', hub = 'dhaka', status_changed_at = now() - interval '3 days'
where id in (select id from consignments where status in ('booked', 'delivered') and not test order by created_at desc limit 100);
-- 100 parcels in transit from Chattogram to an area of Dhaka's: the Dhaka hub's inbound.
update consignments set status = 'in_transit', hub = 'chattogram', recipient_area_id = 'dhaka-mirpur', status_changed_at = now()
where id in (select id from consignments where status in ('booked', 'delivered') and not test order by created_at desc limit 100);
commit;
vacuum analyze pickups;
vacuum analyze consignments;
