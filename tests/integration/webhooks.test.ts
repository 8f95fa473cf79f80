import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { merchantLedger, webhookAttempts, webhookDeliveries } from '#server/db/schema.ts';
import type { ResolveHost } from '#server/modules/webhooks/addresses.ts';
import type { Booking, Consignment } from '#shared/consignment.ts';
import type { Merchant, Payout } from '#shared/merchant.ts';
import { type NewWebhookEndpoint, WEBHOOK_MESSAGES, type WebhookDelivery, type WebhookEndpoint } from '#shared/webhooks.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { approvedMerchant, makePayoutsNow } from '../helpers/merchants.ts';
import { payParcelFee, STANDARD_PARCEL } from '../helpers/parcels.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import {
  type ReceivedWebhook,
  SIGNATURE_TOLERANCE_SECONDS,
  signatureVerifies,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.ts';

/** Retries a tenth of a second apart, doubling: a test sees four attempts in about a second. */
const QUICK_RETRIES = { pollMs: 50, retryBaseMs: 100, retryMaxMs: 1_000 };
const ALLOW_PRIVATE = { WEBHOOK_ALLOW_PRIVATE: 'true' };

const register = (server: TestServer, who: SignedInCustomer, body: unknown) =>
  call(server, 'POST', '/api/merchant/webhooks', { token: who.token, body });
const logOf = async (server: TestServer, who: SignedInCustomer, endpointId: string) =>
  (await call<WebhookDelivery[]>(server, 'GET', `/api/merchant/webhooks/${endpointId}/deliveries`, { token: who.token })).body;
/**
 * A parcel booked, its fee paid when it is owed: a card fee is paid before pickup (issue 39); a merchant's
 * comes out of its account and owes nothing (decision 165).
 */
const book = async (server: TestServer, who: SignedInCustomer, merchantInvoice?: string) => {
  const booked = (
    await call<Booking>(server, 'POST', '/api/consignments', { token: who.token, body: { ...STANDARD_PARCEL, merchantInvoice } })
  ).body;
  const read = await call<Consignment>(server, 'GET', `/api/consignments/${booked.trackingCode}`, { token: who.token });
  if (!read.body.feePaid) await payParcelFee(server, who, booked.trackingCode);
  return booked;
};
const scan = async (server: TestServer, admin: SignedInCustomer, code: string, status: string, hub?: string) => {
  const scanned = await call(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes: [code], status, hub } });
  expect(scanned.body, JSON.stringify(scanned.body)).toMatchObject({ results: [{ moved: true }] });
};
/** What an endpoint saw of one parcel: its statuses, in the order received, each answered 2xx. */
const statusesOf = (received: ReceivedWebhook[], trackingCode: string) =>
  received
    .filter((seen) => seen.event.data.trackingCode === trackingCode && seen.answered === 200)
    .map((seen) => seen.event.data.status);

