import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentEvents, consignments, merchantLedger, smsOutbox } from '#server/db/schema.ts';
import type { Booking } from '#shared/consignment.ts';
import type { ScanResult } from '#shared/tracking.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { payParcelFee, STANDARD_PARCEL, startTwoInstances, type TwoInstances } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';

/** Twenty scans: more than one instance's connection pool (10), so two instances share them. */
const SCANS = 20;

describe.skipIf(withoutPostgres())('one parcel moved at once on two instances (race tests, needs PostgreSQL)', () => {
  let shop: TwoInstances;
  let operator: SignedInCustomer;
  let code: string;
  beforeAll(async () => {
    shop = await startTwoInstances();
    operator = await signInAdmin(shop.first);
    const sender = await signUpCustomer(shop.first);
    code = (await call<Booking>(shop.first, 'POST', '/api/consignments', { token: sender.token, body: STANDARD_PARCEL })).body
      .trackingCode;
    await payParcelFee(shop.first, sender, code);
  });
  afterAll(() => shop?.stop());

  it(`${SCANS} concurrent scans of one code move it once, and the others say it is already there`, async () => {
    const { first, second, races } = shop;
    const answers = await races.overlap('consignment moved', SCANS, () =>
      Promise.all(
        Array.from({ length: SCANS }, (_, index) =>
          call<{ results: ScanResult[] }>(index % 2 ? second : first, 'POST', '/api/ops/scans', {
            token: operator.token,
            body: { codes: [code], status: 'picked_up' },
          }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(SCANS).fill(200));
    const results = answers.map((answer) => answer.body.results[0]);
    expect(results.filter((result) => result?.moved)).toEqual([{ code, moved: true, status: 'picked_up' }]);
    expect(results.filter((result) => !result?.moved).map((result) => result?.problem)).toEqual(
      Array(SCANS - 1).fill('This parcel is already picked up.'),
    );
    // The first move held its commit at the race point while the other nineteen waited on the parcel's row.
    expect(races.arrivals('consignment moved')).toBe(1);
    const [row] = await first.db.select().from(consignments).where(eq(consignments.trackingCode, code));
    const events = await first.db
      .select()
      .from(consignmentEvents)
      .where(eq(consignmentEvents.consignmentId, row?.id ?? ''));
    expect(events.map((event) => event.status)).toEqual(['booked', 'picked_up']);
  });

  it('a rider’s delivery and a failed attempt recorded at once on two instances: one takes effect, with one event and one ledger credit', async () => {
    const { first, second, races } = shop;
    const merchant = await signUpCustomer(first, { name: 'Asha Rahman' });
    await approvedMerchant(first, operator, merchant);
    const rider = await signUpCustomer(first, { name: 'Rider One' });
    await call(first, 'PUT', `/api/admin/users/${rider.email}/role`, { token: operator.token, body: { role: 'rider' } });
    const parcel = { ...STANDARD_PARCEL, codAmount: 100_000 };
    const code = (await call<Booking>(first, 'POST', '/api/consignments', { token: merchant.token, body: parcel })).body
      .trackingCode;
    for (const step of [
      { status: 'picked_up' },
      { status: 'at_hub', hub: 'dhaka' },
      { status: 'out_for_delivery', rider: rider.email },
    ])
      await call(first, 'POST', '/api/ops/scans', { token: operator.token, body: { codes: [code], ...step } });
    const [sent] = await first.db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.kind, 'parcel-out-for-delivery'), like(smsOutbox.text, `%${code}%`)));
    const deliveryCode = sent?.text.match(/code (\d{6})/)?.[1];
    const record = (server: typeof first, body: unknown) =>
      call(server, 'POST', `/api/rider/deliveries/${code}`, { token: rider.token, body });

    const answers = await races.overlap('consignment moved', 2, async () => {
      const delivered = record(first, { outcome: 'delivered', code: deliveryCode, codCollected: 100_000 });
      // The delivery is about to commit before the failed attempt is sent: the attempt must wait for the parcel's row.
      const giveUpAt = Date.now() + 5_000;
      while (races.arrivals('consignment moved') < 1 && Date.now() < giveUpAt) await sleep(5);
      const failed = record(second, { outcome: 'failed', reason: 'unreachable' });
      return Promise.all([delivered, failed]);
    });
    expect(answers.map((answer) => answer.status)).toEqual([200, 409]);
    expect(answers[1]?.body.error.message).toBe('This parcel is not out for delivery with you.');
    expect(races.arrivals('consignment moved')).toBe(1);
    const [row] = await first.db.select().from(consignments).where(eq(consignments.trackingCode, code));
    expect(row).toMatchObject({ status: 'delivered', codCollected: 100_000, deliveryAttempts: 1 });
    const events = await first.db
      .select({ status: consignmentEvents.status })
      .from(consignmentEvents)
      .where(eq(consignmentEvents.consignmentId, row?.id ?? ''));
    expect(events.map((event) => event.status).slice(-2)).toEqual(['out_for_delivery', 'delivered']);
    const credits = await first.db
      .select({ kind: merchantLedger.kind, amount: merchantLedger.amount })
      .from(merchantLedger)
      .where(and(eq(merchantLedger.consignmentId, row?.id ?? ''), eq(merchantLedger.kind, 'cod_collected')));
    expect(credits).toEqual([{ kind: 'cod_collected', amount: 100_000 }]);
  });
});
