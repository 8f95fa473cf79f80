import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, user } from '#server/db/schema.ts';
import { STANDARD_PARCEL, startTwoInstances, type TwoInstances } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';

const BUDGET = 3;
/** More requests at once than the budget has room for, on two instances. */
const REQUESTS = 8;

describe.skipIf(withoutPostgres())('one sender’s bookings at once against its budget (race test, needs PostgreSQL)', () => {
  let shop: TwoInstances;
  let sender: SignedInCustomer;
  beforeAll(async () => {
    shop = await startTwoInstances({ PARCELS_PER_SENDER_PER_DAY: String(BUDGET) });
    sender = await signUpCustomer(shop.first);
  });
  afterAll(() => shop?.stop());

  it(`${REQUESTS} bookings at once on two instances book ${BUDGET} parcels, the rest refused (decision 107)`, async () => {
    const { first, second, races } = shop;
    const answers = await races.overlap('consignment booked', REQUESTS, () =>
      Promise.all(
        Array.from({ length: REQUESTS }, (_, index) =>
          call(index % 2 ? second : first, 'POST', '/api/consignments', { token: sender.token, body: STANDARD_PARCEL }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(BUDGET).fill(201), ...Array(REQUESTS - BUDGET).fill(429)]);
    const [owner] = await first.db.select({ id: user.id }).from(user).where(eq(user.email, sender.email));
    const rows = await first.db
      .select()
      .from(consignments)
      .where(eq(consignments.userId, owner?.id ?? ''));
    expect(rows).toHaveLength(BUDGET);
  });
});