describe.each(testDatabaseKinds())('signed webhooks to a merchant’s endpoint (R-WEBHOOKS, %s)', (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let admin: SignedInCustomer;
  let merchant: SignedInCustomer;
  let other: SignedInCustomer;
  let merchantAccount: Merchant;
  let endpoint: NewWebhookEndpoint;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({ kind, env: ALLOW_PRIVATE, outboxTiming: QUICK_RETRIES });
    admin = await signInAdmin(server);
    merchant = await signUpCustomer(server);
    other = await signUpCustomer(server);
    merchantAccount = await approvedMerchant(server, admin, merchant);
    await approvedMerchant(server, admin, other);
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });
  afterEach(() => {
    receiver.answer = () => 200;
  });

  it('an approved merchant registers an endpoint and its events; the secret is answered once', async () => {
    const customer = await signUpCustomer(server);
    const body = { url: receiver.url, events: ['consignment.status_changed'] };
    expect((await register(server, customer, body)).status).toBe(403);
    const refused = await register(server, merchant, { url: 'ftp://example.com/hooks', events: [] });
    expect([refused.status, refused.body.error.fields]).toEqual([
      400,
      { url: WEBHOOK_MESSAGES.badUrl, events: WEBHOOK_MESSAGES.noEvents },
    ]);
    const made = await register(server, merchant, body);
    expect(made.status).toBe(201);
    endpoint = made.body;
    expect(endpoint).toMatchObject({ url: receiver.url, events: ['consignment.status_changed'] });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await call<WebhookEndpoint[]>(server, 'GET', '/api/merchant/webhooks', { token: merchant.token });
    expect(listed.body).toEqual([{ id: endpoint.id, url: receiver.url, events: endpoint.events, createdAt: endpoint.createdAt }]);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);
  });

  it('a parcel’s moves arrive signed with the endpoint’s secret, in order, each retried until taken and then never again', async () => {
    const parcel = await book(server, merchant, 'INV-7001');
    // The endpoint refuses the parcel's first event three times; its second event must wait for it.
    receiver.answer = (event, seenBefore) => (event.data.status === 'picked_up' && seenBefore < 3 ? 500 : 200);
    await scan(server, admin, parcel.trackingCode, 'picked_up');
    await scan(server, admin, parcel.trackingCode, 'at_hub', 'dhaka');
    await scan(server, admin, parcel.trackingCode, 'in_transit', 'dhaka');
    expect(await holdsWithin(10_000, async () => statusesOf(receiver.received, parcel.trackingCode).length === 3)).toBe(true);
    // More rounds of the worker go by: nothing taken is sent again.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const ofParcel = receiver.received.filter((seen) => seen.event.data.trackingCode === parcel.trackingCode);
    expect(ofParcel.map((seen) => [seen.event.data.status, seen.answered])).toEqual([
      ['picked_up', 500],
      ['picked_up', 500],
      ['picked_up', 500],
      ['picked_up', 200],
      ['at_hub', 200],
      ['in_transit', 200],
    ]);
    expect(ofParcel.every((seen) => signatureVerifies(seen, endpoint.secret))).toBe(true);
    expect(signatureVerifies(ofParcel[0] as ReceivedWebhook, 'whsec_another-secret')).toBe(false);
    // One event id across its attempts, in the body and the header.
    const firstEvent = ofParcel[0]?.event;
    expect(new Set(ofParcel.slice(0, 4).map((seen) => seen.body)).size).toBe(1);
    expect(ofParcel[0]?.headers['swiftcargo-event-id']).toBe(firstEvent.id);
    expect(firstEvent).toEqual({
      id: expect.any(String),
      type: 'consignment.status_changed',
      createdAt: expect.any(String),
      data: {
        trackingCode: parcel.trackingCode,
        merchantInvoice: 'INV-7001',
        status: 'picked_up',
        previousStatus: 'booked',
        reason: null,
        hub: null,
        at: expect.any(String),
        // A real parcel, not the sandbox's (R-SANDBOX).
        test: false,
      },
    });
    expect(ofParcel[4]?.event.data).toMatchObject({ status: 'at_hub', previousStatus: 'picked_up', hub: 'dhaka' });

    const log = await logOf(server, merchant, endpoint.id);
    const first = log.find((delivery) => delivery.eventId === firstEvent.id);
    expect(first?.status).toBe('delivered');
    expect(first?.attempts.map((attempt) => [attempt.responseStatus, attempt.error])).toEqual([
      [500, null],
      [500, null],
      [500, null],
      [200, null],
    ]);
    expect(first?.attempts.every((attempt) => attempt.durationMs >= 0 && Date.parse(attempt.at) > 0)).toBe(true);
  });

  it('a merchant’s verifier refuses a delivery signed more than 5 minutes before it arrives (a replay)', async () => {
    const [taken] = receiver.received.filter((seen) => seen.answered === 200);
    if (!taken) throw new Error('no delivery was taken');
    expect(signatureVerifies(taken, endpoint.secret)).toBe(true);
    // The same bytes and signature, sent again later by whoever recorded them.
    const replayedAt = (seconds: number) => taken.at + seconds * 1000;
    expect(signatureVerifies(taken, endpoint.secret, replayedAt(SIGNATURE_TOLERANCE_SECONDS - 5))).toBe(true);
    expect(signatureVerifies(taken, endpoint.secret, replayedAt(SIGNATURE_TOLERANCE_SECONDS + 5))).toBe(false);
  });

  it('a resend sends the same event again, and the log shows it', async () => {
    const [latest] = await logOf(server, merchant, endpoint.id);
    const before = receiver.received.filter((seen) => seen.event.id === latest?.eventId);
    const resent = await call<WebhookDelivery>(server, 'POST', `/api/merchant/webhooks/deliveries/${latest?.id}/resend`, {
      token: merchant.token,
    });
    expect(resent.status).toBe(201);
    expect(resent.body).toMatchObject({ eventId: latest?.eventId, status: 'pending', attempts: [] });
    expect(
      await holdsWithin(5_000, async () => receiver.received.filter((seen) => seen.event.id === latest?.eventId).length === 2),
    ).toBe(true);
    const again = receiver.received.filter((seen) => seen.event.id === latest?.eventId);
    expect(again[1]?.body).toBe(before[0]?.body);
    // The attempt is logged once its answer is in, a moment after the endpoint saw it.
    const newest = async () => (await logOf(server, merchant, endpoint.id))[0];
    expect(await holdsWithin(5_000, async () => (await newest())?.status === 'delivered')).toBe(true);
    expect(await newest()).toMatchObject({ id: resent.body.id, status: 'delivered', attempts: [{ responseStatus: 200 }] });
  });

  it('a merchant reads and changes its own endpoints only', async () => {
    const [delivery] = await logOf(server, merchant, endpoint.id);
    const asOther = { token: other.token };
    expect((await call(server, 'GET', `/api/merchant/webhooks/${endpoint.id}/deliveries`, asOther)).status).toBe(404);
    expect((await call(server, 'POST', `/api/merchant/webhooks/deliveries/${delivery?.id}/resend`, asOther)).status).toBe(404);
    expect((await call(server, 'DELETE', `/api/merchant/webhooks/${endpoint.id}`, asOther)).status).toBe(404);
    expect((await call<WebhookEndpoint[]>(server, 'GET', '/api/merchant/webhooks', asOther)).body).toEqual([]);
    // The other merchant's parcels are not sent to this merchant's endpoint.
    const theirs = await book(server, other);
    await scan(server, admin, theirs.trackingCode, 'picked_up');
    await server.app.webhookWorker.deliverDue();
    expect(receiver.received.some((seen) => seen.event.data.trackingCode === theirs.trackingCode)).toBe(false);
  });

  it('payouts are told to the endpoints that take them, created before paid', async () => {
    const payouts = await register(server, merchant, {
      url: `${receiver.url}/payouts`,
      events: ['payout.created', 'payout.paid'],
    });
    // A balance to pay: a correction line, as an admin's adjustment would be written.
    await server.db.insert(merchantLedger).values({ merchantId: merchantAccount.id, kind: 'correction', amount: 150_000 });
    await makePayoutsNow(server, admin);
    const [payout] = (await call<Payout[]>(server, 'GET', '/api/merchant/payouts', { token: merchant.token })).body;
    await call(server, 'POST', `/api/admin/payouts/${payout?.id}/paid`, { token: admin.token, body: { reference: 'BKASH-91' } });
    const ofPayout = () => receiver.received.filter((seen) => seen.event.data.number === payout?.number);
    expect(await holdsWithin(5_000, async () => ofPayout().length === 2)).toBe(true);
    expect(ofPayout().map((seen) => seen.event.type)).toEqual(['payout.created', 'payout.paid']);
    expect(ofPayout()[1]?.event.data).toEqual({
      number: payout?.number,
      amount: 150_000,
      lines: 1,
      cutoff: payout?.cutoff,
      paidAt: expect.any(String),
      reference: 'BKASH-91',
    });
    expect(ofPayout().every((seen) => signatureVerifies(seen, payouts.body.secret))).toBe(true);
    // The first endpoint takes parcels only.
    expect((await logOf(server, merchant, endpoint.id)).some((delivery) => delivery.eventType.startsWith('payout'))).toBe(false);
  });

  it('a delivery refused for 24 hours has failed, and its parcel’s next event goes on', async () => {
    const parcel = await book(server, merchant);
    // Earlier tests' deliveries were refused too: only this parcel's count.
    const earlier = new Set((await logOf(server, merchant, endpoint.id)).map((delivery) => delivery.id));
    receiver.answer = (event) => (event.data.status === 'picked_up' ? 500 : 200);
    await scan(server, admin, parcel.trackingCode, 'picked_up');
    await scan(server, admin, parcel.trackingCode, 'at_hub', 'dhaka');
    const pickedUp = async () =>
      (await logOf(server, merchant, endpoint.id)).find(
        (delivery) => !earlier.has(delivery.id) && delivery.attempts.some((attempt) => attempt.responseStatus === 500),
      );
    expect(await holdsWithin(5_000, async () => (await pickedUp()) !== undefined)).toBe(true);
    expect(statusesOf(receiver.received, parcel.trackingCode)).toEqual([]);
    // A day goes by for this delivery: it was queued 24 hours ago.
    await server.db
      .update(webhookDeliveries)
      .set({ createdAt: sql`now() - interval '24 hours'` })
      .where(eq(webhookDeliveries.id, (await pickedUp())?.id ?? ''));
    expect(await holdsWithin(5_000, async () => statusesOf(receiver.received, parcel.trackingCode).length === 1)).toBe(true);
    expect(statusesOf(receiver.received, parcel.trackingCode)).toEqual(['at_hub']);
    expect((await pickedUp())?.status).toBe('failed');
  });

  it('a removed endpoint is sent nothing more', async () => {
    const removed = await call(server, 'DELETE', `/api/merchant/webhooks/${endpoint.id}`, { token: merchant.token });
    expect(removed.status).toBe(200);
    const parcel = await book(server, merchant);
    await scan(server, admin, parcel.trackingCode, 'picked_up');
    await server.app.webhookWorker.deliverDue();
    expect(receiver.received.some((seen) => seen.event.data.trackingCode === parcel.trackingCode)).toBe(false);
    expect(
      (await call(server, 'GET', `/api/merchant/webhooks/${endpoint.id}/deliveries`, { token: merchant.token })).status,
    ).toBe(404);
  });

  it('at most 10 endpoints a merchant: the 11th is refused until one is removed (issue 39)', async () => {
    const listed = async () =>
      (await call<WebhookEndpoint[]>(server, 'GET', '/api/merchant/webhooks', { token: merchant.token })).body;
    const more = { url: `${receiver.url}/more`, events: ['payout.paid'] };
    for (let count = (await listed()).length; count < 10; count++)
      expect((await register(server, merchant, more)).status).toBe(201);
    const eleventh = await register(server, merchant, more);
    expect([eleventh.status, eleventh.body.error]).toEqual([
      409,
      { code: 'conflict', message: 'You have 10 webhook endpoints: remove one first.' },
    ]);
    expect(await listed()).toHaveLength(10);
    await call(server, 'DELETE', `/api/merchant/webhooks/${(await listed())[0]?.id}`, { token: merchant.token });
    expect((await register(server, merchant, more)).status).toBe(201);
  });
});

