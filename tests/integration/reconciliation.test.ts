import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationReport } from '#shared/reconciliation.ts';
import { generateCourierVolume } from '../../scripts/courier-volume/generate.ts';
import { volumeShape } from '../../scripts/courier-volume/shape.ts';
import { METRICS_TOKEN, sample, scrapeMetrics } from '../helpers/metrics.ts';
import { call, type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The daily reconciliation (issue 45, R-RECONCILIATION) on the courier's demo data (seed:courier): every
 * day closes to the poisha; one poisha short at a hand-in, or a payment one poisha off its parcel's fee,
 * and that day's report names it. On PostgreSQL only: the generator refuses anything else.
 */
describe.skipIf(withoutPostgres())('the daily reconciliation (needs PostgreSQL)', () => {
  let server: TestServer;
  let client: pg.Client;
  let admin: SignedInCustomer;
  const rows = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
  const report = async (day: string) =>
    (await call<ReconciliationReport>(server, 'GET', `/api/admin/reconciliation?day=${day}`, { token: admin.token })).body;

  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres', env: { METRICS_TOKEN } });
    client = new pg.Client({ connectionString: server.database.url });
    await client.connect();
    await generateCourierVolume(client, volumeShape({ parcels: 400, days: 30, heavyMerchantLines: 0, now: new Date() }));
    admin = await signInAdmin(server);
  }, 180_000);
  afterAll(async () => {
    await client?.end();
    await server?.stop();
  });

  /** The shop's days the demo's hand-ins and payouts fell on. */
  const busyDays = () =>
    rows<{ day: string }>(`
      SELECT DISTINCT to_char(at AT TIME ZONE 'Asia/Dhaka', 'YYYY-MM-DD') AS day FROM (
        SELECT created_at AS at FROM cash_handins UNION ALL SELECT paid_at FROM payouts WHERE paid_at IS NOT NULL) t
      ORDER BY 1`);

  it('closes to zero on every day of the demo data', async () => {
    const days = await busyDays();
    expect(days.length).toBeGreaterThan(10);
    let cash = 0;
    let paidOut = 0;
    for (const { day } of days) {
      const answer = await report(day);
      expect({ day, closes: answer.closes, differences: answer.differences }).toEqual({ day, closes: true, differences: [] });
      cash += answer.totals.find((total) => total.check === 'cash')?.actual ?? 0;
      paidOut += answer.totals.find((total) => total.check === 'payouts')?.actual ?? 0;
    }
    const [sums] = await rows<{ counted: string; paid: string }>(
      `SELECT (SELECT sum(counted) FROM cash_handins)::text AS counted, (SELECT sum(amount) FROM payouts WHERE paid_at IS NOT NULL)::text AS paid`,
    );
    expect(cash).toBe(Number(sums?.counted));
    expect(paidOut).toBe(Number(sums?.paid));
  });

  it('names a hand-in one poisha short and a payment one poisha over, in the report, the CSV and the metric', async () => {
    // Yesterday's, the day the metric reads.
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' });
    const [handin] = await rows<{ id: string; day: string; email: string }>(
      `SELECT h.id, to_char(h.created_at AT TIME ZONE 'Asia/Dhaka', 'YYYY-MM-DD') AS day, u.email
      FROM cash_handins h JOIN "user" u ON u.id = h.rider_id
      WHERE to_char(h.created_at AT TIME ZONE 'Asia/Dhaka', 'YYYY-MM-DD') = $1 LIMIT 1`,
      [yesterday],
    );
    if (!handin) throw new Error('the demo data has no hand-in');
    await client.query('UPDATE cash_handins SET counted = counted - 1 WHERE id = $1', [handin.id]);
    const [parcel] = await rows<{ id: string; code: string; total: number }>(
      `
      SELECT id, tracking_code AS code, total FROM consignments
      WHERE fee_paid_at IS NOT NULL AND to_char(fee_paid_at AT TIME ZONE 'Asia/Dhaka', 'YYYY-MM-DD') = $1 LIMIT 1`,
      [handin.day],
    );
    if (!parcel) throw new Error('no parcel fee was paid by card that day');
    await client.query(
      `INSERT INTO payment_intents (id, consignment_id, provider, client_secret, amount_cents, currency, status)
       VALUES ('pi_reconcile', $1, 'test', 'secret', $2, 'bdt', 'succeeded')`,
      [parcel.id, parcel.total + 1],
    );

    const answer = await report(handin.day);
    expect(answer.closes).toBe(false);
    expect(answer.totals).toContainEqual(expect.objectContaining({ check: 'cash', difference: -1 }));
    expect(answer.totals).toContainEqual(expect.objectContaining({ check: 'payments', provider: 'test', difference: 1 }));
    expect(answer.differences).toHaveLength(2);
    expect(answer.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'cash', subject: expect.stringContaining(handin.email), difference: -1 }),
        expect.objectContaining({ check: 'payments', subject: parcel.code, difference: 1 }),
      ]),
    );
    expect(answer.differenceCount).toBe(2);

    const csv = await fetch(`${server.url}/api/admin/reconciliation.csv?day=${handin.day}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const text = await csv.text();
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(text).toContain(`${handin.day},difference,payments,${parcel.code},`);
    expect(text).toContain(',0.01,');

    const metrics = await scrapeMetrics(server);
    expect(sample(metrics, 'reconciliation_difference_poisha', { check: 'cash' })).toBe(1);
    expect(sample(metrics, 'reconciliation_difference_poisha', { check: 'payments' })).toBe(1);
    expect(sample(metrics, 'reconciliation_difference_poisha', { check: 'payouts' })).toBe(0);
  });
});
