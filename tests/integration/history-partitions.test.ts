import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '#server/db/constraint-errors.ts';
import { makeHistoryPartitions } from '#server/db/history-partitions.ts';
import { consignmentEvents, consignments, merchantLedger } from '#server/db/schema.ts';
import type { Tracking } from '#shared/tracking.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A far month nobody's data reaches, so the test owns its partitions whenever it runs. */
const FAR = new Date('2031-05-10T12:00:00Z');

/**
 * Decision 0129: consignment_events and merchant_ledger are partitioned by month. What a user notices
 * must not change: a parcel is credited once (R-LEDGER), its timeline reads whole across months
 * (R-TRACKING), and a new month's rows land in that month's partition, made ahead by the schedule.
 */
describe.each(testDatabaseKinds())('history partitioned by month (%s)', (kind) => {
  let server: TestServer;
  let merchant: SignedInCustomer;
  let merchantId: string;
  let parcel: typeof consignments.$inferSelect;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    const admin = await signInAdmin(server);
    merchant = await signUpCustomer(server);
    merchantId = (await approvedMerchant(server, admin, merchant)).id;
    const booked = await call<{ trackingCode: string }>(server, 'POST', '/api/consignments', {
      token: merchant.token,
      body: STANDARD_PARCEL,
    });
    [parcel] = (await server.db.select().from(consignments).where(eq(consignments.trackingCode, booked.body.trackingCode))) as [
      typeof consignments.$inferSelect,
    ];
    await makeHistoryPartitions(server.db, FAR);
  });
  afterAll(() => server?.stop());

  const partitionOf = async (table: 'consignment_events' | 'merchant_ledger', id: number) => {
    const result = (await server.db.execute(
      sql`select tableoid::regclass::text as partition from ${sql.identifier(table)} where id = ${id}`,
    )) as unknown as { rows: { partition: string }[] };
    return result.rows[0]?.partition;
  };

  it('makes the coming months’ partitions of both tables, and a new month’s rows land in its own', async () => {
    const made = (await server.db.execute(
      sql`select inhrelid::regclass::text as name from pg_inherits
          where inhparent in ('consignment_events'::regclass, 'merchant_ledger'::regclass) and inhrelid::regclass::text like '%2031%'
          order by 1`,
    )) as unknown as { rows: { name: string }[] };
    expect(made.rows.map((row) => row.name)).toEqual([
      'consignment_events_2031_05',
      'consignment_events_2031_06',
      'consignment_events_2031_07',
      'merchant_ledger_2031_05',
      'merchant_ledger_2031_06',
      'merchant_ledger_2031_07',
    ]);
    const [event] = await server.db
      .insert(consignmentEvents)
      .values({ consignmentId: parcel.id, status: 'picked_up', createdAt: new Date('2031-06-15T08:00:00Z') })
      .returning();
    expect(await partitionOf('consignment_events', event?.id ?? 0)).toBe('consignment_events_2031_06');
    // Made already: a second look makes nothing.
    expect(await makeHistoryPartitions(server.db, FAR)).toBe(0);
  });

  it('refuses a second credit of a parcel even when it is dated in another month’s partition (R-LEDGER)', async () => {
    const credit = { merchantId, consignmentId: parcel.id, kind: 'cod_collected' as const, amount: 1_500_00 };
    const [first] = await server.db
      .insert(merchantLedger)
      .values({ ...credit, createdAt: new Date('2031-05-31T23:59:59Z') })
      .returning();
    expect(await partitionOf('merchant_ledger', first?.id ?? 0)).toBe('merchant_ledger_2031_05');
    const again = server.db.insert(merchantLedger).values({ ...credit, createdAt: new Date('2031-06-01T00:00:01Z') });
    await expect(again).rejects.toSatisfy((error) => isUniqueViolation(error, 'merchant_ledger_once_per_parcel'));
    // A correction is a new line, and may be added in any month.
    await server.db.insert(merchantLedger).values({
      merchantId,
      consignmentId: parcel.id,
      kind: 'correction',
      amount: -100_00,
      createdAt: new Date('2031-06-02T00:00:00Z'),
    });
    const lines = await server.db.select().from(merchantLedger).where(eq(merchantLedger.consignmentId, parcel.id));
    expect(lines.map((line) => [line.kind, line.amount])).toEqual([
      ['cod_collected', 1_500_00],
      ['correction', -100_00],
    ]);
  });

  it('tracks a parcel whose history crosses a month boundary, oldest first and whole', async () => {
    const moves = [
      { status: 'at_hub' as const, hub: 'dhaka-tejgaon', createdAt: new Date('2031-06-30T23:59:59Z') },
      { status: 'in_transit' as const, createdAt: new Date('2031-07-01T00:00:00Z') },
    ];
    const written = await server.db
      .insert(consignmentEvents)
      .values(moves.map((move) => ({ consignmentId: parcel.id, ...move })))
      .returning();
    expect(await Promise.all(written.map((event) => partitionOf('consignment_events', event.id)))).toEqual([
      'consignment_events_2031_06',
      'consignment_events_2031_07',
    ]);
    const tracking = await call<Tracking>(server, 'GET', `/api/track/${parcel.trackingCode}`);
    expect(tracking.status).toBe(200);
    expect(tracking.body.events.map((event) => [event.status, event.at])).toEqual([
      ['booked', parcel.createdAt.toISOString()],
      ['picked_up', '2031-06-15T08:00:00.000Z'],
      ['at_hub', '2031-06-30T23:59:59.000Z'],
      ['in_transit', '2031-07-01T00:00:00.000Z'],
    ]);
  });

  it('moves the rows that fell into the default partition into their months when they are made, the ledger’s guards intact', async () => {
    // Nobody made 2036's months: an event before "now" (a bulk load of old history) and a ledger line
    // after the months made ahead (a clock far ahead) land in the default partitions.
    const lateParcel = { ...parcel, id: randomUUID(), trackingCode: 'SCLATE0000001', merchantInvoice: null };
    await server.db.insert(consignments).values(lateParcel);
    const [event] = await server.db
      .insert(consignmentEvents)
      .values({ consignmentId: lateParcel.id, status: 'booked', createdAt: new Date('2036-01-15T10:00:00Z') })
      .returning();
    const credit = { merchantId, consignmentId: lateParcel.id, kind: 'cod_collected' as const, amount: 900_00 };
    const [line] = await server.db
      .insert(merchantLedger)
      .values({ ...credit, createdAt: new Date('2036-07-03T11:00:00Z') })
      .returning();
    expect(await partitionOf('consignment_events', event?.id ?? 0)).toBe('consignment_events_default');
    expect(await partitionOf('merchant_ledger', line?.id ?? 0)).toBe('merchant_ledger_default');

    // "Now" is March 2036: January to July are made, for both tables.
    expect(await makeHistoryPartitions(server.db, new Date('2036-03-10T00:00:00Z'))).toBe(14);
    expect(await partitionOf('consignment_events', event?.id ?? 0)).toBe('consignment_events_2036_01');
    expect(await partitionOf('merchant_ledger', line?.id ?? 0)).toBe('merchant_ledger_2036_07');
    const [moved] = await server.db
      .select()
      .from(merchantLedger)
      .where(eq(merchantLedger.id, line?.id ?? 0));
    expect(moved).toEqual(line);
    // The move did not lose the parcel's once-only credit.
    const again = server.db.insert(merchantLedger).values(credit);
    await expect(again).rejects.toSatisfy((error) => isUniqueViolation(error, 'merchant_ledger_once_per_parcel'));
    // And the append-only rule still holds on the months made by the schedule.
    await expect(server.db.delete(merchantLedger).where(eq(merchantLedger.id, line?.id ?? 0))).rejects.toThrow();
  });
});
