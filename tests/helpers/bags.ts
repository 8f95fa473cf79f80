import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { newTrackingCode } from '#server/modules/consignments/tracking-code.ts';
import type { HubId } from '#shared/hubs.ts';

/**
 * `count` copies of a booked parcel standing at `hub` (R-BAGS: what a bag is filled with), made set-based in
 * one statement, each with a tracking code of its own that passes the check character. Their earlier events
 * are not written: the tests read the events a bag's moves add.
 */
export async function parcelsAtHub(db: Database, trackingCode: string, count: number, hub: HubId): Promise<string[]> {
  const codes = Array.from({ length: count }, () => newTrackingCode());
  await db.execute(sql`
    insert into consignments (tracking_code, user_id, service, zone, status, hub, pickup_name, pickup_phone, pickup_address,
      pickup_area_id, recipient_name, recipient_phone, recipient_address, recipient_area_id, weight_grams, cod_amount,
      delivery_fee, cod_fee, total, fee_payment, fee_paid_at, estimated_earliest, estimated_latest)
    select code, user_id, service, zone, 'at_hub', ${hub}, pickup_name, pickup_phone, pickup_address, pickup_area_id,
      recipient_name, recipient_phone, recipient_address, recipient_area_id, weight_grams, cod_amount, delivery_fee,
      cod_fee, total, fee_payment, fee_paid_at, estimated_earliest, estimated_latest
    from consignments, unnest(string_to_array(${codes.join(',')}, ',')) as code
    where tracking_code = ${trackingCode}`);
  return codes;
}
