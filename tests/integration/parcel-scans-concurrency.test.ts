import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentEvents, consignments } from '#server/db/schema.ts';
import type { Booking } from '#shared/consignment.ts';
import type { ScanResult } from '#shared/tracking.ts';
import { payParcelFee, STANDARD_PARCEL, startTwoInstances, type TwoInstances } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';

/** Twenty scans: more than one instance's connection pool (10), so two instances share them. */
const SCANS = 20;

describe.skipIf(withoutPostgres())('one parcel scanned at once at two hub desks (race test, needs PostgreSQL)', () => {
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
});
