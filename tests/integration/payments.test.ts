import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentIntents } from '#server/db/schema.ts';
import { CARD_MESSAGES } from '#shared/payment.ts';
import { insertOrder, orderRow } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const nextYear = new Date().getFullYear() + 1;
const card = (number: string, overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: nextYear,
  cvc: '123',
  ...overrides,
});

describe.each(testDatabaseKinds())('test-mode card payments on %s', (kind) => {
  let server: TestServer;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    customer = await signUpCustomer(server, { name: 'Priya Patel' });
  });
  afterAll(() => server?.stop());

  async function startPayment(orderId: string, who = customer): Promise<string> {
    const answer = await call<{ clientSecret: string }>(server, 'POST', '/api/create-payment-intent', {
      token: who.token,
      body: { orderId, price: 0.01 },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.clientSecret;
  }

  function confirm(clientSecret: string, number: string, overrides = {}, who = customer) {
    return call(server, 'POST', '/api/test-payments/confirm', {
      token: who.token,
      body: { clientSecret, card: card(number, overrides), billingDetails: { name: who.name, email: who.email } },
    });
  }

  it('announces the test processor, with no Stripe key', async () => {
    const answer = await call(server, 'GET', '/api/payment-config');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ provider: 'test', currency: 'usd' });
  });

  it('GET /api/payment/{id} gives the owner the order with their name, price in dollars', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 12_345, quantity: 3, name: 'Cargo Drone X2' });
    const answer = await call(server, 'GET', `/api/payment/${orderId}`, { token: customer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      _id: orderId,
      name: 'Cargo Drone X2',
      quantity: 3,
      price: 123.45,
      userName: 'Priya Patel',
      email: customer.email,
      paid: false,
    });
    expect(answer.body.transactionId).toBeUndefined();
    expect((await call(server, 'GET', '/api/payment/not-a-uuid', { token: customer.token })).status).toBe(400);
    expect((await call(server, 'GET', `/api/payment/${crypto.randomUUID()}`, { token: customer.token })).status).toBe(404);
  });

  it('starts one payment per order, for the order’s amount whatever price is sent; asking again gives the same secret', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 9998 });
    const first = await startPayment(orderId);
    expect(first).toMatch(/^pi_[0-9a-f]{24}_secret_[0-9a-f]{48}$/);
    const again = await Promise.all([startPayment(orderId), startPayment(orderId)]);
    expect(again).toEqual([first, first]);
    const stored = await server.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'test', amountCents: 9998, currency: 'usd', clientSecret: first });

    const otherOrder = await insertOrder(server, customer);
    expect(await startPayment(otherOrder)).not.toBe(first);
  });

  it('4242 4242 4242 4242 pays: the order is paid with the payment id and its own id recorded', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 25_000 });
    const secret = await startPayment(orderId);
    const answer = await confirm(secret, '4242 4242 4242 4242');
    expect(answer.status).toBe(200);
    const intent = answer.body.paymentIntent;
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_[0-9a-f]{24}$/),
      status: 'succeeded',
      amount: 25_000,
      currency: 'usd',
    });
    expect(secret.startsWith(`${intent.id}_secret_`)).toBe(true);
    expect(await orderRow(server, orderId)).toMatchObject({ paid: true, transactionId: intent.id, payment: orderId });
    expect((await orderRow(server, orderId))?.paidAt).toBeInstanceOf(Date);

    // The page then reports the payment; that is idempotent. Another transaction id is a conflict.
    const patched = await call(server, 'PATCH', `/api/orders/${orderId}`, {
      token: customer.token,
      body: { transactionId: intent.id, payment: orderId },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ _id: orderId, paid: true, transactionId: intent.id, payment: orderId });
    const other = await call(server, 'PATCH', `/api/orders/${orderId}`, {
      token: customer.token,
      body: { transactionId: 'pi_0123456789abcdef01234567' },
    });
    expect(other.status).toBe(409);
    expect((await orderRow(server, orderId))?.transactionId).toBe(intent.id);

    // Paid: no second charge, no new payment.
    expect((await confirm(secret, '4242424242424242')).status).toBe(409);
    const restart = await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
    expect(restart.status).toBe(409);
    expect(restart.body.error.message).toBe('This order is already paid.');
  });

  it.each([
    ['5555 5555 5555 4444', '123'],
    ['3782 822463 10005', '1234'],
    ['6011111111111117', '999'],
  ])('any other valid card number pays too (%s)', async (number, cvc) => {
    const orderId = await insertOrder(server, customer);
    const answer = await confirm(await startPayment(orderId), number, { cvc });
    expect(answer.status).toBe(200);
    expect((await orderRow(server, orderId))?.paid).toBe(true);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect."],
  ])('%s is refused with "%s": 402, the provider’s message, and the order stays unpaid', async (number, code, message) => {
    const orderId = await insertOrder(server, customer);
    const secret = await startPayment(orderId);
    const answer = await confirm(secret, number);
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ error: { code, message } });
    expect(await orderRow(server, orderId)).toMatchObject({ paid: false, transactionId: null, payment: null });
    // The customer may try another card on the same payment.
    expect((await confirm(secret, '4242424242424242')).status).toBe(200);
    expect((await orderRow(server, orderId))?.paid).toBe(true);
  });

  it.each([
    ['a number failing the Luhn check', card('4242 4242 4242 4241'), 'card.number', CARD_MESSAGES.numberInvalid],
    ['letters for a number', card('4242 abcd 4242 4242'), 'card.number', CARD_MESSAGES.numberInvalid],
    [
      'a past expiry',
      card('4242424242424242', { expYear: new Date().getFullYear() - 1 }),
      'card.expYear',
      CARD_MESSAGES.expiryPast,
    ],
    ['a month of 13', card('4242424242424242', { expMonth: 13 }), 'card.expMonth', CARD_MESSAGES.expiryIncomplete],
    ['a two-digit CVC', card('4242424242424242', { cvc: '12' }), 'card.cvc', CARD_MESSAGES.cvcInvalid],
    ['letters for a CVC', card('4242424242424242', { cvc: 'abc' }), 'card.cvc', CARD_MESSAGES.cvcInvalid],
  ])('%s is refused with a field message before anything is charged', async (_case, badCard, field, message) => {
    const orderId = await insertOrder(server, customer);
    const secret = await startPayment(orderId);
    const answer = await call(server, 'POST', '/api/test-payments/confirm', {
      token: customer.token,
      body: { clientSecret: secret, card: badCard, billingDetails: { name: customer.name, email: customer.email } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields[field]).toBe(message);
    expect((await orderRow(server, orderId))?.paid).toBe(false);
    const [intent] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));
    expect(intent?.status).toBe('requires_payment_method');
  });

  it('a card that expires this month still pays', async () => {
    const now = new Date();
    const orderId = await insertOrder(server, customer);
    const answer = await confirm(await startPayment(orderId), '4242424242424242', {
      expMonth: now.getMonth() + 1,
      expYear: now.getFullYear() % 100,
    });
    expect(answer.status).toBe(200);
  });

  it('refuses a payment whose amount no longer matches the order; a new one is started for the new amount', async () => {
    const orderId = await insertOrder(server, customer, { priceCents: 5000 });
    const secret = await startPayment(orderId);
    await server.db.update(orders).set({ priceCents: 7000 }).where(eq(orders.id, orderId));
    const stale = await confirm(secret, '4242424242424242');
    expect(stale.status).toBe(409);
    expect((await orderRow(server, orderId))?.paid).toBe(false);

    const fresh = await startPayment(orderId);
    expect(fresh).not.toBe(secret);
    const answer = await confirm(fresh, '4242424242424242');
    expect(answer.status).toBe(200);
    expect(answer.body.paymentIntent.amount).toBe(7000);
    expect((await orderRow(server, orderId))?.paid).toBe(true);
  });

  it('a client secret opens only its own order’s payment, for that order’s owner', async () => {
    const mine = await insertOrder(server, customer);
    const secret = await startPayment(mine);
    const stranger = await signUpCustomer(server);
    const theirs = await insertOrder(server, stranger);
    await startPayment(theirs, stranger);

    // The stranger holding my secret cannot charge my order, nor pay theirs with it.
    expect((await confirm(secret, '4242424242424242', {}, stranger)).status).toBe(403);
    expect((await orderRow(server, mine))?.paid).toBe(false);
    expect((await orderRow(server, theirs))?.paid).toBe(false);

    // A guessed secret opens nothing.
    const guessed = `${secret.slice(0, secret.indexOf('_secret_'))}_secret_${'0'.repeat(48)}`;
    expect((await confirm(guessed, '4242424242424242')).status).toBe(404);

    // My payment, once made, cannot pay the stranger's order either.
    const paid = await confirm(secret, '4242424242424242');
    expect(paid.status).toBe(200);
    const reuse = await call(server, 'PATCH', `/api/orders/${theirs}`, {
      token: stranger.token,
      body: { transactionId: paid.body.paymentIntent.id },
    });
    expect(reuse.status).toBe(400);
    expect((await orderRow(server, theirs))?.paid).toBe(false);
  });

  it('a cancelled (deleted) order cannot be paid', async () => {
    const orderId = await insertOrder(server, customer);
    const secret = await startPayment(orderId);
    await server.db.delete(orders).where(eq(orders.id, orderId));
    expect((await confirm(secret, '4242424242424242')).status).toBe(404);
    expect((await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } })).status).toBe(
      404,
    );
  });

  it('there is no Stripe webhook in test mode', async () => {
    expect((await call(server, 'POST', '/api/webhooks/stripe', { body: { id: 'evt_1' } })).status).toBe(404);
  });
});
