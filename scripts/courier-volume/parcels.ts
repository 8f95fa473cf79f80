// The generator's parcels, their status events and the pickups that collected them, set-based (decision 0114).
import type pg from 'pg';
import { FAILURE_REASONS } from '#shared/consignment-status.ts';
import { DEFAULT_TIME_ZONE } from '#shared/locale-format.ts';
import { PICKUP_WINDOWS } from '#shared/pickup.ts';
import { SEED_DELIVERY_CODE } from './accounts.ts';
import type { VolumeShape } from './shape.ts';

/** The COD charge the shop ships with (COD_FEE_PERCENT 1.5), in hundredths of a percent, as codFee reads it. */
const COD_FEE_BASIS_POINTS = 150;
const ZONE = `'${DEFAULT_TIME_ZONE}'`;

/**
 * Temp table `seed_plan`: one row per parcel with everything it is booked with, and its path — the
 * statuses its fate takes it through (`st`) and when, in hours after booking (`hrs`). A parcel keeps the
 * steps whose time has come (`kept`): young parcels are still at hubs or out with riders, old ones ended.
 * Fates: 86.5 % delivered (15 % of them at the second attempt), 1 % partly, 8 % returned after two
 * failed attempts, 3 % cancelled before pickup, 1 % on hold and 0.5 % stuck at their first hub.
 */
