import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, paymentIntents } from '#server/db/schema.ts';
import { PAYMENT_MESSAGES } from '#server/modules/payments/service.ts';
import { type StripeTestServer, startStripeTestServer } from '../helpers/fake-stripe.ts';
import { insertOrder, orderRow } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';

/** The Stripe adapter, driven through the shop's API against a local stand-in for the Stripe API. */
describe.each(testDatabaseKinds())('Stripe payments on %s', (kind) => {
  let server: StripeTestServer;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    server = await startStripeTestServer({ kind });
    customer = await signUpCustomer(server, { name: 'Stripe Shopper' });
  });
  afterAll(() => server?.stop());
  afterEach(() => {
    server.fake.requests.length = 0;
  });

  const startPayment = (orderId: string) =>
    call<{ clientSecret: string; error?: { code: string; message: string } }>(server, 'POST', '/api/create-payment-intent', {
      token: customer.token,
      body: { orderId, price: 1 },
    });
  const markPaid = (orderId: string, transactionId: string) =>
    call(server, 'PATCH', `/api/orders/${orderId}`, { token: customer.token, body: { transactionId, payment: orderId } });
  const creates = () =>
    server.fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');

  it('announces Stripe with its publishable key, and offers no test processor', async () => {
    expect((await call(server, 'GET', '/api/payment-config')).body).toEqual({
      provider: 'stripe',
      currency: 'usd',
      publishableKey: 'pk_test_storefront',
    });
    expect((await call(server, 'POST', '/api/test-payments/confirm', { token: customer.token, body: {} })).status).toBe(404);
  });

  it('creates a PaymentIntent for the order’s amount in cents, the currency, the order id and an idempotency key', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 9998 });
    const answer = await startPayment(orderId);
    expect(answer.status).toBe(200);
    const [request] = creates();
    expect(creates()).toHaveLength(1);
    expect(request?.headers.authorization).toBe('Bearer sk_test_storefront');
    expect(request?.headers['idempotency-key']).toBe(`order-${orderId}-9998-usd`);
    expect(request?.form).toEqual({
      amount: '9998',
      currency: 'usd',
      'metadata[orderId]': orderId,
      'allowed_payment_method_types[0]': 'card',
    });
    const intent = [...server.fake.intents.values()].find((candidate) => candidate.metadata.orderId === orderId);
    expect(answer.body).toEqual({ clientSecret: intent?.client_secret });
    const [stored] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));
    expect(stored).toMatchObject({ id: intent?.id, provider: 'stripe', amountCents: 9998, currency: 'usd' });
  });

  it('asking twice reuses the payment; two requests at once get the same one from Stripe', async () => {
    const orderId = await insertOrder(server, customer);
    const first = await startPayment(orderId);
    const second = await startPayment(orderId);
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    expect(creates()).toHaveLength(1);

    const racing = await insertOrder(server, customer);
    const answers = await Promise.all([startPayment(racing), startPayment(racing)]);
    expect(answers[0]?.body.clientSecret).toBe(answers[1]?.body.clientSecret);
    const keys = creates()
      .slice(1)
      .map((request) => request.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
  });

  it('retries a failing Stripe with the same idempotency key, then answers 502 and stores nothing', async () => {
    const orderId = await insertOrder(server, customer);
    server.fake.failNext(500, { type: 'api_error', message: 'Stripe is having a bad day.' }, 3);
    const answer = await startPayment(orderId);
    expect(answer.status).toBe(502);
    expect(answer.body.error).toEqual({
      code: 'payment_provider_unavailable',
      message: 'The card processor could not be reached. Please try again in a moment.',
    });
    expect(creates()).toHaveLength(3);
    expect(new Set(creates().map((request) => request.headers['idempotency-key']))).toEqual(
      new Set([`order-${orderId}-9998-usd`]),
    );
    expect(await server.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId))).toEqual([]);
    expect((await startPayment(orderId)).status).toBe(200);
  });

  it('a refused API key is not retried and answers 502', async () => {
    const orderId = await insertOrder(server, customer);
    server.fake.failNext(401, { type: 'authentication_error', message: 'Invalid API Key provided: sk_test_****' });
    expect((await startPayment(orderId)).status).toBe(502);
    expect(creates()).toHaveLength(1);
  });

  it('PATCH asks Stripe for the payment and marks the order paid once it succeeded', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 4321 });
    const secret = (await startPayment(orderId)).body.clientSecret;
    const paymentId = secret.split('_secret_')[0] ?? '';

    const early = await markPaid(orderId, paymentId);
    expect(early.status).toBe(409);
    expect((await orderRow(server, orderId))?.paid).toBe(false);

    server.fake.succeed(paymentId);
    const answer = await markPaid(orderId, paymentId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ _id: orderId, paid: true, transactionId: paymentId, payment: orderId, price: 43.21 });
    expect(server.fake.requests.filter((request) => request.method === 'GET').map((request) => request.path)).toEqual([
      `/v1/payment_intents/${paymentId}`,
      `/v1/payment_intents/${paymentId}`,
    ]);
    const [stored] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.id, paymentId));
    expect(stored?.status).toBe('succeeded');
  });

  it('an admin refunds a paid order through Stripe’s refund API, once, with an idempotency key (R-ORDER-REFUND)', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 2500 });
    const paymentId = (await startPayment(orderId)).body.clientSecret.split('_secret_')[0] ?? '';
    server.fake.succeed(paymentId);
    expect((await markPaid(orderId, paymentId)).status).toBe(200);
    const admin = await signInAdmin(server);
    const refund = () => call(server, 'POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: {} });

    const answer = await refund();
    expect(answer.status).toBe(200);
    const refunds = [...server.fake.refunds.values()];
    expect(refunds).toMatchObject([{ payment_intent: paymentId, amount: 2500 }]);
    const [request] = server.fake.requests.filter((candidate) => candidate.path === '/v1/refunds');
    expect(request?.form).toEqual({ payment_intent: paymentId });
    expect(request?.headers['idempotency-key']).toBe(`refund-${paymentId}`);
    expect(answer.body).toMatchObject({ status: 'refunded', paid: true });
    expect(answer.body.timeline.at(-1)).toMatchObject({
      by: admin.email,
      from: 'paid',
      to: 'refunded',
      note: `Refund ${refunds[0]?.id}.`,
    });
    expect((await refund()).status).toBe(409);
    expect(server.fake.refunds.size).toBe(refunds.length);
  });

  it('a payment that succeeds for an order already cancelled is refunded at once and noted on its timeline (R-HOLD)', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 1800 });
    const paymentId = (await startPayment(orderId)).body.clientSecret.split('_secret_')[0] ?? '';
    const admin = await signInAdmin(server);
    // Stripe let the cancel through, then the charge still went through (a payment in flight that settled late).
    expect((await call(server, 'DELETE', `/api/deleteOrders/${orderId}`, { token: admin.token })).status).toBe(200);
    server.fake.succeed(paymentId);

    const answer = await markPaid(orderId, paymentId);
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(PAYMENT_MESSAGES.refundedLatePayment);
    const refund = [...server.fake.refunds.values()].find((candidate) => candidate.payment_intent === paymentId);
    expect(refund).toMatchObject({ amount: 1800 });
    expect(await orderRow(server, orderId)).toMatchObject({ status: 'cancelled', paid: false });
    const [event] = await server.db
      .select()
      .from(orderEvents)
      .where(
        and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'cancelled'), eq(orderEvents.fromStatus, 'cancelled')),
      );
    expect(event?.note).toBe(
      `Payment ${paymentId} arrived after the order was cancelled and was refunded automatically (refund ${refund?.id}).`,
    );
  });

  it('the expiry never cancels an order whose card payment is still processing; once it succeeds the order is paid (R-HOLD)', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 1200 });
    const paymentId = (await startPayment(orderId)).body.clientSecret.split('_secret_')[0] ?? '';
    const intent = server.fake.intents.get(paymentId);
    if (intent) intent.status = 'processing';
    const pastTheHold = new Date(Date.now() + 24 * 60 * 60_000);

    const expired = await server.app.orderExpiry.sweep(pastTheHold);
    expect(expired.map((order) => order._id)).not.toContain(orderId);
    expect(await orderRow(server, orderId)).toMatchObject({ status: 'unpaid' });

    server.fake.succeed(paymentId);
    expect((await markPaid(orderId, paymentId)).status).toBe(200);
    expect((await server.app.orderExpiry.sweep(pastTheHold)).map((order) => order._id)).not.toContain(orderId);
    expect(await orderRow(server, orderId)).toMatchObject({ status: 'paid' });
  });

  it('cancelling an unpaid order cancels its PaymentIntent at Stripe first, so it can no longer be charged', async () => {
    const orderId = await insertOrder(server, customer);
    const paymentId = (await startPayment(orderId)).body.clientSecret.split('_secret_')[0] ?? '';
    const answer = await call(server, 'DELETE', `/api/removeItem/${orderId}`, { token: customer.token });
    expect(answer.status).toBe(200);
    expect(server.fake.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toContain(
      `/v1/payment_intents/${paymentId}/cancel`,
    );
    expect(server.fake.intents.get(paymentId)?.status).toBe('canceled');
    expect(await orderRow(server, orderId)).toMatchObject({ status: 'cancelled', cancelledBy: 'customer' });
  });

  it('a cancel that finds the payment already taken keeps the order and marks it paid instead', async () => {
    const orderId = await insertOrder(server, customer);
    const paymentId = (await startPayment(orderId)).body.clientSecret.split('_secret_')[0] ?? '';
    server.fake.succeed(paymentId);
    const answer = await call<{ error: { message: string } }>(server, 'DELETE', `/api/removeItem/${orderId}`, {
      token: customer.token,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe('This order was just paid, so it can no longer be cancelled.');
    expect(await orderRow(server, orderId)).toMatchObject({ paid: true, transactionId: paymentId });
  });

  it('a cancel while Stripe cannot be reached keeps the order unpaid and answers 502', async () => {
    const orderId = await insertOrder(server, customer);
    await startPayment(orderId);
    server.fake.failNext(500, { type: 'api_error', message: 'Stripe is down' }, 3);
    const answer = await call(server, 'DELETE', `/api/removeItem/${orderId}`, { token: customer.token });
    expect(answer.status).toBe(502);
    expect(await orderRow(server, orderId)).toMatchObject({ paid: false });
  });

  it('PATCH refuses payments Stripe does not know, of another order, of a smaller amount or another currency', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 5000 });
    const otherOrder = await insertOrder(server, customer, { priceCents: 5000 });
    const cases = [
      'pi_unknown0000000000000000',
      server.fake.addIntent({ amount: 5000, status: 'succeeded', metadata: { orderId: otherOrder } }).id,
      server.fake.addIntent({ amount: 500, status: 'succeeded', metadata: { orderId } }).id,
      server.fake.addIntent({ amount: 5000, currency: 'eur', status: 'succeeded', metadata: { orderId } }).id,
      server.fake.addIntent({ amount: 5000, status: 'succeeded', metadata: {} }).id,
    ];
    for (const paymentId of cases) {
      const answer = await markPaid(orderId, paymentId);
      expect(answer.status, paymentId).toBe(400);
    }
    expect(await orderRow(server, orderId)).toMatchObject({ paid: false, transactionId: null });
  });

  it('PATCH answers 502 and leaves the order unpaid when Stripe cannot be reached', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 5000 });
    const paymentId = server.fake.addIntent({ amount: 5000, status: 'succeeded', metadata: { orderId } }).id;
    server.fake.failNext(503, { type: 'api_error', message: 'Service unavailable' }, 3);
    expect((await markPaid(orderId, paymentId)).status).toBe(502);
    expect((await orderRow(server, orderId))?.paid).toBe(false);
    expect((await markPaid(orderId, paymentId)).status).toBe(200);
  });
});

describe('Stripe payments in another currency', () => {
  it('uses CURRENCY for the PaymentIntent and checks it when marking paid', async () => {
    const server = await startStripeTestServer({ env: { CURRENCY: 'EUR' } });
    try {
      const customer = await signUpCustomer(server);
      const orderId = await insertOrder(server, customer, { priceCents: 2500 });
      const started = await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
      expect(started.status).toBe(200);
      expect(server.fake.requests[0]?.form.currency).toBe('eur');
      expect(server.fake.requests[0]?.headers['idempotency-key']).toBe(`order-${orderId}-2500-eur`);
      const paymentId = String(started.body.clientSecret).split('_secret_')[0] ?? '';
      server.fake.succeed(paymentId);
      const paid = await call(server, 'PATCH', `/api/orders/${orderId}`, {
        token: customer.token,
        body: { transactionId: paymentId },
      });
      expect(paid.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
