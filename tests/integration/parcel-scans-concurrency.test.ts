import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { consignmentEvents, consignments } from '#server/db/schema.ts';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import type { ScanResult } from '#shared/tracking.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Twenty scans: more than one instance's connection pool (10), so two instances share them. */
const SCANS = 20;

const PARCEL: ConsignmentInput = {
  service: 'standard',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'cumilla-debidwar' },
  weightGrams: 800,
  codAmount: 0,
};

describe.skipIf(withoutPostgres())('one parcel scanned at once at two hub desks (race test, needs PostgreSQL)', () => {
  let first: TestServer;
  let second: TestServer;
  let secondPool: DatabaseHandle;
  let races: RaceBarrier;
  let operator: SignedInCustomer;
  let code: string;
  beforeAll(async () => {
    first = await startTestServer({ kind: 'postgres' });
    secondPool = openDatabase({ kind: 'postgres', url: first.database.url ?? '' });
    second = await startTestServer({
      kind: 'postgres',
      sharedDatabase: { handle: secondPool, url: first.database.url, drop: () => secondPool.close() },
      env: { PUBLIC_URL: first.url },
    });
    races = await RaceBarrier.on(first, second);
    operator = await signInAdmin(first);
    const sender: SignedInCustomer = await signUpCustomer(first);
    code = (await call<Booking>(first, 'POST', '/api/consignments', { token: sender.token, body: PARCEL })).body.trackingCode;
  });
  afterAll(async () => {
    await races?.close();
    await second?.stop();
    await secondPool?.close();
    await first?.stop();
  });

  it(`${SCANS} concurrent scans of one code move it once, and the others say it is already there`, async () => {
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