export async function planParcels(client: pg.Client, shape: VolumeShape): Promise<void> {
  const { now, start } = shape.sql;
  await client.query(`
    CREATE TEMP TABLE seed_plan AS
    WITH booked AS (
      SELECT m.first_parcel + k AS n, k, m.n AS merchant_n, m.merchant_id, m.user_id AS sender_id,
             m.business_name, m.pickup_phone, m.pickup_address, m.pickup_area,
             -- A merchant's parcels spread over the window in booking order, so its invoice numbers grow with time.
             ${start} + (${now} - ${start}) * ((k - 1 + pg_temp.rnd(m.first_parcel + k, 1)) / m.parcels) AS created_at
      FROM seed_merchants m CROSS JOIN LATERAL generate_series(1, m.parcels) AS k
      WHERE m.parcels > 0
    ), placed AS (
      SELECT b.*, c.name AS recipient_name, c.phone AS recipient_phone, c.address AS recipient_address, c.area_id AS recipient_area,
             pa.hub AS pickup_hub, ra.hub AS delivery_hub, z.zone,
             pg_temp.rnd(b.n, 2) AS r_service, pg_temp.rnd(b.n, 3) AS r_weight, pg_temp.rnd(b.n, 4) AS r_fate,
             pg_temp.rnd(b.n, 5) AS r_cod, pg_temp.rnd(b.n, 6) AS r_second, pg_temp.rnd(b.n, 7) * 3 AS jitter,
             pg_temp.rnd(b.n, 9) AS r_invoice, pg_temp.rnd(b.n, 10) AS r_rider, pg_temp.rnd(b.n, 12) AS r_cash
      FROM booked b
      JOIN seed_customers c ON c.n = 1 + floor(pg_temp.rnd(b.n, 11) * ${shape.customers})::int
      JOIN seed_areas pa ON pa.id = b.pickup_area
      JOIN seed_areas ra ON ra.id = c.area_id
      JOIN seed_zones z ON z.pickup_area = b.pickup_area AND z.recipient_area = c.area_id
    ), serviced AS (
      SELECT p.*,
             CASE WHEN zone = 'same-city' AND r_service < 0.06 THEN 'same-day' WHEN r_service < 0.30 THEN 'express'
                  WHEN r_service < 0.90 THEN 'standard' WHEN r_service < 0.95 THEN 'premium' ELSE 'cargo' END AS service,
             CASE WHEN r_fate < 0.005 THEN 'stuck' WHEN r_fate < 0.015 THEN 'held' WHEN r_fate < 0.045 THEN 'cancelled'
                  WHEN r_fate < 0.125 THEN 'returned' WHEN r_fate < 0.135 THEN 'partial' ELSE 'delivered' END AS fate
      FROM placed p
    ), weighed AS (
      SELECT s.*,
             CASE WHEN service = 'cargo' THEN CASE WHEN r_weight < 0.7 THEN 12000 ELSE 20000 END
                  WHEN r_weight < 0.35 THEN 300 WHEN r_weight < 0.65 THEN 800 WHEN r_weight < 0.85 THEN 1500
                  WHEN r_weight < 0.97 OR service IN ('same-day', 'premium') THEN 4000 ELSE 8000 END AS grams
      FROM serviced s
    ), priced AS (
      SELECT w.*, pr.fee AS delivery_fee,
             -- Cash on delivery covers the fees and then some (consignments_cod_pays_fee); 15 % are prepaid.
             CASE WHEN r_cod < 0.85 THEN pr.fee + (300 + floor(r_cash * 4700))::int * 100 ELSE 0 END AS cod_amount,
             CASE WHEN pickup_hub = delivery_hub THEN 20 ELSE 36 END + jitter AS out_at
      FROM weighed w JOIN seed_prices pr ON pr.service = w.service AND pr.zone = w.zone AND pr.grams = w.grams
    ), pathed AS (
      SELECT p.*,
             CASE WHEN cod_amount > 0 THEN ceil(cod_amount * ${COD_FEE_BASIS_POINTS} / 1000000.0)::int * 100 ELSE 0 END AS cod_fee,
             CASE WHEN fate = 'cancelled' THEN ARRAY['booked', 'cancelled'] ELSE
               ARRAY['booked', 'picked_up', 'at_hub']
               || CASE WHEN fate IN ('stuck', 'held') OR pickup_hub = delivery_hub THEN '{}'::text[] ELSE ARRAY['in_transit', 'at_delivery_hub'] END
               || CASE fate
                    WHEN 'held' THEN ARRAY['on_hold']
                    WHEN 'stuck' THEN '{}'::text[]
                    WHEN 'returned' THEN ARRAY['out_for_delivery', 'delivery_failed', 'out_for_delivery', 'delivery_failed', 'returning', 'returned']
                    ELSE CASE WHEN r_second < 0.15 THEN ARRAY['out_for_delivery', 'delivery_failed', 'out_for_delivery'] ELSE ARRAY['out_for_delivery'] END
                         || CASE WHEN fate = 'partial' THEN 'partially_delivered' ELSE 'delivered' END
                  END
             END AS st,
             CASE WHEN fate = 'cancelled' THEN ARRAY[0, 1 + jitter] ELSE
               ARRAY[0, 3 + jitter, 6 + jitter]
               || CASE WHEN fate IN ('stuck', 'held') OR pickup_hub = delivery_hub THEN '{}'::float8[] ELSE ARRAY[10 + jitter, 28 + jitter] END
               || CASE fate
                    WHEN 'held' THEN ARRAY[12 + jitter]
                    WHEN 'stuck' THEN '{}'::float8[]
                    WHEN 'returned' THEN ARRAY[out_at, out_at + 5, out_at + 24, out_at + 29, out_at + 36, out_at + 72]
                    ELSE CASE WHEN r_second < 0.15 THEN ARRAY[out_at, out_at + 5, out_at + 24, out_at + 28] ELSE ARRAY[out_at, out_at + 4] END
                  END
             END AS hrs
      FROM priced p
    ), kept AS (
      SELECT p.*, (SELECT count(*) FROM unnest(hrs) AS h WHERE created_at + h * interval '1 hour' <= ${now})::int AS kept
      FROM pathed p
    )
    SELECT k.*, gen_random_uuid() AS id, pg_temp.tracking_code(n) AS tracking_code,
           st[kept] AS status, created_at + hrs[kept] * interval '1 hour' AS status_changed_at,
           coalesce(cardinality(array_positions(st[1:kept], 'out_for_delivery')), 0) AS attempts,
           CASE WHEN 'at_delivery_hub' = ANY (st[1:kept]) THEN delivery_hub WHEN 'at_hub' = ANY (st[1:kept]) THEN pickup_hub END AS hub,
           CASE WHEN 'out_for_delivery' = ANY (st[1:kept]) THEN r.user_id END AS rider_id
    FROM kept k
    JOIN seed_rider_counts rc ON rc.hub = k.delivery_hub
    JOIN seed_riders r ON r.hub = k.delivery_hub AND r.ord = floor(k.r_rider * rc.riders)::int
    ORDER BY n`);
  const [planned] = (await client.query('SELECT count(*)::int AS parcels FROM seed_plan')).rows as { parcels: number }[];
  if (planned?.parcels !== shape.parcels)
    throw new Error(`planned ${planned?.parcels} parcels of ${shape.parcels}: a lookup is missing`);
}

