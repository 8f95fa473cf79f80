import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/consignment.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import { type NewWebhookEndpoint, WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookEndpoint } from '#shared/webhooks.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { type DocumentWithWebhooks, WebhookChecker } from '../helpers/openapi-webhooks.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signatureVerifies, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

/**
 * Issue 41: a shop's developer manages its webhooks with its API key, as on the website: registers an
 * endpoint, sends it a test event and checks the signature, rotates the secret, reads the log, removes it.
 */
describe('webhooks through the merchant API (issue 41)', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      outboxTiming: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 1_000 },
    });
    const admin = await signInAdmin(server);
    const keyOf = async (merchant: SignedInCustomer) => {
      await approvedMerchant(server, admin, merchant);
      return (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: merchant.token, body: { name: 'Shop' } }))
        .body.key;
    };
    key = await keyOf(await signUpCustomer(server));
    otherKey = await keyOf(await signUpCustomer(server));
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  const v1 = <T>(method: string, path: string, body?: unknown, as = key) =>
    call<T>(server, method, `/api/v1/webhooks${path}`, { headers: { authorization: `Bearer ${as}` }, body });
  /** The test events the receiver has had for an endpoint, newest last. */
  const testsFor = (endpointId: string) =>
    receiver.received.filter((seen) => seen.event.type === 'webhook.test' && seen.event.data.endpointId === endpointId);

  it('registers, tests with a signed event, rotates the secret, logs and removes, with the key alone', async () => {
    const made = await v1<NewWebhookEndpoint>('POST', '', { url: receiver.url, events: ['payout.paid'] });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_/);
    expect(made.headers.get('ratelimit')).toMatch(/^"merchant";r=\d+;t=\d+$/);
    const endpoint = made.body.id;
    expect((await v1<WebhookEndpoint[]>('GET', '')).body).toEqual([
      { id: endpoint, url: receiver.url, events: ['payout.paid'], createdAt: made.body.createdAt },
    ]);

    // The test is sent though the endpoint takes only payout.paid, signed with its secret.
    const test = await v1<WebhookDelivery>('POST', `/${endpoint}/test`);
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: [] });
    expect(await holdsWithin(5_000, async () => testsFor(endpoint).length === 1)).toBe(true);
    const [first] = testsFor(endpoint);
    expect(first?.event).toMatchObject({ id: test.body.eventId, type: 'webhook.test', data: { endpointId: endpoint } });
    expect(first && signatureVerifies(first, made.body.secret)).toBe(true);

    // A new secret signs from now on; the old one no longer verifies.
    const rotated = await v1<NewWebhookEndpoint>('POST', `/${endpoint}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(made.body.secret);
    expect((await v1('POST', `/${endpoint}/test`)).status).toBe(201);
    expect(await holdsWithin(5_000, async () => testsFor(endpoint).length === 2)).toBe(true);
    const [, second] = testsFor(endpoint);
    expect(second && signatureVerifies(second, rotated.body.secret)).toBe(true);
    expect(second && signatureVerifies(second, made.body.secret)).toBe(false);

    let log: WebhookDelivery[] = [];
    const bothDelivered = async () => {
      log = (await v1<WebhookDelivery[]>('GET', `/${endpoint}/deliveries`)).body;
      return log.length === 2 && log.every((delivery) => delivery.status === 'delivered');
    };
    expect(await holdsWithin(5_000, bothDelivered)).toBe(true);
    expect(log[1]?.attempts).toEqual([expect.objectContaining({ responseStatus: 200 })]);
    expect((await v1<WebhookDelivery>('POST', `/deliveries/${log[1]?.id}/resend`)).body).toMatchObject({
      eventId: test.body.eventId,
      eventType: 'webhook.test',
    });

    // Another merchant's key reaches none of it.
    for (const [method, path] of [
      ['POST', `/${endpoint}/test`],
      ['POST', `/${endpoint}/secret`],
      ['GET', `/${endpoint}/deliveries`],
      ['POST', `/deliveries/${log[0]?.id}/resend`],
      ['DELETE', `/${endpoint}`],
    ] as const)
      expect((await v1(method, path, undefined, otherKey)).status, `${method} ${path}`).toBe(404);
    expect((await v1<WebhookEndpoint[]>('GET', '', undefined, otherKey)).body).toEqual([]);
    expect((await v1('GET', '', undefined, 'sk_not_a_key')).status).toBe(401);

    expect((await v1('DELETE', `/${endpoint}`)).status).toBe(200);
    expect((await v1<WebhookEndpoint[]>('GET', '')).body).toEqual([]);
  });

  it('the document’s webhooks describe the events as they are delivered: a cancel’s status change and a test, signed', async () => {
    const document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as DocumentWithWebhooks;
    const checker = new WebhookChecker(document);
    const made = await v1<NewWebhookEndpoint>('POST', '', { url: receiver.url, events: [...WEBHOOK_EVENT_TYPES] });
    const booked = await call<Booking>(server, 'POST', '/api/v1/consignments', {
      headers: { authorization: `Bearer ${key}` },
      body: { ...STANDARD_PARCEL, merchantInvoice: 'WH-DOC-1' },
    });
    const { trackingCode } = booked.body;
    expect(
      (await call(server, 'POST', `/api/v1/consignments/${trackingCode}/cancel`, { headers: { authorization: `Bearer ${key}` } }))
        .status,
    ).toBe(200);
    expect((await v1('POST', `/${made.body.id}/test`)).status).toBe(201);
    const statusChange = () =>
      receiver.received.find(
        (seen) => seen.event.type === 'consignment.status_changed' && seen.event.data.trackingCode === trackingCode,
      );
    expect(await holdsWithin(5_000, async () => statusChange() !== undefined && testsFor(made.body.id).length > 0)).toBe(true);
    const delivered = [statusChange(), testsFor(made.body.id)[0]];
    for (const seen of delivered) {
      expect(seen && signatureVerifies(seen, made.body.secret)).toBe(true);
      // The body as it came over the wire, against the schema the document names for its type.
      const body = JSON.parse(seen?.body ?? 'null');
      expect(checker.eventProblems(body.type, body), body.type).toEqual([]);
      // And its headers, the signature among them, against the header parameters the document names.
      expect(checker.headerProblems(body.type, seen?.headers ?? {}), body.type).toEqual([]);
    }
    expect(statusChange()?.event.data).toMatchObject({
      status: 'cancelled',
      previousStatus: 'booked',
      merchantInvoice: 'WH-DOC-1',
    });
  });
});
