import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, paymentIntents } from '#server/db/schema.ts';
import { FULFILMENT_MESSAGES } from '#server/modules/orders/fulfilment.ts';
import { PAID_ORDER_KEPT } from '#server/modules/orders/service.ts';
import type { Order } from '#shared/order.ts';
import { ORDER_STATUSES, type OrderStatus, PAID_STATUSES, transitionProblem } from '#shared/order-status.ts';
import { addProduct, DELIVERY, placeOrder, stockOf } from '../helpers/catalog.ts';
import { payWithTestCard } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };

const TRACKING = { carrier: 'DHL', trackingNumber: 'JD0146000044' };

/** What the admin is told when an order in `from` may not become `to` (R-ORDER-STATUS). */
function refusalOf(from: OrderStatus, to: OrderStatus): string | undefined {
  if (to === 'paid') return FULFILMENT_MESSAGES.onlyPaymentPays;
  if (to === 'cancelled' && PAID_STATUSES.includes(from)) return PAID_ORDER_KEPT;
  return transitionProblem(from, to);
}

describe.each(testDatabaseKinds())('an order from payment to the door (R-ORDER-STATUS, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { MAX_UNPAID_ORDERS: '1000', ORDERS_PER_CUSTOMER: '1000' } });
    admin = await signInAdmin(server);
    customer = await signUpCustomer(server, { name: 'Dora Door' });
    // Her orders go to her profile's address, so they can be shipped (R-ORDER-ADDRESS).
    await call(server, 'PUT', `/api/userInfo/${customer.email}`, {
      token: customer.token,
      body: { address: DELIVERY.address, phoneNumber: DELIVERY.phone },
    });
  });
  afterAll(() => server?.stop());

  /** The product of the order `orderIn` made last. */
  let productId = '';

  const change = (orderId: string, body: object) =>
    call<Order>(server, 'PATCH', `/api/admin/orders/${orderId}`, { token: admin.token, body });
  const refund = (orderId: string, note?: string) =>
    call<Order>(server, 'POST', `/api/admin/orders/${orderId}/refund`, { token: admin.token, body: note ? { note } : {} });

  const pay = (orderId: string) => payWithTestCard(server, customer, orderId);

  /** A new order of the customer's, of a product of its own, brought to `status` the way the shop gets there. */
  async function orderIn(status: OrderStatus, quantity = 1): Promise<string> {
    productId = (await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 }))._id;
    const placed = await placeOrder(server, customer, productId, quantity);
    expect(placed.status).toBe(201);
    const id: string = placed.body._id;
    if (status === 'unpaid') return id;
    if (status === 'cancelled') {
      expect((await call(server, 'DELETE', `/api/removeItem/${id}`, { token: customer.token })).status).toBe(200);
      return id;
    }
    await pay(id);
    if (status === 'refunded') expect((await refund(id)).status).toBe(200);
    if (status === 'shipped' || status === 'delivered')
      expect((await change(id, { status: 'shipped', ...TRACKING })).status).toBe(200);
    if (status === 'delivered') expect((await change(id, { status: 'delivered' })).status).toBe(200);
    return id;
  }

  const myOrder = async (id: string): Promise<Order | undefined> => {
    const mine = await call<Order[]>(server, 'GET', `/api/orders?email=${encodeURIComponent(customer.email)}`, {
      token: customer.token,
    });
    return mine.body.find((order) => order._id === id);
  };

  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('an admin moving a %s order to %s: allowed moves answer 200, all others 409 saying why', async (from, to) => {
    const id = await orderIn(from);
    const before = await myOrder(id);
    const answer = await change(id, { status: to, ...TRACKING, note: 'by the lifecycle test' });
    const refusal = refusalOf(from, to);
    if (refusal) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: { code: 'conflict', message: refusal } });
      expect(await myOrder(id)).toEqual(before);
      return;
    }
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe(to);
    expect(answer.body.timeline.at(-1)).toMatchObject({ by: admin.email, from, to });
    expect(await myOrder(id)).toEqual(answer.body);
  });

  it('shipping needs a carrier and a tracking number: without them 400 and nothing changes', async () => {
    const id = await orderIn('paid');
    const answer = await change(id, { status: 'shipped', carrier: 'DHL' });
    expect(answer.status).toBe(400);
    expect((answer.body as unknown as ErrorAnswer).error).toMatchObject({
      message: FULFILMENT_MESSAGES.shippingNeedsTracking,
      fields: { trackingNumber: 'Give the tracking number.' },
    });
    expect((await myOrder(id))?.status).toBe('paid');
  });

  it('the customer sees shipping with its tracking and the whole timeline, and is mailed each change', async () => {
    const id = await orderIn('paid');
    expect((await change(id, { status: 'shipped', ...TRACKING, note: 'Left the warehouse' })).status).toBe(200);
    expect((await change(id, { status: 'delivered' })).status).toBe(200);
    const order = await myOrder(id);
    expect(order).toMatchObject({ status: 'delivered', paid: true, ...TRACKING });
    expect(order?.transactionId).toMatch(/^pi_/);
    expect(order?.timeline.map((event) => [event.by, event.from, event.to, event.note])).toEqual([
      ['card processor', 'unpaid', 'paid', `Payment ${order?.transactionId}.`],
      [admin.email, 'paid', 'shipped', 'Left the warehouse'],
      [admin.email, 'shipped', 'delivered', ''],
    ]);
    const mails = await server.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, customer.email), eq(mailOutbox.kind, 'order-status')));
    const ofOrder = mails.filter((mail) => (mail.data as { orderId: string }).orderId === id);
    expect(ofOrder.map((mail) => mail.data)).toMatchObject([
      { status: 'shipped', ...TRACKING, note: 'Left the warehouse' },
      { status: 'delivered' },
    ]);
  });

  it('a refund of a paid order goes through the test processor and puts the stock back; of a shipped order it does not', async () => {
    const shippedId = await orderIn('shipped', 2);
    const shippedProduct = productId;
    const paidId = await orderIn('paid', 3);
    expect(await stockOf(server, productId)).toBe(7);

    const refunded = await refund(paidId, 'Customer changed their mind');
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'refunded', paid: true });
    const [intent] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, paidId));
    expect(intent?.status).toBe('refunded');
    expect(refunded.body.timeline.at(-1)?.note).toBe(`Refund re_${intent?.id.slice(3)}. Customer changed their mind`);
    expect(await stockOf(server, productId)).toBe(10);

    expect((await refund(shippedId)).status).toBe(200);
    expect(await stockOf(server, shippedProduct)).toBe(8);

    const again = await refund(paidId);
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorAnswer).error.message).toBe(transitionProblem('refunded', 'refunded'));
    expect(await stockOf(server, productId)).toBe(10);
  });

  it('an unpaid order cannot be refunded, and a refund of an unknown order is 404', async () => {
    const id = await orderIn('unpaid');
    expect(((await refund(id)).body as unknown as ErrorAnswer).error.message).toBe(transitionProblem('unpaid', 'refunded'));
    expect((await refund('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('order numbers people can read (R-ORDER-NUMBER)', () => {
  let server: TestServer;
  afterAll(() => server?.stop());

  it('each order gets the next SC- number, shown in My Orders, the payment page and its mail', async () => {
    server = await startTestServer();
    const admin = await signInAdmin(server);
    const customer = await signUpCustomer(server);
    const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
    const first = (await placeOrder(server, customer, product._id, 1)).body as Order;
    const second = (await placeOrder(server, customer, product._id, 1)).body as Order;
    expect(first.number).toMatch(/^SC-\d{6}$/);
    expect(Number(second.number.slice(3))).toBe(Number(first.number.slice(3)) + 1);
    const toPay = await call<Order>(server, 'GET', `/api/payment/${first._id}`, { token: customer.token });
    expect(toPay.body.number).toBe(first.number);
    const [mail] = await server.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, customer.email), eq(mailOutbox.kind, 'order-received')));
    expect(mail?.data).toMatchObject({ orderNumber: first.number });
  });
});