describe('each attempt of a delivery, and what its log says (R-WEBHOOKS, issue 39)', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let admin: SignedInCustomer;
  let merchant: SignedInCustomer;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The worker goes round only when a test says, and a refused delivery is due again at once.
    server = await startTestServer({ env: ALLOW_PRIVATE, outboxTiming: { pollMs: 60 * 60_000, retryBaseMs: 1, retryMaxMs: 1 } });
    admin = await signInAdmin(server);
    merchant = await signUpCustomer(server);
    await approvedMerchant(server, admin, merchant);
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('signs each attempt with its own time, so a retry hours after the first is not stale', async () => {
    const endpoint = (
      await register(server, merchant, { url: `${receiver.url}/retried`, events: ['consignment.status_changed'] })
    ).body as NewWebhookEndpoint;
    const parcel = await book(server, merchant);
    await scan(server, admin, parcel.trackingCode, 'picked_up');
    receiver.answer = (_event, seenBefore) => (seenBefore === 0 ? 503 : 200);
    await server.app.webhookWorker.deliverDue();
    // Three hours go by before the retry: the delivery and its first attempt are moved back.
    const [delivery] = await logOf(server, merchant, endpoint.id);
    await server.db
      .update(webhookDeliveries)
      .set({ createdAt: sql`now() - interval '3 hours'`, nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, delivery?.id ?? ''));
    await server.db
      .update(webhookAttempts)
      .set({ at: sql`${webhookAttempts.at} - interval '3 hours'` })
      .where(eq(webhookAttempts.deliveryId, delivery?.id ?? ''));
    await server.app.webhookWorker.deliverDue();
    const seen = receiver.received.filter((each) => each.event.data.trackingCode === parcel.trackingCode);
    expect(seen.map((each) => each.answered)).toEqual([503, 200]);
    expect(seen.map((each) => signatureVerifies(each, endpoint.secret))).toEqual([true, true]);
  });

  it('logs why an attempt got no answer as a category, never the remote’s own words', async () => {
    // A port nothing listens on; a server that hangs up at once; a TLS handshake with a plain HTTP server.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const hangsUp = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangsUp.listen(0, '127.0.0.1', resolve));
    try {
      const cases = [
        [`http://127.0.0.1:${closedPort}/hooks`, WEBHOOK_MESSAGES.refused],
        [`http://127.0.0.1:${(hangsUp.address() as AddressInfo).port}/hooks`, WEBHOOK_MESSAGES.connectionFailed],
        [`https://127.0.0.1:${receiver.port}/hooks`, WEBHOOK_MESSAGES.tls],
      ] as const;
      const endpoints: NewWebhookEndpoint[] = [];
      for (const [url] of cases)
        endpoints.push((await register(server, merchant, { url, events: ['consignment.status_changed'] })).body);
      const parcel = await book(server, merchant);
      await scan(server, admin, parcel.trackingCode, 'picked_up');
      await server.app.webhookWorker.deliverDue();
      const errors = [];
      for (const each of endpoints) errors.push((await logOf(server, merchant, each.id))[0]?.attempts[0]?.error);
      expect(errors).toEqual(cases.map(([, category]) => category));
    } finally {
      await new Promise((resolve) => hangsUp.close(resolve));
    }
  });
});