/** The parcels themselves, as booking and their moves would have left them (R-BOOKING, R-PARCEL-STATUS). */
export async function insertConsignments(client: pg.Client, shape: VolumeShape): Promise<void> {
  const { now } = shape.sql;
  const localDay = `((created_at AT TIME ZONE ${ZONE})::date)`;
  const days = `CASE WHEN service = 'same-day' THEN 0 WHEN zone = 'same-city' THEN 1 WHEN zone = 'suburb' THEN 2 ELSE 3 END`;
  await client.query(`
    INSERT INTO consignments (
      id, tracking_code, user_id, service, zone, status, pickup_name, pickup_phone, pickup_address, pickup_area_id,
      recipient_name, recipient_phone, recipient_address, recipient_area_id, weight_grams, cod_amount, merchant_invoice,
      delivery_fee, cod_fee, total, fee_payment, fee_paid_at, fee_transaction_id, estimated_earliest, estimated_latest,
      delivery_attempts, held_from, hub, status_changed_at, rider_id, delivery_code_hash, delivery_code_expires_at,
      cod_collected, cod_handed_in_at, delivery_note, created_at)
    SELECT id, tracking_code, sender_id, service, zone, status, business_name, pickup_phone, pickup_address, pickup_area,
           recipient_name, recipient_phone, recipient_address, recipient_area, grams, cod_amount,
           -- Merchants number their own invoices from 1001, so "1001" names one parcel of each merchant.
           CASE WHEN r_invoice < 0.9 THEN (1000 + k)::text END,
           delivery_fee, cod_fee, delivery_fee + cod_fee,
           CASE WHEN cod_amount > 0 THEN 'cod' ELSE 'card' END,
           CASE WHEN cod_amount = 0 THEN created_at + interval '5 minutes' END,
           CASE WHEN cod_amount = 0 THEN 'seed_' || n END,
           to_char(${localDay} + ${days}, 'YYYY-MM-DD'), to_char(${localDay} + ${days} + 2, 'YYYY-MM-DD'),
           attempts, CASE WHEN status = 'on_hold' THEN 'at_hub' END, hub, status_changed_at, rider_id,
           CASE WHEN status = 'out_for_delivery' THEN encode(sha256(convert_to(id::text || ':${SEED_DELIVERY_CODE}', 'UTF8')), 'hex') END,
           CASE WHEN status = 'out_for_delivery' THEN ((${now} AT TIME ZONE ${ZONE})::date + 1) AT TIME ZONE ${ZONE} END,
           CASE WHEN status = 'delivered' THEN cod_amount WHEN status = 'partially_delivered' THEN (cod_amount / 200) * 100 END,
           -- Riders hand the day's cash in at the hub that evening; today's is still with them.
           CASE WHEN status IN ('delivered', 'partially_delivered') AND cod_amount > 0 AND status_changed_at + interval '8 hours' <= ${now}
                THEN status_changed_at + interval '8 hours' END,
           CASE WHEN status = 'partially_delivered' THEN 'Part of the order accepted; the rest goes back.' END,
           created_at
    FROM seed_plan ORDER BY n`);
}

