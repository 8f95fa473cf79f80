import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLinesFor } from '#server/modules/merchants/ledger.ts';
import { type ConsignmentStatus, type ParcelState, parcelMoveProblem, stateAfter } from '#shared/consignment-status.ts';
import { KNOWN_EMAILS, SEED_PASSWORD } from '../../scripts/courier-volume/accounts.ts';
import { type Generated, generateCourierVolume } from '../../scripts/courier-volume/generate.ts';
import { volumeShape } from '../../scripts/courier-volume/shape.ts';
import { call, signIn } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 40's generator makes data the app itself accepts: every parcel got where it is by moves the
 * status table allows, its ledger lines are the ones the app books, the balance the merchant reads adds
 * up, and the known accounts, tracking codes, invoice lookups, the rider's run and the API key work
 * through the real server. On PostgreSQL only: the generator refuses anything else.
 */
describe.skipIf(withoutPostgres())('seed:courier (needs PostgreSQL)', () => {
  const PARCELS = 400;
  let server: TestServer;
  let client: pg.Client;
  let generated: Generated;
  const rows = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];

  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' });
    client = new pg.Client({ connectionString: server.database.url });
    await client.connect();
    const shape = volumeShape({ parcels: PARCELS, days: 30, heavyMerchantLines: 70, now: new Date() });
    generated = await generateCourierVolume(client, shape);
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await server?.stop();
  });

  it('makes the parcels asked for, each of them moved only as the status table allows to the status it has', async () => {
    const events = await rows<{ tracking_code: string; status: ConsignmentStatus; attempts: number; path: ConsignmentStatus[] }>(`
      SELECT c.tracking_code, c.status, c.delivery_attempts AS attempts, array_agg(e.status ORDER BY e.id) AS path
      FROM consignments c JOIN consignment_events e ON e.consignment_id = c.id GROUP BY c.id`);
    expect(events).toHaveLength(PARCELS);
    const refused: string[] = [];
    for (const parcel of events) {
      expect(parcel.path[0]).toBe('booked');
      let state: ParcelState = { status: 'booked', attempts: 0, heldFrom: null };
      for (const to of parcel.path.slice(1)) {
        const problem = parcelMoveProblem(state, to, server.config.maxDeliveryAttempts);
        if (problem) refused.push(`${parcel.tracking_code}: ${state.status} → ${to}: ${problem}`);
        state = stateAfter(state, to);
      }
      expect({ code: parcel.tracking_code, status: parcel.status, attempts: parcel.attempts }).toEqual({
        code: parcel.tracking_code,
        status: state.status,
        attempts: state.attempts,
      });
    }
    expect(refused).toEqual([]);
    const statuses = new Set(events.map((parcel) => parcel.status));
    for (const status of ['delivered', 'returned', 'cancelled'] as const) expect(statuses).toContain(status);
  });

  it('books each ended parcel the ledger lines the app books, and the merchant reads a balance that adds up', async () => {
    const parcels = await rows<{
      id: string;
      user_id: string;
      status: ConsignmentStatus;
      cod_collected: number | null;
      delivery_fee: number;
      cod_fee: number;
      fee_payment: 'cod' | 'card';
      lines: { kind: string; amount: number }[] | null;
    }>(`
      SELECT c.id, c.user_id, c.status, c.cod_collected, c.delivery_fee, c.cod_fee, c.fee_payment,
             (SELECT json_agg(json_build_object('kind', l.kind, 'amount', l.amount) ORDER BY l.kind) FROM merchant_ledger l WHERE l.consignment_id = c.id) AS lines
      FROM consignments c`);
    for (const parcel of parcels) {
      const expected = ledgerLinesFor(
        {
          id: parcel.id,
          userId: parcel.user_id,
          status: parcel.status,
          codCollected: parcel.cod_collected,
          deliveryFee: parcel.delivery_fee,
          codFee: parcel.cod_fee,
          feePayment: parcel.fee_payment,
        },
        server.config.returnChargePercent,
      ).sort((a, b) => a.kind.localeCompare(b.kind));
      expect({ id: parcel.id, lines: parcel.lines ?? [] }).toEqual({ id: parcel.id, lines: expected });
    }
    // Payouts settle what they say, and only lines from before their cut-off.
    const payouts = await rows<{ wrong: number }>(`
      SELECT count(*)::int AS wrong FROM payouts p
      WHERE p.amount <> (SELECT sum(amount) FROM merchant_ledger l WHERE l.payout_id = p.id)
         OR p.lines <> (SELECT count(*) FROM merchant_ledger l WHERE l.payout_id = p.id)
         OR EXISTS (SELECT 1 FROM merchant_ledger l WHERE l.payout_id = p.id AND l.created_at >= p.cutoff)`);
    expect(payouts[0]?.wrong).toBe(0);

    const merchant = await signIn(server, KNOWN_EMAILS.merchant, SEED_PASSWORD);
    const ledger = await call(server, 'GET', '/api/merchant/ledger', { token: merchant.token });
    expect(ledger.status).toBe(200);
    const [owed] = await rows<{ balance: number; heavy: number }>(
      `
      SELECT sum(l.amount)::int AS balance, count(*) FILTER (WHERE l.kind = 'correction')::int AS heavy
      FROM merchant_ledger l JOIN merchants m ON m.id = l.merchant_id JOIN "user" u ON u.id = m.user_id
      WHERE u.email = $1 AND l.payout_id IS NULL`,
      [KNOWN_EMAILS.merchant],
    );
    expect(ledger.body.balance).toBe(owed?.balance);
    expect(owed?.heavy).toBe(70);
  });

  it('makes the biggest merchant the known one, by a wide margin', async () => {
    const sizes = await rows<{ email: string; parcels: number }>(`
      SELECT u.email, count(*)::int AS parcels FROM consignments c JOIN "user" u ON u.id = c.user_id
      GROUP BY u.email ORDER BY parcels DESC`);
    expect(sizes[0]?.email).toBe(KNOWN_EMAILS.merchant);
    expect(sizes[0]?.parcels).toBeGreaterThan(3 * (sizes.at(-1)?.parcels ?? 0));
  });

  it('answers tracking, the invoice lookup, the rider’s run and the API key through the real app', async () => {
    const [parcel] = await rows<{ tracking_code: string; status: string; merchant_invoice: string; recipient_phone: string }>(`
      SELECT tracking_code, status, merchant_invoice, recipient_phone FROM consignments c
      WHERE merchant_invoice IS NOT NULL AND status <> 'cancelled'
        AND NOT EXISTS (SELECT 1 FROM consignments o WHERE o.id <> c.id AND o.merchant_invoice = c.merchant_invoice AND o.recipient_phone = c.recipient_phone)
      LIMIT 1`);
    if (!parcel) throw new Error('no parcel with an invoice');
    const tracked = await call(server, 'GET', `/api/track/${parcel.tracking_code}`);
    expect(tracked.status).toBe(200);
    expect(tracked.body.status).toBe(parcel.status);
    const found = await call(server, 'POST', '/api/track/lookup', {
      body: { invoice: parcel.merchant_invoice, phone: parcel.recipient_phone },
    });
    expect(found.body).toEqual({ trackingCode: parcel.tracking_code });

    const [run] = await rows<{ email: string; codes: string[] }>(`
      SELECT u.email, array_agg(c.tracking_code ORDER BY c.tracking_code) AS codes
      FROM consignments c JOIN "user" u ON u.id = c.rider_id WHERE c.status = 'out_for_delivery' GROUP BY u.email LIMIT 1`);
    if (!run) throw new Error('no parcel out for delivery');
    const rider = await signIn(server, run.email, SEED_PASSWORD);
    const answer = await call<{ trackingCode: string }[]>(server, 'GET', '/api/rider/run', { token: rider.token });
    expect(answer.body.map((item) => item.trackingCode).sort()).toEqual(run.codes);
    const keyed = await call(server, 'GET', '/api/v1/ledger', { headers: { authorization: `Bearer ${generated.apiKey}` } });
    expect(keyed.status).toBe(200);
    for (const email of [KNOWN_EMAILS.admin, KNOWN_EMAILS.operator, KNOWN_EMAILS.rider])
      expect((await signIn(server, email, SEED_PASSWORD)).token).toBeTruthy();
  });
});