/** What the tests' DNS answers for a name. */
const DNS: Record<string, string[]> = {
  localhost: ['127.0.0.1'],
  'loopback6.example': ['::1'],
  'half-private.example': ['93.184.215.14', '10.0.0.1'],
  'nat64-metadata.example': ['64:ff9b::a9fe:a9fe'],
  'dual-stack.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
};

describe('webhook endpoints that lead to private networks are refused (R-WEBHOOKS, server-side request forgery)', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let admin: SignedInCustomer;
  let merchant: SignedInCustomer;
  // A DNS that answers a public address while the endpoint is registered, then the machine's own.
  let rebound = false;
  const resolveHost: ResolveHost = async (host) => {
    if (host === 'hooks.asha-gadgets.example') return [{ address: rebound ? '127.0.0.1' : '93.184.215.14', family: 4 }];
    // Public when registered; then a NAT64 form of the loopback address, which no range list named.
    if (host === 'hooks.karim-traders.example')
      return [rebound ? { address: '64:ff9b::7f00:1', family: 6 } : { address: '93.184.215.14', family: 4 }];
    const answer = DNS[host];
    if (answer) return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    throw new Error(`no such host: ${host}`);
  };
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({ outboxTiming: QUICK_RETRIES, resolveHost });
    admin = await signInAdmin(server);
    merchant = await signUpCustomer(server);
    await approvedMerchant(server, admin, merchant);
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('refuses loopback, private, link-local and metadata addresses, and plain http, when registered', async () => {
    const refusal = async (url: string) => {
      const answer = await register(server, merchant, { url, events: ['payout.paid'] });
      return [answer.status, answer.body.error?.message];
    };
    const privateAddress = [400, WEBHOOK_MESSAGES.privateAddress];
    expect(await refusal(`https://localhost:${receiver.port}/hooks`)).toEqual(privateAddress);
    expect(await refusal(`http://localhost:${receiver.port}/hooks`)).toEqual([400, WEBHOOK_MESSAGES.httpsOnly]);
    expect(await refusal('https://169.254.169.254/latest/meta-data/')).toEqual(privateAddress);
    expect(await refusal('https://[fd00:ec2::254]/')).toEqual(privateAddress);
    expect(await refusal('https://[::ffff:10.0.0.8]/')).toEqual(privateAddress);
    expect(await refusal('https://100.100.100.200/')).toEqual(privateAddress);
    expect(await refusal('https://192.168.1.20/')).toEqual(privateAddress);
    expect(await refusal('https://no-such-host.example/')).toEqual([400, WEBHOOK_MESSAGES.unresolvable]);
    expect(receiver.connections).toBe(0);
  });

  it('accepts public unicast addresses only, in every form an address is written (issue 39 item 8)', async () => {
    const outcome = async (url: string) => {
      const answer = await register(server, merchant, { url, events: ['payout.paid'] });
      if (answer.status !== 201) return answer.body.error?.message;
      await call(server, 'DELETE', `/api/merchant/webhooks/${answer.body.id}`, { token: merchant.token });
      return 'accepted';
    };
    const refused = WEBHOOK_MESSAGES.privateAddress;
    const table: [string, string][] = [
      // IPv4: loopback, "this network", private, shared, link-local, and how else they are written.
      ['https://127.0.0.1/', refused],
      ['https://127.1/', refused],
      ['https://0x7f.0.0.1/', refused],
      ['https://2130706433/', refused],
      ['https://127.255.255.254/', refused],
      ['https://0.0.0.0/', refused],
      ['https://0.1.2.3/', refused],
      ['https://10.1.2.3/', refused],
      ['https://172.16.5.4/', refused],
      ['https://172.31.255.255/', refused],
      ['https://192.168.0.1/', refused],
      ['https://100.64.0.1/', refused],
      ['https://169.254.169.254/', refused],
      // IPv4: protocol assignments, documentation, benchmarking, relay, multicast, reserved, broadcast.
      ['https://192.0.0.9/', refused],
      ['https://192.0.2.1/', refused],
      ['https://198.51.100.7/', refused],
      ['https://203.0.113.9/', refused],
      ['https://198.18.0.1/', refused],
      ['https://198.19.255.254/', refused],
      ['https://192.88.99.1/', refused],
      ['https://224.0.0.1/', refused],
      ['https://239.255.255.250/', refused],
      ['https://240.0.0.1/', refused],
      ['https://255.255.255.255/', refused],
      // IPv6: loopback, unspecified, and IPv4 inside IPv6 in each of its forms.
      ['https://[::1]/', refused],
      ['https://[0:0:0:0:0:0:0:1]/', refused],
      ['https://[::]/', refused],
      ['https://[::127.0.0.1]/', refused],
      ['https://[::1.2.3.4]/', refused],
      ['https://[::ffff:127.0.0.1]/', refused],
      ['https://[::ffff:a00:1]/', refused],
      ['https://[::ffff:0:7f00:1]/', refused],
      ['https://[64:ff9b::7f00:1]/', refused],
      ['https://[64:ff9b::a9fe:a9fe]/', refused],
      ['https://[64:ff9b:1::7f00:1]/', refused],
      ['https://[2002:7f00:1::]/', refused],
      ['https://[2002:808:808::1]/', refused],
      ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', refused],
      // IPv6: link-local, unique local (the metadata service), site-local, multicast, documentation, discard.
      ['https://[fe80::1]/', refused],
      ['https://[fc00::1]/', refused],
      ['https://[fd00:ec2::254]/', refused],
      ['https://[fec0::1]/', refused],
      ['https://[ff02::1]/', refused],
      ['https://[2001:db8::1]/', refused],
      ['https://[3fff::1]/', refused],
      ['https://[100::1]/', refused],
      ['https://[5f00::1]/', refused],
      // Names: refused when any address they resolve to is.
      ['https://localhost/', refused],
      ['https://loopback6.example/', refused],
      ['https://half-private.example/', refused],
      ['https://nat64-metadata.example/', refused],
      // Ports other than 443 below 1024 (mail, SSH) are not web servers.
      ['https://8.8.8.8:22/', WEBHOOK_MESSAGES.port],
      ['https://8.8.8.8:25/', WEBHOOK_MESSAGES.port],
      // Public unicast, as it may be written.
      ['https://8.8.8.8/', 'accepted'],
      ['https://1.1.1.1:8443/hooks', 'accepted'],
      ['https://8.8.8.8:443/', 'accepted'],
      ['https://8.8.8.8:65535/', 'accepted'],
      ['https://172.32.0.1/', 'accepted'],
      ['https://100.128.0.1/', 'accepted'],
      ['https://198.20.0.1/', 'accepted'],
      ['https://[2606:4700:4700::1111]/', 'accepted'],
      ['https://[::ffff:8.8.8.8]/', 'accepted'],
      ['https://[64:ff9b::808:808]/', 'accepted'],
      ['https://hooks.asha-gadgets.example/', 'accepted'],
      ['https://dual-stack.example/', 'accepted'],
    ];
    const outcomes: [string, string][] = [];
    for (const [url] of table) outcomes.push([url, await outcome(url)]);
    expect(outcomes).toEqual(table);
    expect(receiver.connections).toBe(0);
  });

  it('does not send to a host that resolves to a private address when the event is sent', async () => {
    const made = await register(server, merchant, {
      url: `https://hooks.asha-gadgets.example:${receiver.port}/hooks`,
      events: ['consignment.status_changed'],
    });
    expect(made.status).toBe(201);
    rebound = true;
    const parcel = await book(server, merchant);
    await scan(server, admin, parcel.trackingCode, 'picked_up');
    expect(await holdsWithin(5_000, async () => (await logOf(server, merchant, made.body.id))[0]?.attempts.length === 2)).toBe(
      true,
    );
    const [delivery] = await logOf(server, merchant, made.body.id);
    expect(delivery?.attempts[0]).toMatchObject({ responseStatus: null, error: WEBHOOK_MESSAGES.privateAddress });
    expect(receiver.connections).toBe(0);
  });

  it('nor to one that resolves to an address carrying a private one (NAT64) when the event is sent', async () => {
    rebound = false;
    const made = await register(server, merchant, {
      url: `https://hooks.karim-traders.example:${receiver.port}/hooks`,
      events: ['payout.paid', 'consignment.status_changed'],
    });
    expect(made.status).toBe(201);
    rebound = true;
    const parcel = await book(server, merchant);
    await scan(server, admin, parcel.trackingCode, 'picked_up');
    expect(await holdsWithin(5_000, async () => (await logOf(server, merchant, made.body.id))[0]?.attempts.length === 2)).toBe(
      true,
    );
    const [delivery] = await logOf(server, merchant, made.body.id);
    expect(delivery?.attempts.map((attempt) => attempt.error)).toEqual([
      WEBHOOK_MESSAGES.privateAddress,
      WEBHOOK_MESSAGES.privateAddress,
    ]);
  });
});

