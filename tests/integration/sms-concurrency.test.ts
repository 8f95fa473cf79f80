import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#server/db/schema.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, signUpCustomer } from '../helpers/shop-client.ts';
import { type SmsGateway, startSmsGateway } from '../helpers/sms-gateway.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The workers look at the outbox only when the test tells them, so both claim at the moment it chooses.
const ON_DEMAND = { pollMs: 60 * 60_000 };
const PARCELS = 6;

describe.skipIf(withoutPostgres())('text messages sent by two instances (race test, needs PostgreSQL)', () => {
  let gateway: SmsGateway;
  let a: TestServer;
  let b: TestServer;
  let races: RaceBarrier;

  beforeAll(async () => {
    gateway = await startSmsGateway();
    const env = { SMS_PROVIDER: 'http', SMS_URL: gateway.url };
    a = await startTestServer({ kind: 'postgres', env, outboxTiming: ON_DEMAND });
    b = await startTestServer({ kind: 'postgres', env, outboxTiming: ON_DEMAND, sharedDatabase: a.database });
    races = await RaceBarrier.on(a, b);
  });
  afterAll(async () => {
    await races?.close();
    await b?.stop();
    await a?.stop();
    await gateway?.stop();
  });

  it('both claiming the outbox at once: every message reaches the gateway exactly once', async () => {
    const sender = await signUpCustomer(a);
    for (let parcel = 0; parcel < PARCELS; parcel++)
      await call(a, 'POST', '/api/consignments', { token: sender.token, body: STANDARD_PARCEL });
    const claimed = await races.overlap('sms claimed', 2, () =>
      Promise.all([a.app.smsWorker.deliverDue(), b.app.smsWorker.deliverDue()]),
    );
    expect(claimed.reduce((sum, count) => sum + count, 0)).toBe(PARCELS);
    expect(races.arrivals('sms claimed')).toBe(2);
    const rows = await a.db.select().from(smsOutbox);
    expect(rows).toHaveLength(PARCELS);
    expect(gateway.received).toHaveLength(PARCELS);
    expect(new Set(gateway.received.map((sms) => sms.idempotencyKey))).toEqual(new Set(rows.map((row) => row.id)));
    for (const row of rows) expect(row).toMatchObject({ deliveredBy: 'gateway', attempts: 1 });
  });
});
