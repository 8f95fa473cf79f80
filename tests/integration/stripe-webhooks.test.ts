import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, processedWebhookEvents } from '#server/db/schema.ts';
import { type FakePaymentIntent, STRIPE_TEST_ENV, type StripeTestServer, startStripeTestServer } from '../helpers/fake-stripe.ts';
import { METRICS_TOKEN, sample, scrapeMetrics } from '../helpers/metrics.ts';
import { insertOrder, orderRow } from '../helpers/payment-fixtures.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, type SignedInCustomer, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';

const signer = new Stripe('sk_test_signer').webhooks;
let eventCounter = 0;

function paymentEvent(intent: FakePaymentIntent, type = 'payment_intent.succeeded') {
  eventCounter += 1;
  return {
    id: `evt_test_${Date.now()}_${eventCounter}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: { object: { ...intent } },
  };
}

function deliverTo(
  server: StripeTestServer,
  event: object,
  options: { secret?: string; timestamp?: number; signedPayload?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? signer.generateTestHeaderString({
          payload: options.signedPayload ?? payload,
          secret: options.secret ?? STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
          timestamp: options.timestamp,
        })
      : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (signature !== null) headers['stripe-signature'] = signature;
  return fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', headers, body: payload });
}

/** An order whose customer paid in the browser: Stripe has a succeeded intent for it; nobody called PATCH. */
async function orderPaidAtStripe(server: StripeTestServer, customer: SignedInCustomer, priceCents = 7500) {
  const orderId = await insertOrder(server, customer, { priceCents });
  const started = await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
  const intent = server.fake.succeed(String(started.body.clientSecret).split('_secret_')[0] ?? '');
  return { orderId, intent };
}

const recordedEventsOf = async (server: StripeTestServer, id: string) =>
  server.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, id));

/** Stripe-mode webhooks: signatures made by the SDK's own test helper, delivered over real HTTP. */
describe.each(testDatabaseKinds())('Stripe webhooks on %s', (kind) => {
  let server: StripeTestServer;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    server = await startStripeTestServer({ kind, env: { METRICS_TOKEN } });
    customer = await signUpCustomer(server);
  });
  afterAll(() => server?.stop());

  const deliver = (event: object, options?: Parameters<typeof deliverTo>[2]) => deliverTo(server, event, options);
  const recordedEvents = (id: string) => recordedEventsOf(server, id);

  it('payment_intent.succeeded for an order already cancelled refunds the payment once; the order stays cancelled (R-HOLD)', async () => {
    const { orderId, intent } = await orderPaidAtStripe(server, customer, 4200);
    await server.db.update(orders).set({ status: 'cancelled', cancelledBy: 'expiry' }).where(eq(orders.id, orderId));
    const event = paymentEvent(intent);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    const refunds = [...server.fake.refunds.values()].filter((refund) => refund.payment_intent === intent.id);
    expect(refunds).toMatchObject([{ amount: 4200 }]);
    expect(await orderRow(server, orderId)).toMatchObject({ status: 'cancelled', paid: false });
    const notes = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(notes.map((note) => note.note)).toEqual([
      `Payment ${intent.id} arrived after the order was cancelled and was refunded automatically (refund ${refunds[0]?.id}).`,
    ]);
  });

  it('payment_intent.succeeded marks the order paid even when the customer closed the tab before PATCH', async () => {
    const { orderId, intent } = await orderPaidAtStripe(server, customer);
    const event = paymentEvent(intent);
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await orderRow(server, orderId)).toMatchObject({ paid: true, transactionId: intent.id, payment: orderId });
    expect(await recordedEvents(event.id)).toHaveLength(1);

    // The page's PATCH arriving afterwards is harmless.
    const patched = await call(server, 'PATCH', `/api/orders/${orderId}`, {
      token: customer.token,
      body: { transactionId: intent.id },
    });
    expect(patched.status).toBe(200);
  });

  it('counts Stripe’s payments in /metrics: a declined card once however often reported, then the payment (R-METRICS)', async () => {
    const stripePayments = async (outcome: string) =>
      sample(await scrapeMetrics(server), 'payments_total', { processor: 'stripe', outcome }) ?? 0;
    const [declined, succeeded] = [await stripePayments('declined'), await stripePayments('succeeded')];
    const { orderId, intent } = await orderPaidAtStripe(server, customer);
    const failed = paymentEvent({ ...intent, status: 'requires_payment_method' }, 'payment_intent.payment_failed');
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    expect((await orderRow(server, orderId))?.paid).toBe(false);
    expect((await deliver(paymentEvent(intent))).status).toBe(200);

    expect(await stripePayments('declined')).toBe(declined + 1);
    expect(await stripePayments('succeeded')).toBe(succeeded + 1);
  });

  it('refuses a signature made with another secret, a stale timestamp, a changed body or no signature', async () => {
    const { orderId, intent } = await orderPaidAtStripe(server, customer);
    const event = paymentEvent(intent);
    const attempts = [
      deliver(event, { secret: 'whsec_someone_else' }),
      deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      deliver(event, { signedPayload: JSON.stringify({ ...event, data: { object: { ...intent, amount: 1 } } }) }),
      deliver(event, { signature: null }),
      deliver(event, { signature: 't=1,v1=deadbeef' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    expect((await orderRow(server, orderId))?.paid).toBe(false);
    expect(await recordedEvents(event.id)).toEqual([]);
  });

  it('a replayed event changes nothing, even signed afresh', async () => {
    const { orderId, intent } = await orderPaidAtStripe(server, customer);
    const event = paymentEvent(intent);
    expect((await deliver(event)).status).toBe(200);
    const paidAt = (await orderRow(server, orderId))?.paidAt;
    // The shop reverses the payment by hand; an old event replayed must not pay the order again.
    await server.db
      .update(orders)
      .set({ paid: false, transactionId: null, payment: null, paidAt: null })
      .where(eq(orders.id, orderId));
    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await orderRow(server, orderId)).toMatchObject({ paid: false, transactionId: null });
    expect(await recordedEvents(event.id)).toHaveLength(1);
    expect(paidAt).toBeInstanceOf(Date);
  });

  it('a succeeded event that does not pay its order in full is acknowledged but pays nothing', async () => {
    const { orderId, intent } = await orderPaidAtStripe(server, customer, 7500);
    const cases = [
      { ...intent, amount: 7499 },
      { ...intent, currency: 'eur' },
      { ...intent, status: 'processing' },
      { ...intent, metadata: { orderId: crypto.randomUUID() } },
      { ...intent, metadata: { orderId: 'not-an-order' } },
    ];
    for (const tampered of cases) {
      const response = await deliver(paymentEvent(tampered));
      expect(response.status).toBe(200);
    }
    expect((await orderRow(server, orderId))?.paid).toBe(false);
  });

  it('other event types are acknowledged and recorded without paying', async () => {
    const { orderId, intent } = await orderPaidAtStripe(server, customer);
    const event = paymentEvent(intent, 'payment_intent.created');
    expect((await deliver(event)).status).toBe(200);
    expect(await recordedEvents(event.id)).toEqual([expect.objectContaining({ type: 'payment_intent.created' })]);
    expect((await orderRow(server, orderId))?.paid).toBe(false);
  });

  it('other routes still parse JSON as usual', async () => {
    const orderId = await insertOrder(server, customer);
    const answer = await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
    expect(answer.status).toBe(200);
  });
});

/**
 * Each test holds the first delivery's transaction until the others have reached the same point or wait
 * for its lock, so every delivery is in flight before the first one commits.
 */
describe.skipIf(withoutPostgres())('Stripe events delivered at the same moment (race tests, needs PostgreSQL)', () => {
  let server: StripeTestServer;
  let races: RaceBarrier;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    server = await startStripeTestServer({ kind: 'postgres' });
    races = await RaceBarrier.on(server);
    customer = await signUpCustomer(server);
  });
  afterAll(async () => {
    await races?.close();
    await server?.stop();
  });

  it('duplicate deliveries at the same moment count once', async () => {
    const { orderId, intent } = await orderPaidAtStripe(server, customer);
    const event = paymentEvent(intent);
    const responses = await races.overlap('payment event recorded', 3, () =>
      Promise.all([deliverTo(server, event), deliverTo(server, event), deliverTo(server, event)]),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await recordedEventsOf(server, event.id)).toHaveLength(1);
    expect(await orderRow(server, orderId)).toMatchObject({ paid: true, transactionId: intent.id, payment: orderId });
    expect(races.arrivals('payment event recorded')).toBe(1);
  });

  it('the page’s PATCH and Stripe’s event for one payment at the same moment pay the order once', async () => {
    const { orderId, intent } = await orderPaidAtStripe(server, customer);
    const [delivered, patched] = await races.overlap('order paid', 2, () =>
      Promise.all([
        deliverTo(server, paymentEvent(intent)),
        call(server, 'PATCH', `/api/orders/${orderId}`, { token: customer.token, body: { transactionId: intent.id } }),
      ]),
    );
    expect(delivered?.status).toBe(200);
    expect(patched?.status).toBe(200);
    expect(patched?.body).toMatchObject({ _id: orderId, paid: true, transactionId: intent.id, payment: orderId });
    expect(await orderRow(server, orderId)).toMatchObject({ paid: true, transactionId: intent.id, payment: orderId });
    expect(races.arrivals('order paid')).toBe(1);
  });
});

describe('Stripe without STRIPE_WEBHOOK_SECRET', () => {
  it('has no webhook route', async () => {
    const server = await startStripeTestServer({ env: { STRIPE_WEBHOOK_SECRET: '' } });
    try {
      expect((await call(server, 'POST', '/api/webhooks/stripe', { body: { id: 'evt_1' } })).status).toBe(404);
      expect((await call(server, 'GET', '/api/payment-config')).body.provider).toBe('stripe');
    } finally {
      await server.stop();
    }
  });
});
