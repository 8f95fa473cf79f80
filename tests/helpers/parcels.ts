import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import type { ConsignmentInput } from '#shared/consignment.ts';
import { chargeTestCard } from './payment-fixtures.ts';
import { RaceBarrier } from './race-barrier.ts';
import { call, type SignedInCustomer } from './shop-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** A plain parcel from Gulshan to Cumilla, no cash to collect: what the parcels' race tests book. */
export const STANDARD_PARCEL: ConsignmentInput = {
  service: 'standard',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'cumilla-debidwar' },
  weightGrams: 800,
  codAmount: 0,
};

/**
 * Pays a card-paid parcel's fee as its sender does on the parcel's page, with the test processor's 4242
 * card: a parcel is picked up only once its fee is paid (issue 39).
 */
export async function payParcelFee(server: TestServer, sender: SignedInCustomer, trackingCode: string): Promise<void> {
  const started = await call(server, 'POST', `/api/consignments/${trackingCode}/payment-intent`, { token: sender.token });
  const charged = await chargeTestCard(server, sender, started.body.clientSecret);
  const paid = await call(server, 'PATCH', `/api/consignments/${trackingCode}/payment`, {
    token: sender.token,
    body: { transactionId: charged.body.paymentIntent?.id },
  });
  if (paid.status !== 200) throw new Error(`the fee of ${trackingCode} was not paid: ${JSON.stringify(paid.body)}`);
}

/**
 * Scans a booked parcel from pickup to out for delivery with `rider` (Dhaka's hub, then Sylhet's, the
 * delivery hub of the riders' test parcels), as a hub's staff would, one step at a time.
 */
export async function sendOutWithRider(server: TestServer, admin: SignedInCustomer, code: string, rider: string): Promise<void> {
  for (const [status, extra] of [
    ['picked_up', {}],
    ['at_hub', { hub: 'dhaka' }],
    ['at_delivery_hub', { hub: 'sylhet' }],
    ['out_for_delivery', { rider }],
  ] as const) {
    const scanned = await call(server, 'POST', '/api/ops/scans', {
      token: admin.token,
      body: { codes: [code], status, ...extra },
    });
    if (scanned.status !== 200) throw new Error(`${code} was not moved to ${status}: ${JSON.stringify(scanned.body)}`);
  }
}

/**
 * `count` copies of a booked parcel, volume made set-based: each with a code `prefix` and a number,
 * booked `spacing` apart going back from an hour ago, three to a microsecond so the id must break the ties.
 */
export async function copyParcel(
  server: TestServer,
  trackingCode: string,
  prefix: string,
  count: number,
  spacing = "interval '1 minute'",
): Promise<void> {
  await server.db.execute(sql`
    insert into consignments (tracking_code, user_id, service, zone, status, pickup_name, pickup_phone, pickup_address,
      pickup_area_id, recipient_name, recipient_phone, recipient_address, recipient_area_id, weight_grams, cod_amount,
      delivery_fee, cod_fee, total, fee_payment, estimated_earliest, estimated_latest, created_at)
    select ${prefix} || n, user_id, service, zone, status, pickup_name, pickup_phone, pickup_address, pickup_area_id,
      recipient_name, recipient_phone, recipient_address, recipient_area_id, weight_grams, cod_amount, delivery_fee,
      cod_fee, total, fee_payment, estimated_earliest, estimated_latest,
      now() - interval '1 hour' - (n / 3) * ${sql.raw(spacing)} - interval '0.000001 second' * (n % 7)
    from consignments, generate_series(1, ${count}) as n
    where tracking_code = ${trackingCode}`);
}

export interface TwoInstances {
  first: TestServer;
  second: TestServer;
  races: RaceBarrier;
  stop(): Promise<void>;
}

/**
 * Two app instances on one PostgreSQL database, each with a connection pool of its own (as two
 * machines would have), and a race barrier over both; `env` is both instances' settings.
 */
export async function startTwoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  const first = await startTestServer({ kind: 'postgres', env });
  const secondPool: DatabaseHandle = openDatabase({ kind: 'postgres', url: first.database.url ?? '' });
  const second = await startTestServer({
    kind: 'postgres',
    sharedDatabase: { handle: secondPool, url: first.database.url, drop: () => secondPool.close() },
    env: { ...env, PUBLIC_URL: first.url },
  });
  const races = await RaceBarrier.on(first, second);
  return {
    first,
    second,
    races,
    async stop() {
      await races.close();
      await second.stop();
      await secondPool.close();
      await first.stop();
    },
  };
}
