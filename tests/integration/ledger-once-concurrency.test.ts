import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentEvents, consignments, merchantLedger, smsOutbox } from '#server/db/schema.ts';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import type { LedgerPage } from '#shared/merchant.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { startTwoInstances, type TwoInstances } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';

const CASH = 250_000;
const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: CASH,
};

/**
 * The ledger's once-per-parcel rule (R-LEDGER) through the real moves, not the ledger called directly
 * (ledger-properties.test.ts): one parcel delivered by two requests at once, on two instances. The
 * parcel's row lock makes the second wait and find it delivered; the unique index
 * merchant_ledger_once_per_parcel is the database's own refusal of a second credit. Held at the move's
 * race point, both requests read the parcel before either commits whenever the lock is missing.
 */
describe.skipIf(withoutPostgres())('one parcel delivered twice at once (race test, needs PostgreSQL)', () => {
  let shop: TwoInstances;
  let merchant: SignedInCustomer;
  let rider: SignedInCustomer;
  let booking: Booking;
  let deliveryCode: string;
  beforeAll(async () => {
    shop = await startTwoInstances();
    const { first } = shop;
    const admin = await signInAdmin(first);
    merchant = await signUpCustomer(first, { name: 'Asha Rahman' });
    await approvedMerchant(first, admin, merchant);
    rider = await signUpCustomer(first, { name: 'Rider One' });
    await call(first, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
    booking = (await call<Booking>(first, 'POST', '/api/consignments', { token: merchant.token, body: PARCEL })).body;
    const codes = [booking.trackingCode];
    for (const move of [
      { status: 'picked_up' },
      { status: 'at_hub', hub: 'sylhet' },
      { status: 'out_for_delivery', rider: rider.email },
    ]) {
      const scanned = await call(first, 'POST', '/api/ops/scans', { token: admin.token, body: { codes, ...move } });
      expect(scanned.body.results, JSON.stringify(scanned.body)).toMatchObject([{ moved: true }]);
    }
    // The code the recipient is texted, as it waits in the outbox (no SMS_PROVIDER here).
    const [text] = await first.db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(and(like(smsOutbox.text, `%${booking.trackingCode}%`), like(smsOutbox.text, '%code%')));
    deliveryCode = text?.text.match(/code (\d{6})/)?.[1] ?? '';
    expect(deliveryCode).toMatch(/^\d{6}$/);
  });
  afterAll(() => shop?.stop());

  it('credits its cash and debits its fees once: one delivery is 200, the other 409, and the balance counts it once', async () => {
    const { first, second, races } = shop;
    const deliver = (instance: typeof first) =>
      call(instance, 'POST', `/api/rider/deliveries/${booking.trackingCode}`, {
        token: rider.token,
        body: { outcome: 'delivered', code: deliveryCode, codCollected: CASH },
      });
    const answers = await races.overlap('consignment moved', 2, () => Promise.all([deliver(first), deliver(second)]));
    // What the merchant is owed: the cash and the fees once.
    const [parcel] = await first.db.select().from(consignments).where(eq(consignments.trackingCode, booking.trackingCode));
    const lines = await first.db
      .select({ kind: merchantLedger.kind, amount: merchantLedger.amount })
      .from(merchantLedger)
      .where(eq(merchantLedger.consignmentId, parcel?.id ?? ''));
    expect(lines.map((line) => line.kind).sort()).toEqual(['cod_collected', 'cod_fee', 'delivery_fee']);
    const owed = CASH - booking.deliveryFee - booking.codFee;
    const ledger = await call<LedgerPage>(first, 'GET', '/api/merchant/ledger', { token: merchant.token });
    expect(ledger.body.balance).toBe(owed);
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body))).toEqual([
      200, 409,
    ]);
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      error: { message: 'This parcel is not out for delivery with you.' },
    });
    // The first held its commit at the race point while the second waited on the parcel's row.
    expect(races.arrivals('consignment moved')).toBe(1);

    const delivered = await first.db
      .select()
      .from(consignmentEvents)
      .where(and(eq(consignmentEvents.consignmentId, parcel?.id ?? ''), eq(consignmentEvents.status, 'delivered')));
    expect(delivered).toHaveLength(1);
  });
});
