import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldAppendedSums } from '#server/db/appended-sums.ts';
import type { Database } from '#server/db/client.ts';
import { consignmentEvents, consignments } from '#server/db/schema.ts';
import { PARCEL_COUNTS } from '#server/modules/consignments/parcel-counts.ts';
import type { Booking } from '#shared/consignment.ts';
import { HUB_STATUSES } from '#shared/consignment-status.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Operations, ScanResult } from '#shared/tracking.ts';
import { bulkBookingFile } from '../helpers/bulk-file.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL, startTwoInstances, type TwoInstances } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import type { TestServer } from '../helpers/test-server.ts';

/** More moves held open at once than one instance's pool (10), so both instances take part. */
const MOVES_AT_ONCE = 12;
const HUB_STATUS_LIST = sql.raw(HUB_STATUSES.map((status) => `'${status}'`).join(', '));

/** What Operations counted before issue 40, over every parcel: the counts must equal it. */
async function recount(db: Database): Promise<Pick<Operations, 'byStatus' | 'byHub'>> {
  const byStatus = await db.execute(
    sql`select status, count(*)::int as count from ${consignments} group by status order by status`,
  );
  const byHub = await db.execute(
    sql`select hub, status, count(*)::int as count from ${consignments}
        where hub is not null and status in (${HUB_STATUS_LIST}) group by hub, status order by hub, status`,
  );
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
  return { byStatus: rows(byStatus), byHub: rows(byHub) } as Pick<Operations, 'byStatus' | 'byHub'>;
}

