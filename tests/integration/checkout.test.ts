import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, paymentIntents, products } from '#server/db/schema.ts';
import type { Cart } from '#shared/cart.ts';
import { CART_MESSAGES } from '#shared/cart-rules.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import type { Profile } from '#shared/user.ts';
import { addProduct, checkOut, DELIVERY, fillCart, placedMinutesAgo, placeOrder, stockOf } from '../helpers/catalog.ts';
import { payWithTestCard } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

type ProductChange = Partial<typeof products.$inferInsert>;

describe.each(testDatabaseKinds())('checkout of the whole cart (R-CHECKOUT, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { MAX_UNPAID_ORDERS: '3' } });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  /** A customer whose cart holds 2 of a lamp at $10.00 and 3 of a cable at $5.50, in that order. */
  async function customerWithCart() {
    const customer = await signUpCustomer(server, { name: 'Carla Cart' });
    const lamp = await addProduct(server, admin, { name: 'Desk Lamp', price: '10.00', minQuantity: 1, maxQuantity: 5 });
    const cable = await addProduct(server, admin, { name: 'USB Cable', price: '5.50', minQuantity: 1, maxQuantity: 5 });
    await fillCart(server, customer, [
      { productId: lamp._id, quantity: 2 },
      { productId: cable._id, quantity: 3 },
    ]);
    return { customer, lamp, cable };
  }

  const cartOf = async (customer: SignedInCustomer) =>
    (await call<Cart>(server, 'GET', '/api/cart', { token: customer.token })).body;
  const ordersOf = async (customer: SignedInCustomer) =>
    (await call<Order[]>(server, 'GET', `/api/orders?email=${encodeURIComponent(customer.email)}`, { token: customer.token }))
      .body;
  const changeProduct = (id: string, change: ProductChange) => server.db.update(products).set(change).where(eq(products.id, id));

  it('turns the cart into one unpaid order with a line per product and one total, reserves each line and empties the cart', async () => {
    const { customer, lamp, cable } = await customerWithCart();
    const answer = await checkOut(server, customer, { shippingAddress: DELIVERY });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      productId: lamp._id,
      name: 'Desk Lamp + 1 more',
      picture: lamp.picture,
      quantity: 5,
      price: 36.5,
      email: customer.email,
      userName: 'Carla Cart',
      paid: false,
      status: 'unpaid',
      shippingAddress: DELIVERY,
      lines: [
        { productId: lamp._id, name: 'Desk Lamp', picture: lamp.picture, quantity: 2, unitPrice: 10, price: 20 },
        { productId: cable._id, name: 'USB Cable', picture: cable.picture, quantity: 3, unitPrice: 5.5, price: 16.5 },
      ],
    });
    expect(await stockOf(server, lamp._id)).toBe(8);
    expect(await stockOf(server, cable._id)).toBe(7);
    expect((await cartOf(customer)).items).toEqual([]);
    const [mine] = await ordersOf(customer);
    expect(mine).toEqual({ ...answer.body, timeline: [] });
    // The address was not asked to be saved.
    const profile = await call<Profile>(server, 'GET', `/api/userInfo/${customer.email}`, { token: customer.token });
    expect(profile.body.address).toBe('');
  });

  it('keeps the delivery address in the profile when asked, in the same transaction', async () => {
    const { customer } = await customerWithCart();
    expect((await checkOut(server, customer, { shippingAddress: DELIVERY, saveAddressToProfile: true })).status).toBe(201);
    const profile = await call<Profile>(server, 'GET', `/api/userInfo/${customer.email}`, { token: customer.token });
    expect(profile.body).toMatchObject({ address: DELIVERY.address, phoneNumber: DELIVERY.phone });
  });

  it.each<[string, (lamp: string, cable: string) => Promise<unknown>, (cable: string) => string]>([
    ['sold out', (_, cable) => changeProduct(cable, { availableQuantity: 0 }), () => CART_MESSAGES.soldOut('USB Cable')],
    [
      'not enough stock',
      (_, cable) => changeProduct(cable, { availableQuantity: 2 }),
      () => CART_MESSAGES.notEnoughStock('USB Cable', 2),
    ],
    [
      'below its minimum',
      (_, cable) => changeProduct(cable, { minQuantity: 4 }),
      () => `USB Cable: ${MESSAGES.quantityTooLow(4)}`,
    ],
    [
      'above its maximum',
      (_, cable) => changeProduct(cable, { maxQuantity: 2 }),
      () => `USB Cable: ${MESSAGES.quantityTooHigh(2)}`,
    ],
    [
      'priced otherwise since it was added',
      (_, cable) => changeProduct(cable, { priceCents: 600 }),
      () => CART_MESSAGES.priceChanged('USB Cable', 5.5, 6),
    ],
  ])('refuses the whole cart when a line is %s: 409 naming the product, and nothing changes', async (_, change, message) => {
    const { customer, lamp, cable } = await customerWithCart();
    await change(lamp._id, cable._id);
    const stockBefore = [await stockOf(server, lamp._id), await stockOf(server, cable._id)];
    const answer = await checkOut(server, customer, { shippingAddress: DELIVERY, saveAddressToProfile: true });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({
      code: 'conflict',
      message: message(cable._id),
      fields: { [cable._id]: message(cable._id) },
    });
    expect([await stockOf(server, lamp._id), await stockOf(server, cable._id)]).toEqual(stockBefore);
    expect((await cartOf(customer)).items.map((line) => [line.productId, line.quantity])).toEqual([
      [lamp._id, 2],
      [cable._id, 3],
    ]);
    expect(await ordersOf(customer)).toEqual([]);
    const profile = await call<Profile>(server, 'GET', `/api/userInfo/${customer.email}`, { token: customer.token });
    expect(profile.body.address).toBe('');
  });

  it('counts the units already waiting unpaid against a product’s maximum (R-HOLD)', async () => {
    const { customer, lamp, cable } = await customerWithCart();
    expect((await placeOrder(server, customer, cable._id, 4)).status).toBe(201);
    const answer = await checkOut(server, customer);
    expect(answer.status).toBe(409);
    expect(answer.body.error?.message).toBe(`USB Cable: ${MESSAGES.unpaidQuantityTooHigh(4, 5)}`);
    expect(await stockOf(server, lamp._id)).toBe(10);
    expect(await stockOf(server, cable._id)).toBe(6);
  });

  it('with the reviewed lines: a price or a cart changed since the review is 409, and nothing changes', async () => {
    const { customer, lamp, cable } = await customerWithCart();
    const reviewed = [
      { productId: lamp._id, quantity: 2, unitPrice: 10 },
      { productId: cable._id, quantity: 3, unitPrice: 5.5 },
    ];
    await changeProduct(lamp._id, { priceCents: 1100 });
    const repriced = await checkOut(server, customer, { reviewed });
    expect(repriced.status).toBe(409);
    expect(repriced.body.error?.message).toBe(CHECKOUT_MESSAGES.priceChangedSinceReview('Desk Lamp', 10, 11));

    const changed = await checkOut(server, customer, { reviewed: reviewed.slice(1) });
    expect(changed.status).toBe(409);
    expect(changed.body.error?.message).toBe(CHECKOUT_MESSAGES.cartChanged);
    expect(await stockOf(server, lamp._id)).toBe(10);

    // The customer reviewed the new price: it is the one charged, though the cart saw the old one.
    const accepted = await checkOut(server, customer, { reviewed: [{ ...reviewed[0], unitPrice: 11 }, reviewed[1]] });
    expect(accepted.status).toBe(201);
    expect(accepted.body.price).toBe(38.5);
  });

  it('an empty cart is 409; unpaid-order limits apply as for Buy Now', async () => {
    const customer = await signUpCustomer(server);
    const empty = await checkOut(server, customer);
    expect(empty.status).toBe(409);
    expect(empty.body.error?.message).toBe(CHECKOUT_MESSAGES.emptyCart);

    const product = await addProduct(server, admin, { maxQuantity: 5 });
    for (let placed = 0; placed < 3; placed += 1) expect((await placeOrder(server, customer, product._id, 1)).status).toBe(201);
    await fillCart(server, customer, [{ productId: product._id, quantity: 1 }]);
    const tooMany = await checkOut(server, customer);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error?.message).toBe(MESSAGES.tooManyUnpaidOrders(3));
    expect((await cartOf(customer)).items).toHaveLength(1);
  });

  it('needs a signed-in customer', async () => {
    expect((await call(server, 'POST', '/api/checkout', { body: {} })).status).toBe(401);
  });

  it('cancelling the order gives every line’s stock back', async () => {
    const { customer, lamp, cable } = await customerWithCart();
    const order = (await checkOut(server, customer)).body;
    const cancelled = await call<Order>(server, 'DELETE', `/api/removeItem/${order._id}`, { token: customer.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.lines).toHaveLength(2);
    expect(await stockOf(server, lamp._id)).toBe(10);
    expect(await stockOf(server, cable._id)).toBe(10);
  });

  it('an expired order gives every line’s stock back', async () => {
    const { customer, lamp, cable } = await customerWithCart();
    const order = (await checkOut(server, customer)).body;
    await placedMinutesAgo(server, order._id, 24 * 60);
    const expired = await server.app.orderExpiry.sweep();
    expect(expired.map((one) => one._id)).toContain(order._id);
    expect(await stockOf(server, lamp._id)).toBe(10);
    expect(await stockOf(server, cable._id)).toBe(10);
  });

  it('deleting the account cancels the order and gives every line’s stock back (R-ACCOUNT-DELETE)', async () => {
    const { customer, lamp, cable } = await customerWithCart();
    expect((await checkOut(server, customer)).status).toBe(201);
    const deleted = await call(server, 'DELETE', '/api/user', { token: customer.token, body: { email: customer.email } });
    expect(deleted.status).toBe(200);
    expect(await stockOf(server, lamp._id)).toBe(10);
    expect(await stockOf(server, cable._id)).toBe(10);
  });

  it('the payment charges the order’s total, and a paid refund before shipping gives every line’s stock back', async () => {
    const { customer, lamp, cable } = await customerWithCart();
    const order = (await checkOut(server, customer)).body;
    const transactionId = await payWithTestCard(server, customer, order._id);
    const [intent] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, order._id));
    expect(intent?.amountCents).toBe(3650);
    const paid = await call<Order>(server, 'PATCH', `/api/orders/${order._id}`, {
      token: customer.token,
      body: { transactionId },
    });
    expect(paid.body).toMatchObject({ paid: true, status: 'paid', price: 36.5 });
    expect(paid.body.lines).toHaveLength(2);

    const refunded = await call<Order>(server, 'POST', `/api/admin/orders/${order._id}/refund`, { token: admin.token, body: {} });
    expect(refunded.status).toBe(200);
    expect(await stockOf(server, lamp._id)).toBe(10);
    expect(await stockOf(server, cable._id)).toBe(10);
  });

  it('a product deleted after the order keeps its line, without its product id', async () => {
    const { customer, cable } = await customerWithCart();
    const order = (await checkOut(server, customer)).body;
    expect((await call(server, 'DELETE', `/api/product/${cable._id}`, { token: admin.token })).status).toBe(200);
    const [mine] = await ordersOf(customer);
    expect(mine?._id).toBe(order._id);
    expect(mine?.lines[1]).toMatchObject({ productId: null, name: 'USB Cable', quantity: 3 });
    const lines = await server.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
    expect(lines).toHaveLength(2);
    const [row] = await server.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.priceCents).toBe(3650);
  });
});
