import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedMerchant } from '../../../tests/helpers/merchants.ts';
import { call, signInAdmin, signUpCustomer } from '../../../tests/helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../tests/helpers/webhook-receiver.ts';
import { type CourierClient, createCourierClient, type Schemas, verifyWebhookSignature } from '../src/client.ts';

const run = promisify(execFile);

/** A parcel as a shop's code would write it, typed by the SDK alone. */
const PARCEL: Schemas['NewConsignmentInput'] = {
  service: 'standard',
  recipient: { name: 'করিম মিয়া', phone: '01812345678', address: 'স্টেশন রোড', areaId: 'cumilla-debidwar' },
  weightGrams: 800,
  codAmount: 150_000,
};

/**
 * Issue 41, decision 156: the SDK in packages/sdk, its types generated from the document, against a live
 * server over real HTTP, the whole merchant story; and its committed types are the live document's.
 */
describe('the typed SDK against a live server (decision 156)', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let live: CourierClient;
  let sandbox: CourierClient;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      outboxTiming: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 1_000 },
    });
    const merchant = await signUpCustomer(server);
    await approvedMerchant(server, await signInAdmin(server), merchant);
    const keyOf = async (mode: string) =>
      (await call(server, 'POST', '/api/merchant/api-keys', { token: merchant.token, body: { name: 'SDK', mode } })).body
        .key as string;
    live = createCourierClient({ baseUrl: server.url, apiKey: await keyOf('live') });
    sandbox = createCourierClient({ baseUrl: server.url, apiKey: await keyOf('test') });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('its committed types are those of the live document (npm run sdk:generate -- --check)', async () => {
    const checked = await run(
      process.execPath,
      ['--import', 'tsx', 'packages/sdk/scripts/generate.ts', `${server.url}/api/v1/openapi.json`, '--check'],
      { cwd: process.cwd() },
    ).catch((error: { stderr: string }) => ({ stdout: '', stderr: error.stderr, failed: true }));
    expect(checked, checked.stderr).not.toHaveProperty('failed');
  });

  it('quotes, books, books a batch of 500, finds by invoice, refuses a second invoice (409), cancels', async () => {
    const quote = await live.GET('/api/v1/quote', {
      params: { query: { from: 'dhaka-gulshan', to: 'cumilla-debidwar', weightGrams: 800, codAmount: 150_000 } },
    });
    expect(quote.response.status).toBe(200);
    expect(quote.data?.options.some((option) => option.service === 'standard' && option.available)).toBe(true);

    const invoice = `SDK-${Date.now()}`;
    const booked = await live.POST('/api/v1/consignments', {
      params: { header: { 'idempotency-key': crypto.randomUUID() } },
      body: { ...PARCEL, merchantInvoice: invoice },
    });
    expect([booked.response.status, booked.data?.test]).toEqual([201, false]);
    const code = booked.data?.trackingCode ?? '';

    const batch = await live.POST('/api/v1/consignments/batch', {
      body: { parcels: Array.from({ length: 500 }, (_, at) => ({ ...PARCEL, merchantInvoice: `${invoice}-B${at}` })) },
    });
    // The batch at its largest (issue 41): 500 parcels, each its own code.
    expect([batch.response.status, new Set(batch.data?.parcels.map((parcel) => parcel.trackingCode)).size]).toEqual([201, 500]);

    const found = await live.GET('/api/v1/consignments/by-invoice', { params: { query: { invoice } } });
    expect(found.data?.trackingCode).toBe(code);
    const listed = await live.GET('/api/v1/consignments', { params: { query: { invoice: `${invoice}-B1` } } });
    expect(listed.data?.parcels.map((parcel) => parcel.trackingCode)).toEqual([batch.data?.parcels[1]?.trackingCode]);

    const again = await live.POST('/api/v1/consignments', { body: { ...PARCEL, merchantInvoice: invoice } });
    expect([again.response.status, again.error?.error.code]).toEqual([409, 'duplicate_invoice']);

    const cancelled = await live.POST('/api/v1/consignments/{trackingCode}/cancel', {
      params: { path: { trackingCode: code } },
    });
    expect(cancelled.data?.status).toBe('cancelled');
  });

  it('a webhook made through the API hears a sandbox parcel advanced to delivered, each event verified by the SDK', async () => {
    const endpoint = await sandbox.POST('/api/v1/webhooks', {
      body: { url: receiver.url, events: ['consignment.status_changed'] },
    });
    expect(endpoint.response.status).toBe(201);
    const secret = endpoint.data?.secret ?? '';

    const booked = await sandbox.POST('/api/v1/consignments', { body: { ...PARCEL, merchantInvoice: 'SDK-SANDBOX-1' } });
    expect(booked.data?.test).toBe(true);
    const trackingCode = booked.data?.trackingCode ?? '';
    const refused = await live.POST('/api/v1/test/consignments/{trackingCode}/advance', {
      params: { path: { trackingCode } },
      body: {},
    });
    expect([refused.response.status, refused.error?.error.code]).toEqual([403, 'live_key']);

    const statuses: string[] = [];
    for (;;) {
      const moved = await sandbox.POST('/api/v1/test/consignments/{trackingCode}/advance', {
        params: { path: { trackingCode } },
        body: {},
      });
      if (moved.response.status === 409) break;
      expect(moved.response.status).toBe(200);
      statuses.push(moved.data?.status ?? '');
    }
    expect(statuses.at(-1)).toBe('delivered');

    const heard = () => receiver.received.filter((seen) => seen.event.data.trackingCode === trackingCode);
    await expect.poll(() => heard().length, { timeout: 10_000 }).toBe(statuses.length);
    expect(heard().map((seen) => seen.event.data.status)).toEqual(statuses);
    for (const seen of heard()) {
      const header = String(seen.headers['swiftcargo-signature']);
      expect(verifyWebhookSignature(seen.body, header, secret)).toBe(true);
      expect(verifyWebhookSignature(seen.body, header, `${secret}x`)).toBe(false);
      expect(verifyWebhookSignature(`${seen.body} `, header, secret)).toBe(false);
    }
  });

  it('a store created through the API; a return request asked for a delivered sandbox parcel, moved to its end and heard', async () => {
    const store = await live.POST('/api/v1/stores', {
      body: { name: 'Dhanmondi outlet', phone: '01711000001', address: 'House 7, Road 27', areaId: 'dhaka-dhanmondi' },
    });
    expect([store.response.status, store.data?.isDefault]).toEqual([201, false]);
    const stores = await live.GET('/api/v1/stores');
    expect(stores.data?.stores.map((listed) => listed.id)).toContain(store.data?.id);

    const endpoint = await sandbox.POST('/api/v1/webhooks', {
      body: { url: receiver.url, events: ['return_request.status_changed'] },
    });
    const secret = endpoint.data?.secret ?? '';
    const booked = await sandbox.POST('/api/v1/consignments', { body: { ...PARCEL, merchantInvoice: 'SDK-RETURN-1' } });
    const trackingCode = booked.data?.trackingCode ?? '';
    for (const to of ['picked_up', 'at_hub', 'out_for_delivery', 'delivered'] as const)
      await sandbox.POST('/api/v1/test/consignments/{trackingCode}/advance', {
        params: { path: { trackingCode } },
        body: { to },
      });

    const asked = await sandbox.POST('/api/v1/consignments/{trackingCode}/return-requests', {
      params: { path: { trackingCode } },
      body: { kind: 'exchange', reason: 'ভুল সাইজ (wrong size)' },
    });
    expect([asked.response.status, asked.data?.status, asked.data?.test]).toEqual([201, 'requested', true]);
    const id = asked.data?.id ?? '';
    const read = await sandbox.GET('/api/v1/return-requests/{id}', { params: { path: { id } } });
    expect(read.data?.trackingCode).toBe(trackingCode);
    const statuses: string[] = [];
    for (;;) {
      const moved = await sandbox.POST('/api/v1/test/return-requests/{id}/advance', { params: { path: { id } }, body: {} });
      if (moved.response.status === 409) break;
      statuses.push(moved.data?.status ?? '');
    }
    expect(statuses).toEqual(['picked_up', 'at_hub', 'returned_to_merchant']);
    const listed = await sandbox.GET('/api/v1/return-requests', { params: { query: { status: 'returned_to_merchant' } } });
    expect(listed.data?.returnRequests.map((request) => request.id)).toEqual([id]);

    const heard = () => receiver.received.filter((seen) => seen.event.type === 'return_request.status_changed');
    await expect.poll(() => heard().length, { timeout: 10_000 }).toBe(statuses.length);
    expect(heard().map((seen) => seen.event.data.status)).toEqual(statuses);
    for (const seen of heard())
      expect(verifyWebhookSignature(seen.body, String(seen.headers['swiftcargo-signature']), secret)).toBe(true);
  });
});
