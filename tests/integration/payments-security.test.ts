import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '#server/modules/payments/service.ts';
import { type StripeTestServer, startStripeTestServer } from '../helpers/fake-stripe.ts';
import { insertOrder, insertSucceededTestPayment, orderRow } from '../helpers/payment-fixtures.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** PATCH /api/orders/{id}: the page reports the payment it made for the order. */
const reportPayment = (server: TestServer, who: SignedInCustomer, orderId: string, transactionId: string) =>
  call(server, 'PATCH', `/api/orders/${orderId}`, { token: who.token, body: { transactionId, payment: orderId } });

/** A client-sent transaction id proves nothing: only a succeeded payment of this order, for its amount, pays it. */
describe.each(testDatabaseKinds())('payment security on %s', (kind) => {
  let server: TestServer;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    customer = await signUpCustomer(server);
  });
  afterAll(() => server?.stop());

  const markPaid = (orderId: string, transactionId: string, who = customer) => reportPayment(server, who, orderId, transactionId);

  it('a made-up transaction id leaves the order unpaid', async () => {
    const orderId = await insertOrder(server, customer);
    for (const transactionId of ['pi_3MtwBwLkdIwHu7ix28a3tqPa', 'pi_000000000000000000000000']) {
      const answer = await markPaid(orderId, transactionId);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe('No payment has this transaction id.');
    }
    for (const transactionId of ['txn_123', '', '../v1/charges', 'pi_x/../../v1/balance']) {
      expect((await markPaid(orderId, transactionId)).status).toBe(400);
    }
    expect(await orderRow(server, orderId)).toMatchObject({ paid: false, transactionId: null, payment: null });
  });

  it('another order’s successful payment leaves the order unpaid', async () => {
    const paidOrder = await insertOrder(server, customer, { priceCents: 4000 });
    const unpaidOrder = await insertOrder(server, customer, { priceCents: 4000 });
    const payment = await insertSucceededTestPayment(server, paidOrder, 4000);
    const answer = await markPaid(unpaidOrder, payment);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('This payment was made for another order.');
    expect((await orderRow(server, unpaidOrder))?.paid).toBe(false);
  });

  it('a payment of a smaller amount, or in another currency, leaves the order unpaid', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 15_000 });
    const smaller = await insertSucceededTestPayment(server, orderId, 1);
    expect((await markPaid(orderId, smaller)).status).toBe(400);
    expect((await orderRow(server, orderId))?.paid).toBe(false);

    const otherOrder = await insertOrder(server, customer, { priceCents: 15_000 });
    const euros = await insertSucceededTestPayment(server, otherOrder, 15_000, 'eur');
    expect((await markPaid(otherOrder, euros)).status).toBe(400);
    expect((await orderRow(server, otherOrder))?.paid).toBe(false);
  });

  it('a payment not yet made leaves the order unpaid', async () => {
    const orderId = await insertOrder(server, customer);
    const started = await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
    const paymentId = String(started.body.clientSecret).split('_secret_')[0] ?? '';
    const answer = await markPaid(orderId, paymentId);
    expect(answer.status).toBe(409);
    expect((await orderRow(server, orderId))?.paid).toBe(false);
  });

  it('a succeeded payment of this order for its full amount pays it', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 15_000 });
    const payment = await insertSucceededTestPayment(server, orderId, 15_000);
    const answer = await markPaid(orderId, payment);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ _id: orderId, paid: true, transactionId: payment, payment: orderId });
    expect(await orderRow(server, orderId)).toMatchObject({ paid: true, transactionId: payment, payment: orderId });
  });

  it('someone else’s order cannot be read, started, charged or marked paid: 403', async () => {
    const stranger = await signUpCustomer(server);
    const admin = await signInAdmin(server);
    const orderId = await insertOrder(server, customer, { priceCents: 15_000 });
    const payment = await insertSucceededTestPayment(server, orderId, 15_000);
    for (const who of [stranger, admin]) {
      expect((await call(server, 'GET', `/api/payment/${orderId}`, { token: who.token })).status).toBe(403);
      const start = await call(server, 'POST', '/api/create-payment-intent', { token: who.token, body: { orderId } });
      expect(start.status).toBe(403);
      expect(start.body.error.message).toBe('You can only pay for your own orders.');
      expect((await markPaid(orderId, payment, who)).status).toBe(403);
    }
    expect((await orderRow(server, orderId))?.paid).toBe(false);
  });
});