describe('two instances deliver each event once (R-WEBHOOKS, needs PostgreSQL)', () => {
  it.skipIf(withoutPostgres())('claims on one PostgreSQL never overlap', async () => {
    const receiver = await startWebhookReceiver();
    // Rounds an hour apart: the test runs them, both at once.
    const timing = { pollMs: 60 * 60_000 };
    const first = await startTestServer({ kind: 'postgres', env: ALLOW_PRIVATE, outboxTiming: timing });
    // A pool of its own, as another machine would have.
    const secondPool = openDatabase({ kind: 'postgres', url: first.database.url ?? '' });
    const second = await startTestServer({
      kind: 'postgres',
      env: { ...ALLOW_PRIVATE, PUBLIC_URL: first.url },
      outboxTiming: timing,
      sharedDatabase: { handle: secondPool, url: first.database.url, drop: () => secondPool.close() },
    });
    const races = await RaceBarrier.on(first, second);
    try {
      const admin = await signInAdmin(first);
      const merchant = await signUpCustomer(first);
      await approvedMerchant(first, admin, merchant);
      await register(first, merchant, { url: receiver.url, events: ['consignment.status_changed'] });
      const codes: string[] = [];
      for (let parcel = 0; parcel < 6; parcel += 1) {
        const { trackingCode } = await book(first, merchant);
        await scan(first, admin, trackingCode, 'picked_up');
        codes.push(trackingCode);
      }
      const claimed = await races.overlap('webhook claimed', 2, () =>
        Promise.all([first.app.webhookWorker.deliverDue(), second.app.webhookWorker.deliverDue()]),
      );
      expect(claimed[0] + claimed[1]).toBe(6);
      expect(receiver.received.map((seen) => seen.event.data.trackingCode).sort()).toEqual(codes.sort());
    } finally {
      await races.close();
      await second.stop();
      await first.stop();
      await receiver.close();
    }
  });
});
