import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertSucceededTestPayment, orderRow } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A client-sent transaction id proves nothing: only a succeeded payment of this order, for its amount, pays it. */
describe.each(testDatabaseKinds())('payment security on %s', (kind) => {
  let server: TestServer;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    customer = await signUpCustomer(server);
  });
  afterAll(() => server?.stop());

  const markPaid = (orderId: string, transactionId: string, who = customer) =>
    call(server, 'PATCH', `/api/orders/${orderId}`, { token: who.token, body: { transactionId, payment: orderId } });

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

  it('a succeeded payment of this order for its full amount pays it, once', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 15_000 });
    const payment = await insertSucceededTestPayment(server, orderId, 15_000);
    const answers = await Promise.all([markPaid(orderId, payment), markPaid(orderId, payment)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
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
