import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { consignments, user } from '#server/db/schema.ts';
import type { ConsignmentInput } from '#shared/consignment.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, type SignedInCustomer, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Twenty requests: more than one instance's connection pool (10), so two instances share them. */
const REQUESTS = 20;

const PARCEL: ConsignmentInput = {
  service: 'standard',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'cumilla-debidwar' },
  weightGrams: 800,
  codAmount: 0,
};

describe.skipIf(withoutPostgres())('booking under one Idempotency-Key at once (race test, needs PostgreSQL)', () => {
  let first: TestServer;
  let second: TestServer;
  let secondPool: DatabaseHandle;
  let races: RaceBarrier;
  let sender: SignedInCustomer;
  beforeAll(async () => {
    first = await startTestServer({ kind: 'postgres' });
    secondPool = openDatabase({ kind: 'postgres', url: first.database.url ?? '' });
    second = await startTestServer({
      kind: 'postgres',
      sharedDatabase: { handle: secondPool, url: first.database.url, drop: () => secondPool.close() },
      env: { PUBLIC_URL: first.url },
    });
    races = await RaceBarrier.on(first, second);
    sender = await signUpCustomer(first);
  });
  afterAll(async () => {
    await races?.close();
    await second?.stop();
    await secondPool?.close();
    await first?.stop();
  });

  it(`${REQUESTS} concurrent bookings with one key make one consignment and all answer it`, async () => {
    const key = 'checkout-7f3a9c';
    const answers = await races.overlap('consignment booked', REQUESTS, () =>
      Promise.all(
        Array.from({ length: REQUESTS }, (_, index) =>
          call(index % 2 ? second : first, 'POST', '/api/consignments', {
            token: sender.token,
            body: PARCEL,
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
