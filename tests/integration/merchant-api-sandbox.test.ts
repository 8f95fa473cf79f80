import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, merchantLedger, smsOutbox } from '#server/db/schema.ts';
import type { BulkBooking } from '#shared/bulk-booking.ts';
import type { Booking, Consignment } from '#shared/consignment.ts';
import type { ConsignmentBatch } from '#shared/consignment-batch.ts';
import type { ApiKey, NewApiKey } from '#shared/merchant-api.ts';
import type { ParcelsPage } from '#shared/parcel-lists.ts';
import type { Operations, Tracking } from '#shared/tracking.ts';
import type { NewWebhookEndpoint } from '#shared/webhooks.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { merchantWithApiKeys } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signatureVerifies, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

/** The sandbox's parcel goes to a number of its own: any text sent to it would be the sandbox's. */
const SANDBOX_RECIPIENT = { ...STANDARD_PARCEL.recipient, phone: '01899000111' };
const ON_THE_WAY = ['picked_up', 'at_hub', 'in_transit', 'at_delivery_hub', 'out_for_delivery', 'delivered'];

/**
 * Issue 41, R-SANDBOX: a test key books test parcels that never reach a hub, rider, ledger, Operations or
 * the SMS gateway, that live keys never see, and that move on request through the one table of moves,
 * each move firing the real signed webhook. On PostgreSQL, where the Operations counts' triggers run as in production.
 */
describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))('the sandbox (R-SANDBOX, %s)', (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let admin: SignedInCustomer;
  let merchant: SignedInCustomer;
  let liveKey: NewApiKey;
  let testKey: NewApiKey;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({
      kind,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      outboxTiming: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 1_000 },
    });
    admin = await signInAdmin(server);
    ({ owner: merchant, live: liveKey, test: testKey } = await merchantWithApiKeys(server, admin));
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  const v1 = <T>(method: string, path: string, key: NewApiKey, body?: unknown) =>
    call<T>(server, method, `/api/v1${path}`, { headers: { authorization: `Bearer ${key.key}` }, body });

  it('a test key says so, beside live keys; keys made before the sandbox still open the API as live keys', async () => {
    expect(liveKey.key).toMatch(/^sk_live_/);
    expect(testKey.key).toMatch(/^sk_test_/);
    expect([liveKey.test, testKey.test]).toEqual([false, true]);
    const listed = await call<ApiKey[]>(server, 'GET', '/api/merchant/api-keys', { token: merchant.token });
    expect(listed.body.map((key) => [key.prefix.slice(0, 8), key.test])).toEqual([
      ['sk_test_', true],
      ['sk_live_', false],
    ]);
    // A key as issue 30 made them, "sk_" and its hash, books real parcels.
    const oldStyle = 'sk_madeBeforeTheSandbox0123456789abcdefghijk';
    await server.db.execute(
      sql`insert into api_keys (merchant_id, name, prefix, hash) select merchant_id, 'Old', 'sk_made…', encode(sha256(${oldStyle}::bytea), 'hex') from api_keys limit 1`,
    );
    const booked = await v1<Booking>('POST', '/consignments', { key: oldStyle } as NewApiKey, STANDARD_PARCEL);
    expect([booked.status, booked.body.test]).toEqual([201, false]);
  });

  it('a test parcel advanced to delivered fires each step’s signed webhook, and reaches no ledger, text message or Operations count', async () => {
    const endpoint = await v1<NewWebhookEndpoint>('POST', '/webhooks', testKey, {
      url: receiver.url,
      events: ['consignment.status_changed'],
    });
    expect(endpoint.status).toBe(201);
    const parcel = { ...STANDARD_PARCEL, recipient: SANDBOX_RECIPIENT, codAmount: 150_000, merchantInvoice: 'SBX-1' };
    const booked = await v1<Booking>('POST', '/consignments', testKey, parcel);
    expect([booked.status, booked.body.test]).toEqual([201, true]);
    const code = booked.body.trackingCode;
    // The same invoice number books a real parcel: the sandbox's numbers are its own.
    const live = await v1<Booking>('POST', '/consignments', liveKey, {
      ...STANDARD_PARCEL,
      codAmount: 150_000,
      merchantInvoice: 'SBX-1',
    });
    expect([live.status, live.body.test]).toEqual([201, false]);
    expect((await v1<{ error: { code: string } }>('POST', '/consignments', testKey, parcel)).body.error.code).toBe(
      'duplicate_invoice',
    );

    // Each key sees its own kind only; the website shows both, the test one marked.
    const codesOf = async (key: NewApiKey) =>
      (await v1<ParcelsPage>('GET', '/consignments', key)).body.parcels.map((listed) => [listed.trackingCode, listed.test]);
    expect(await codesOf(testKey)).toEqual([[code, true]]);
    expect(await codesOf(liveKey)).not.toContainEqual([code, true]);
    expect((await v1('GET', `/consignments/${code}`, liveKey)).status).toBe(404);
    expect((await v1<Consignment>('GET', '/consignments/by-invoice?invoice=SBX-1', liveKey)).body.trackingCode).toBe(
      live.body.trackingCode,
    );
    expect((await v1<Consignment>('GET', '/consignments/by-invoice?invoice=SBX-1', testKey)).body.trackingCode).toBe(code);
    const website = await call<ParcelsPage>(server, 'GET', '/api/consignments', { token: merchant.token });
    expect(website.body.parcels.find((listed) => listed.trackingCode === code)?.test).toBe(true);

    // A live key never moves a parcel by request; nor does staff's scan move a test one.
    const refused = await v1<{ error: { code: string } }>('POST', `/test/consignments/${code}/advance`, liveKey);
    expect([refused.status, refused.body.error.code], JSON.stringify(refused.body)).toEqual([403, 'live_key']);
    expect((await v1('POST', `/test/consignments/${live.body.trackingCode}/advance`, testKey)).status).toBe(404);
    const scanned = await call(server, 'POST', '/api/ops/scans', {
      token: admin.token,
      body: { codes: [code], status: 'picked_up' },
    });
    expect(scanned.body.results).toEqual([expect.objectContaining({ moved: false })]);

    for (const status of ON_THE_WAY) {
      const moved = await v1<Consignment>('POST', `/test/consignments/${code}/advance`, testKey);
      expect([moved.status, moved.body.status, moved.body.test]).toEqual([200, status, true]);
    }
    const atTheEnd = await v1('POST', `/test/consignments/${code}/advance`, testKey);
    expect(atTheEnd.status).toBe(409);

    const ofParcel = () => receiver.received.filter((seen) => seen.event.data.trackingCode === code);
    expect(await holdsWithin(10_000, async () => ofParcel().length === ON_THE_WAY.length)).toBe(true);
    expect(ofParcel().map((seen) => [seen.event.data.previousStatus, seen.event.data.status, seen.event.data.test])).toEqual(
      ON_THE_WAY.map((status, at) => [at === 0 ? 'booked' : ON_THE_WAY[at - 1], status, true]),
    );
    expect(ofParcel().every((seen) => signatureVerifies(seen, endpoint.body.secret))).toBe(true);

    const [row] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, code));
    expect([row?.riderId, row?.test]).toEqual([null, true]);
    const ledger = await server.db
      .select()
      .from(merchantLedger)
      .where(eq(merchantLedger.consignmentId, row?.id ?? ''));
    expect(ledger).toEqual([]);
    const texts = await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, SANDBOX_RECIPIENT.phone));
    expect(texts).toEqual([]);
    // The real parcel's recipient was told of it: texts are written, only not the sandbox's.
    expect(await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, STANDARD_PARCEL.recipient.phone))).not.toEqual([]);

    const board = (await call<Operations>(server, 'GET', '/api/admin/operations', { token: admin.token })).body;
    expect(board.byStatus.filter((counted) => counted.count !== 0 && counted.status !== 'booked')).toEqual([]);
    expect(board.byHub.filter((counted) => counted.count !== 0)).toEqual([]);
    const adminList = await call<ParcelsPage>(server, 'GET', `/api/admin/parcels?q=${code}`, { token: admin.token });
    expect(adminList.body.parcels).toEqual([]);
  });

  it('a test key’s batch is not one of the website’s bulk bookings; a test parcel’s public tracking says it is one', async () => {
    const batch = (key: NewApiKey, invoice: string) =>
      v1<ConsignmentBatch>('POST', '/consignments/batch', key, { parcels: [{ ...STANDARD_PARCEL, merchantInvoice: invoice }] });
    const [live, test] = [await batch(liveKey, 'LIVE-BATCH-1'), await batch(testKey, 'TEST-BATCH-1')];
    expect([live.status, test.status]).toEqual([201, 201]);
    const files = await call<BulkBooking[]>(server, 'GET', '/api/merchant/bulk-bookings', { token: merchant.token });
    expect(files.body.map((file) => file.id)).toEqual([live.body.id]);
    const tracked = (parcel: ConsignmentBatch) => call<Tracking>(server, 'GET', `/api/track/${parcel.parcels[0]?.trackingCode}`);
    expect([(await tracked(test.body)).body.test, (await tracked(live.body)).body.test]).toEqual([true, false]);
  });
});