describe.skipIf(withoutPostgres())('Operations from maintained counts (R-OPERATIONS, issue 40, needs PostgreSQL)', () => {
  let shop: TwoInstances;
  let admin: SignedInCustomer;
  let merchant: SignedInCustomer;
  beforeAll(async () => {
    shop = await startTwoInstances({ REPORT_STATEMENT_TIMEOUT_MS: '500' });
    admin = await signInAdmin(shop.first);
    merchant = await signUpCustomer(shop.first);
    await approvedMerchant(shop.first, admin, merchant);
  });
  afterAll(() => shop?.stop());

  const book = async () =>
    (
      await call<Booking>(shop.first, 'POST', '/api/consignments', {
        token: merchant.token,
        body: { ...STANDARD_PARCEL, codAmount: 100_000 },
      })
    ).body.trackingCode;
  const scan = (server: TestServer, codes: string[], move: Record<string, string>) =>
    call<{ results: ScanResult[] }>(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes, ...move } });
  const operations = async (server: TestServer = shop.first) => {
    const answer = await call<Operations>(server, 'GET', '/api/admin/operations', { token: admin.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const expectRecounted = async () => {
    const view = await operations(shop.second);
    expect({ byStatus: view.byStatus, byHub: view.byHub }).toEqual(await recount(shop.first.db));
    return view;
  };

  it('counts equal a full recount after moves held open together on two instances, a fold, a bulk booking and a cancellation', async () => {
    const { first, second, races } = shop;
    const codes: string[] = [];
    for (let parcel = 0; parcel < MOVES_AT_ONCE + 2; parcel++) codes.push(await book());
    const moving = codes.slice(0, MOVES_AT_ONCE);
    expect((await scan(first, moving, { status: 'picked_up' })).status).toBe(200);

    // Each move's transaction is held just before it commits until all of them have written their
    // changes: none waits on a counter row held by another, and none deadlocks.
    const answers = await races.overlap('consignment moved', MOVES_AT_ONCE, () =>
      Promise.all(
        moving.map((code, index) =>
          scan(index % 2 ? second : first, [code], { status: 'at_hub', hub: index % 3 ? 'dhaka' : 'sylhet' }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.body.results[0]?.moved)).toEqual(Array(MOVES_AT_ONCE).fill(true));
    expect(races.arrivals('consignment moved')).toBe(MOVES_AT_ONCE);
    const afterRace = await expectRecounted();
    expect(afterRace.byHub).toEqual([
      { hub: 'dhaka', status: 'at_hub', count: 8 },
      { hub: 'sylhet', status: 'at_hub', count: 4 },
    ]);

    // Folded, the counts stay what they were; moves after the fold add to them.
    await foldAppendedSums(first.db, PARCEL_COUNTS);
    expect(await expectRecounted()).toEqual(afterRace);
    expect((await scan(second, moving.slice(0, 3), { status: 'in_transit', hub: 'dhaka' })).status).toBe(200);
    expect((await scan(first, moving.slice(3, 5), { status: 'on_hold' })).status).toBe(200);
    const cancelled = await call(first, 'POST', `/api/consignments/${codes.at(-1)}/cancel`, { token: merchant.token });
    expect(cancelled.status).toBe(200);

    // A bulk booking inserts its parcels in one statement: counted in the same transaction.
    const form = new FormData();
    form.set('service', 'standard');
    form.set('pickup', '0');
    form.set('file', new Blob([bulkBookingFile(1000, {}, 'OPS-')], { type: 'text/csv' }), 'parcels.csv');
    const bulk = await fetch(`${first.url}/api/merchant/bulk-bookings`, {
      method: 'POST',
      headers: { origin: first.url, authorization: `Bearer ${merchant.token}` },
      body: form,
    });
    expect(bulk.status).toBe(201);
    const view = await expectRecounted();
    expect(view.byStatus).toContainEqual({ status: 'booked', count: 1001 });
    expect(view.byStatus).toContainEqual({ status: 'cancelled', count: 1 });
  });

  it('counts failed attempts of the last 7 days only, and says so', async () => {
    const rider = await signUpCustomer(shop.first, { name: 'Rider Ops' });
    await call(shop.first, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
    const before = (await operations()).failedByReason;
    const failing = [await book(), await book()];
    const steps: Record<string, string>[] = [
      { status: 'picked_up' },
      { status: 'at_hub', hub: 'dhaka' },
      { status: 'out_for_delivery', rider: rider.email },
      { status: 'delivery_failed', reason: 'refused' },
    ];
    for (const move of steps) expect((await scan(shop.first, failing, move)).status).toBe(200);
    const [old] = await shop.first.db
      .select({ id: consignments.id })
      .from(consignments)
      .where(eq(consignments.trackingCode, failing[0] ?? ''));
    await shop.first.db
      .update(consignmentEvents)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(sql`${consignmentEvents.consignmentId} = ${old?.id} and ${consignmentEvents.status} = 'delivery_failed'`);
    const view = await operations();
    expect(view.failedWithinDays).toBe(7);
    const refused = (rows: Operations['failedByReason']) => rows.find((row) => row.reason === 'refused')?.count ?? 0;
    expect(refused(view.failedByReason)).toBe(refused(before) + 1);
    await expectRecounted();
  });

  it('a report held past its statement timeout answers 503 with Retry-After, and the pool keeps serving everyone else', async () => {
    const code = await book();
    const blocker = new pg.Client({ connectionString: shop.first.database.url });
    await blocker.connect();
    try {
      // The counts locked by another session: each Operations read waits, until its statement timeout.
      await blocker.query('begin');
      await blocker.query('lock table parcel_counts in access exclusive mode');
      const reports = Promise.all(
        Array.from({ length: 15 }, () => call(shop.first, 'GET', '/api/admin/operations', { token: admin.token })),
      );
      const tracked = await call(shop.first, 'GET', `/api/track/${code}`);
      const answers = await reports;
      expect(tracked.status).toBe(200);
      expect(answers.map((answer) => answer.status)).toEqual(Array(15).fill(503));
      expect(answers[0]?.headers.get('retry-after')).toBe('5');
      expect(answers[0]?.body).toEqual({ error: { code: 'service_unavailable', message: MESSAGES.tookTooLong } });
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    await operations();
  });
});
