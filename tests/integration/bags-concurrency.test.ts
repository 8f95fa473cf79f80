import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bagParcels, consignments } from '#server/db/schema.ts';
import type { Bag, BagScanAnswer } from '#shared/bag.ts';
import type { Booking } from '#shared/consignment.ts';
import { parcelsAtHub } from '../helpers/bags.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL, startTwoInstances, type TwoInstances } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';

describe.skipIf(withoutPostgres())('one parcel put in two bags at once on two instances (race test, needs PostgreSQL)', () => {
  let shop: TwoInstances;
  let operator: SignedInCustomer;
  let booked: string;
  beforeAll(async () => {
    shop = await startTwoInstances();
    operator = await signInAdmin(shop.first);
    const merchant = await signUpCustomer(shop.first);
    await approvedMerchant(shop.first, operator, merchant);
    booked = (await call<Booking>(shop.first, 'POST', '/api/consignments', { token: merchant.token, body: STANDARD_PARCEL })).body
      .trackingCode;
  });
  afterAll(() => shop?.stop());

  it('two operators bagging one parcel at once: one bag gets it, the other is told which bag has it', async () => {
    const { first, second, races } = shop;
    const [code] = await parcelsAtHub(first.db, booked, 1, 'dhaka');
    const open = async (destination: string) =>
      (await call<Bag>(first, 'POST', '/api/ops/bags', { token: operator.token, body: { origin: 'dhaka', destination } })).body;
    const bags = [await open('sylhet'), await open('khulna')];
    const answers = await races.overlap('parcel bagged', 2, () =>
      Promise.all(
        bags.map((bag, index) =>
          call<BagScanAnswer>(index ? second : first, 'POST', `/api/ops/bags/${bag.code}/parcels`, {
            token: operator.token,
            body: { codes: [code] },
          }),
        ),
      ),
    );
    const results = answers.map((answer) => answer.body.results[0]);
    const winner = results.findIndex((result) => result?.done);
    expect(winner).not.toBe(-1);
    expect(results[1 - winner]).toEqual({
      code,
      done: false,
      problem: `This parcel is already in bag ${bags[winner]?.code}.`,
    });
    // The first held its commit at the race point while the other waited on the parcel's row.
    expect(races.arrivals('parcel bagged')).toBe(1);
    const [parcel] = await first.db
      .select()
      .from(consignments)
      .where(eq(consignments.trackingCode, code as string));
    expect(
      await first.db
        .select()
        .from(bagParcels)
        .where(eq(bagParcels.consignmentId, parcel?.id ?? '')),
    ).toHaveLength(1);
  });
});
