import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, merchantLedger } from '#server/db/schema.ts';
import type { Booking } from '#shared/consignment.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { ReturnRequest, ReturnRequestPage } from '#shared/return-request.ts';
import type { NewWebhookEndpoint } from '#shared/webhooks.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { merchantWithApiKeys } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signatureVerifies, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

interface Refusal {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/**
 * Issue 41, R-RETURN-REQUESTS (decision 163): a merchant asks for a delivered parcel's item back through
 * its API key; staff move the request along; its charge is debited once when the item is back, never for
 * a cancelled request or a test parcel; every move is told to the merchant's endpoints, signed.
 */
describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))('return requests (R-RETURN-REQUESTS, %s)', (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let admin: SignedInCustomer;
  let liveKey: NewApiKey;
  let testKey: NewApiKey;
  let otherKey: NewApiKey;
  let secret: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({
      kind,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      outboxTiming: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 1_000 },
    });
    admin = await signInAdmin(server);
    ({ live: liveKey, test: testKey } = await merchantWithApiKeys(server, admin));
    otherKey = (await merchantWithApiKeys(server, admin)).live;
    const endpoint = await v1<NewWebhookEndpoint>('POST', '/webhooks', liveKey, {
      url: receiver.url,
      events: ['return_request.status_changed'],
    });
    secret = endpoint.body.secret;
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  const v1 = <T>(method: string, path: string, key: NewApiKey, body?: unknown, headers: Record<string, string> = {}) =>
    call<T>(server, method, `/api/v1${path}`, { headers: { authorization: `Bearer ${key.key}`, ...headers }, body });
  const staffMove = (id: string, body: unknown = {}) =>
    call<ReturnRequest>(server, 'POST', `/api/ops/return-requests/${id}/move`, { token: admin.token, body });
  const ledgerOf = async (trackingCode: string) => {
    const [parcel] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, trackingCode));
    return server.db
      .select({ kind: merchantLedger.kind, amount: merchantLedger.amount })
      .from(merchantLedger)
      .where(eq(merchantLedger.consignmentId, parcel?.id ?? ''));
  };

  /**
   * A live parcel the network delivered: booked through the API, then set delivered in the database, as
   * the rider's delivery (parcel-delivery.test.ts) leaves it; the request's own moves are what is tested here.
   */
  async function deliveredParcel(invoice: string): Promise<Booking> {
    const booked = await v1<Booking>('POST', '/consignments', liveKey, { ...STANDARD_PARCEL, merchantInvoice: invoice });
    expect(booked.status).toBe(201);
    await server.db
      .update(consignments)
      .set({ status: 'delivered' })
      .where(eq(consignments.trackingCode, booked.body.trackingCode));
    return booked.body;
  }

  it('only a delivered parcel of one’s own can be asked back, with a reason, and at most one request at a time', async () => {
    const booked = await v1<Booking>('POST', '/consignments', liveKey, STANDARD_PARCEL);
    const early = await v1<Refusal>('POST', `/consignments/${booked.body.trackingCode}/return-requests`, liveKey, {
      kind: 'return',
      reason: 'Wrong size',
    });
    expect([early.status, early.body.error.message]).toEqual([
      409,
      'Only a delivered parcel can be asked back: this one has not been delivered.',
    ]);

    const parcel = await deliveredParcel('RR-1');
    const path = `/consignments/${parcel.trackingCode}/return-requests`;
    expect((await v1('POST', path, otherKey, { kind: 'return', reason: 'Wrong size' })).status).toBe(404);
    const blank = await v1<Refusal>('POST', path, liveKey, { kind: 'return', reason: '  ' });
    expect([blank.status, blank.body.error.fields?.reason]).toEqual([400, 'Say why the item comes back']);
    const long = await v1<Refusal>('POST', path, liveKey, { kind: 'swap', reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.error.fields ?? {}).sort()).toEqual(['kind', 'reason']);

    // Two asks at once: the parcel's lock and the partial unique index let one through.
    const [first, second] = await Promise.all([
      v1<ReturnRequest>('POST', path, liveKey, { kind: 'return', reason: 'Wrong size' }),
      v1<ReturnRequest>('POST', path, liveKey, { kind: 'exchange', reason: 'Wrong colour' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const made = first.status === 201 ? first.body : second.body;
    expect(made).toMatchObject({
      trackingCode: parcel.trackingCode,
      merchantInvoice: 'RR-1',
      status: 'requested',
      // RETURN_CHARGE_PERCENT (100) of the delivery fee, in poisha.
      charge: parcel.deliveryFee,
      test: false,
    });
    expect((await v1<ReturnRequest>('GET', `/return-requests/${made.id}`, liveKey)).body.id).toBe(made.id);
    expect((await v1('GET', `/return-requests/${made.id}`, otherKey)).status).toBe(404);
    const requested = await v1<ReturnRequestPage>('GET', '/return-requests?status=requested', liveKey);
    expect(requested.body.returnRequests.map((listed) => listed.id)).toContain(made.id);
    const cancelledOnes = await v1<ReturnRequestPage>('GET', '/return-requests?status=cancelled', liveKey);
    expect(cancelledOnes.body.returnRequests.map((listed) => listed.id)).not.toContain(made.id);
  });

  it('a cancelled request charges nothing; a request brought back is charged once, each move told signed', async () => {
    const parcel = await deliveredParcel('RR-2');
    const path = `/consignments/${parcel.trackingCode}/return-requests`;
    const first = await v1<ReturnRequest>('POST', path, liveKey, { kind: 'return', reason: 'Customer changed their mind' });
    const cancelled = await v1<ReturnRequest>('POST', `/return-requests/${first.body.id}/cancel`, liveKey);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    expect((await v1('POST', `/return-requests/${first.body.id}/cancel`, liveKey)).status).toBe(409);
    expect(await ledgerOf(parcel.trackingCode)).toEqual([]);

    const asked = await v1<ReturnRequest>('POST', path, liveKey, {
      kind: 'exchange',
      reason: 'Wrong size: bring the large',
      pickupPhone: '+880 1911-000222',
    });
    expect([asked.status, asked.body.kind, asked.body.pickupPhone]).toEqual([201, 'exchange', '01911000222']);
    const id = asked.body.id;
    expect((await staffMove(id, { to: 'failed' })).status).toBe(400);
    for (const status of ['picked_up', 'at_hub', 'returned_to_merchant']) {
      const moved = await staffMove(id);
      expect([moved.status, moved.body.status]).toEqual([200, status]);
    }
    expect((await staffMove(id)).status).toBe(409);
    expect((await v1('POST', `/return-requests/${id}/cancel`, liveKey)).status).toBe(409);
    expect(await ledgerOf(parcel.trackingCode)).toEqual([{ kind: 'return_request_charge', amount: -asked.body.charge }]);
    const again = await v1<Refusal>('POST', path, liveKey, { kind: 'return', reason: 'Again' });
    expect([again.status, again.body.error.message]).toEqual([409, 'This parcel’s item has been returned to you already.']);

    const ofParcel = () => receiver.received.filter((seen) => seen.event.data.trackingCode === parcel.trackingCode);
    expect(await holdsWithin(10_000, async () => ofParcel().length === 4)).toBe(true);
    expect(ofParcel().map((seen) => [seen.event.type, seen.event.data.previousStatus, seen.event.data.status])).toEqual([
      ['return_request.status_changed', 'requested', 'cancelled'],
      ['return_request.status_changed', 'requested', 'picked_up'],
      ['return_request.status_changed', 'picked_up', 'at_hub'],
      ['return_request.status_changed', 'at_hub', 'returned_to_merchant'],
    ]);
    expect(ofParcel().every((seen) => signatureVerifies(seen, secret))).toBe(true);
  });

  it('an Idempotency-Key answers a repeated ask with the first request, and refuses another body', async () => {
    const parcel = await deliveredParcel('RR-3');
    const path = `/consignments/${parcel.trackingCode}/return-requests`;
    const body = { kind: 'return', reason: 'Damaged box' };
    const key = { 'idempotency-key': `rr-${crypto.randomUUID()}` };
    const first = await v1<ReturnRequest>('POST', path, liveKey, body, key);
    const repeat = await v1<ReturnRequest>('POST', path, liveKey, body, key);
    expect([first.status, repeat.status, repeat.body.id]).toEqual([201, 201, first.body.id]);
    const changed = await v1<Refusal>('POST', path, liveKey, { ...body, reason: 'Other' }, key);
    expect([changed.status, changed.body.error.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('a test parcel’s request moves in the sandbox with its test key only, and is never charged', async () => {
    const booked = await v1<Booking>('POST', '/consignments', testKey, {
      ...STANDARD_PARCEL,
      recipient: { ...STANDARD_PARCEL.recipient, phone: '01899000222' },
    });
    const code = booked.body.trackingCode;
    for (let step = 0; step < 6; step++) await v1('POST', `/test/consignments/${code}/advance`, testKey);
    expect((await v1('POST', `/consignments/${code}/return-requests`, liveKey, { kind: 'return', reason: 'x' })).status).toBe(
      404,
    );
    const asked = await v1<ReturnRequest>('POST', `/consignments/${code}/return-requests`, testKey, {
      kind: 'return',
      reason: 'Sandbox return',
    });
    expect([asked.status, asked.body.test]).toEqual([201, true]);
    const id = asked.body.id;
    expect((await v1<Refusal>('POST', `/test/return-requests/${id}/advance`, liveKey)).body.error.code).toBe('live_key');
    expect((await staffMove(id)).status).toBe(404);
    for (const status of ['picked_up', 'at_hub', 'returned_to_merchant']) {
      const moved = await v1<ReturnRequest>('POST', `/test/return-requests/${id}/advance`, testKey);
      expect([moved.status, moved.body.status]).toEqual([200, status]);
    }
    expect(await ledgerOf(code)).toEqual([]);
    const listed = await v1<ReturnRequestPage>('GET', '/return-requests', testKey);
    expect(listed.body.returnRequests.map((request) => [request.id, request.status])).toEqual([[id, 'returned_to_merchant']]);
  });
});