const nextYear = new Date().getFullYear() + 1;

/**
 * Each test holds the transaction that pays the order until the other request has reached the same point
 * or waits for its lock, so both requests passed their "is it paid yet?" checks before either committed.
 */
describe.skipIf(withoutPostgres())('paying one order from two requests at once (race tests, needs PostgreSQL)', () => {
  let server: TestServer;
  let races: RaceBarrier;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' });
    races = await RaceBarrier.on(server);
    customer = await signUpCustomer(server);
  });
  afterAll(async () => {
    await races?.close();
    await server?.stop();
  });

  it('the same succeeded payment reported twice at once pays the order once; both hear it is paid', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 15_000 });
    const payment = await insertSucceededTestPayment(server, orderId, 15_000);
    const answers = await races.overlap('order paid', 2, () =>
      Promise.all([reportPayment(server, customer, orderId, payment), reportPayment(server, customer, orderId, payment)]),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of answers) {
      expect(answer.body).toMatchObject({ _id: orderId, paid: true, transactionId: payment, payment: orderId });
    }
    expect(await orderRow(server, orderId)).toMatchObject({ paid: true, transactionId: payment, payment: orderId });
    expect(races.arrivals('order paid')).toBe(1);
  });

  it('one card confirmed twice at once with the test processor is charged once; the other is refused as already paid', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 8_800 });
    const started = await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
    expect(started.status).toBe(200);
    const clientSecret = String(started.body.clientSecret);
    const confirm = () =>
      call(server, 'POST', '/api/test-payments/confirm', {
        token: customer.token,
        body: {
          clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' },
          billingDetails: { name: customer.name, email: customer.email },
        },
      });

    const answers = await races.overlap('order paid', 2, () => Promise.all([confirm(), confirm()]));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const charged = answers.find((answer) => answer.status === 200);
    expect(charged?.body.paymentIntent).toMatchObject({ status: 'succeeded', amount: 8_800, currency: 'usd' });
    expect(clientSecret.startsWith(`${charged?.body.paymentIntent.id}_secret_`)).toBe(true);
    expect(answers.find((answer) => answer.status === 409)?.body.error).toEqual({
      code: 'conflict',
      message: PAYMENT_MESSAGES.alreadyPaid,
    });
    expect(await orderRow(server, orderId)).toMatchObject({
      paid: true,
      transactionId: charged?.body.paymentIntent.id,
      payment: orderId,
    });
    expect(races.arrivals('order paid')).toBe(1);
  });
});

describe.skipIf(withoutPostgres())('paying one order with two Stripe payments at once (race test, needs PostgreSQL)', () => {
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

  it('two different succeeded payments reported at once: one pays the order, the other is refused 409', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 6_400 });
    const started = await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
    expect(started.status).toBe(200);
    const first = server.fake.succeed(String(started.body.clientSecret).split('_secret_')[0] ?? '');
    // The same order paid a second time at Stripe, say from another device: it must not replace the first.
    const second = server.fake.addIntent({ amount: 6_400, status: 'succeeded', metadata: { orderId } });

    const answers = await races.overlap('order paid', 2, () =>
      Promise.all([reportPayment(server, customer, orderId, first.id), reportPayment(server, customer, orderId, second.id)]),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0]?.status === 200 ? first : second;
    expect(answers.find((answer) => answer.status === 200)?.body).toMatchObject({
      _id: orderId,
      paid: true,
      transactionId: winner.id,
    });
    expect(answers.find((answer) => answer.status === 409)?.body.error).toEqual({
      code: 'conflict',
      message: PAYMENT_MESSAGES.paidByAnotherPayment,
    });
    expect(await orderRow(server, orderId)).toMatchObject({ paid: true, transactionId: winner.id, payment: orderId });
    expect(races.arrivals('order paid')).toBe(1);
  });
});
