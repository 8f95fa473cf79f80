import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, user } from '#server/db/schema.ts';
import { STANDARD_PARCEL, startTwoInstances, type TwoInstances } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';

/** Twenty requests: more than one instance's connection pool (10), so two instances share them. */
const REQUESTS = 20;

describe.skipIf(withoutPostgres())('booking under one Idempotency-Key at once (race test, needs PostgreSQL)', () => {
  let shop: TwoInstances;
  let sender: SignedInCustomer;
  beforeAll(async () => {
    shop = await startTwoInstances();
    sender = await signUpCustomer(shop.first);
  });
  afterAll(() => shop?.stop());

  it(`${REQUESTS} concurrent bookings with one key make one consignment and all answer it`, async () => {
    const { first, second, races } = shop;
    const key = 'checkout-7f3a9c';
    const answers = await races.overlap('consignment booked', REQUESTS, () =>
      Promise.all(
        Array.from({ length: REQUESTS }, (_, index) =>
          call(index % 2 ? second : first, 'POST', '/api/consignments', {
            token: sender.token,
            body: STANDARD_PARCEL,
            headers: { 'idempotency-key': key },
          }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(REQUESTS).fill(201));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    // The first transaction held its commit at the race point while the other nineteen waited on its key.
    expect(races.arrivals('consignment booked')).toBe(1);
    const [owner] = await first.db.select({ id: user.id }).from(user).where(eq(user.email, sender.email));
    const rows = await first.db
      .select({ trackingCode: consignments.trackingCode })
      .from(consignments)
      .where(eq(consignments.userId, owner?.id ?? ''));
    expect(rows).toEqual([{ trackingCode: answers[0]?.body.trackingCode }]);
  });
});
