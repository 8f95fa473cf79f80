import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { signUpCustomer } from '../helpers/shop-client.ts';
import { type SmtpInbox, startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The workers look at the outbox only when the test tells them, so both claim at the moment it chooses.
const ON_DEMAND = { pollMs: 60 * 60_000 };
const CUSTOMERS = 6;

describe.skipIf(withoutPostgres())('mail sent by two instances (race test, needs PostgreSQL)', () => {
  let inbox: SmtpInbox;
  let a: TestServer;
  let b: TestServer;
  let races: RaceBarrier;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    const env = { SMTP_URL: inbox.url };
    a = await startTestServer({ kind: 'postgres', env, outboxTiming: ON_DEMAND });
    b = await startTestServer({ kind: 'postgres', env, outboxTiming: ON_DEMAND, sharedDatabase: a.database });
    races = await RaceBarrier.on(a, b);
  });
  afterAll(async () => {
    await races?.close();
    await b?.stop();
    await a?.stop();
    await inbox?.stop();
  });

  it('both claiming the outbox at once: every mail arrives exactly once', async () => {
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => signUpCustomer(a)));
    const claimed = await races.overlap('mail claimed', 2, () =>
      Promise.all([a.app.mailWorker.deliverDue(), b.app.mailWorker.deliverDue()]),
    );
    expect(claimed.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(CUSTOMERS);
    expect(races.arrivals('mail claimed')).toBe(2);

    for (const customer of customers) expect(inbox.to(customer.email)).toHaveLength(1);
    const rows = await a.db.select().from(mailOutbox);
    expect(inbox.received).toHaveLength(rows.length);
    for (const row of rows) expect(row).toMatchObject({ deliveredBy: 'smtp', attempts: 1 });
  });
});