/**
 * Each parcel's kept steps, in order (R-PARCEL-STATUS): booked and cancelled by its sender, scans by the
 * hub's operator, the delivery's steps by its rider; a failed attempt says why, a hub step which hub.
 */
export async function insertEvents(client: pg.Client): Promise<void> {
  const reasons = `ARRAY[${FAILURE_REASONS.map((reason) => `'${reason}'`).join(',')}]`;
  await client.query(`
    INSERT INTO consignment_events (consignment_id, status, reason, hub, actor_id, created_at)
    SELECT p.id, e.status,
           CASE WHEN e.status = 'delivery_failed' THEN (${reasons})[1 + floor(pg_temp.rnd(p.n * 16 + e.step, 13) * ${FAILURE_REASONS.length})::int] END,
           CASE e.status WHEN 'at_hub' THEN p.pickup_hub WHEN 'in_transit' THEN p.pickup_hub WHEN 'at_delivery_hub' THEN p.delivery_hub END,
           CASE WHEN e.status IN ('booked', 'cancelled') THEN p.sender_id
                WHEN e.status IN ('out_for_delivery', 'delivered', 'partially_delivered', 'delivery_failed') THEN p.rider_id
                ELSE o.user_id END,
           p.created_at + e.h * interval '1 hour'
    FROM seed_plan p
    CROSS JOIN LATERAL unnest(p.st[1:p.kept], p.hrs[1:p.kept]) WITH ORDINALITY AS e(status, h, step)
    JOIN seed_operators o ON o.hub = CASE WHEN e.status IN ('picked_up', 'at_hub', 'in_transit', 'on_hold') THEN p.pickup_hub ELSE p.delivery_hub END
    ORDER BY p.n, e.step`);
}

/**
 * One pickup per merchant per day it booked (R-PICKUPS), for that day's parcels; Friday's bookings are
 * collected on Saturday, since couriers do not pick up on Fridays.
 */
export async function insertPickups(client: pg.Client): Promise<void> {
  const localDay = `(created_at AT TIME ZONE ${ZONE})::date`;
  await client.query(`
    INSERT INTO pickups (user_id, name, phone, address, area_id, day, "window", parcels, created_at)
    SELECT sender_id, business_name, pickup_phone, pickup_address, pickup_area,
           to_char(day + CASE WHEN extract(dow FROM day) = 5 THEN 1 ELSE 0 END, 'YYYY-MM-DD'),
           (ARRAY[${PICKUP_WINDOWS.map((w) => `'${w}'`).join(',')}])[1 + (merchant_n + extract(doy FROM day)::int) % ${PICKUP_WINDOWS.length}],
           parcels, first_booked
    FROM (SELECT sender_id, merchant_n, business_name, pickup_phone, pickup_address, pickup_area, ${localDay} AS day,
                 count(*)::int AS parcels, min(created_at) AS first_booked
          FROM seed_plan GROUP BY 1, 2, 3, 4, 5, 6, 7) AS days
    ORDER BY first_booked`);
}

/**
 * The riders' hand-ins (R-CASH-HANDINS) of the cash the parcels say was handed in: one a rider and an
 * evening, counted right, so the daily reconciliation closes on the generated data (R-RECONCILIATION).
 */
export async function insertCashHandins(client: pg.Client): Promise<void> {
  await client.query(`
    INSERT INTO cash_handins (rider_id, parcels, collected, counted, created_at)
    SELECT rider_id, count(*), sum(cod_collected), sum(cod_collected), cod_handed_in_at
    FROM consignments WHERE cod_handed_in_at IS NOT NULL AND cod_collected > 0
    GROUP BY rider_id, cod_handed_in_at`);
}
