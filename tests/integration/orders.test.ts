import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import { addProduct, markPaid, ordersOfProduct, placeOrder, stockOf } from '../helpers/catalog.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe.each(testDatabaseKinds())('orders on %s', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let ann: SignedInCustomer;
  let bob: SignedInCustomer;
  beforeAll(async () => {
    // Many orders per customer here: the unpaid-order limit has its own tests (order-holds.test.ts).
    server = await startTestServer({ kind, env: { MAX_UNPAID_ORDERS: '1000' } });
    [admin, ann, bob] = await Promise.all([
      signInAdmin(server),
      signUpCustomer(server, { name: 'Ann Archer' }),
      signUpCustomer(server, { name: 'Bob Byrne' }),
    ]);
  });
  afterAll(() => server?.stop());

  describe('Buy Now (POST /api/orders)', () => {
    it('creates an unpaid order priced by the server, from the product and the signed-in user, and reserves the stock', async () => {
      const product = await addProduct(server, admin, { price: '19.99', minQuantity: 2, maxQuantity: 8, availableQuantity: 20 });
      const answer = await call<Order>(server, 'POST', '/api/orders', {
        token: ann.token,
        body: {
          productId: product._id,
          quantity: 3,
          name: 'Free stuff',
          picture: 'https://evil.example/x.png',
          price: 0.01,
          email: bob.email,
          userName: 'Somebody Else',
        },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        number: expect.stringMatching(/^SC-1\d{5}$/),
        productId: product._id,
        name: product.name,
        picture: product.picture,
        price: 59.97,
        email: ann.email,
        userName: 'Ann Archer',
        quantity: 3,
        paid: false,
        status: 'unpaid',
        placedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        // Ann has no address in her profile and gave none (R-ORDER-ADDRESS).
        shippingAddress: null,
        timeline: [],
        // R-CHECKOUT: a Buy Now order is an order of one line.
        lines: [
          { productId: product._id, name: product.name, picture: product.picture, quantity: 3, unitPrice: 19.99, price: 59.97 },
        ],
      });
      expect(await stockOf(server, product._id)).toBe(17);
      const [row] = await ordersOfProduct(server, product._id);
      expect(row).toMatchObject({ priceCents: 5997, unitPriceCents: 1999, paid: false, email: ann.email });
    });

    it('accepts the quantity as the text of the form field', async () => {
      const product = await addProduct(server, admin);
      const answer = await placeOrder(server, ann, product._id, '2');
      expect(answer.status).toBe(201);
      expect(answer.body.quantity).toBe(2);
    });

    it.each([
      [1, MESSAGES.quantityTooLow(2)],
      [9, MESSAGES.quantityTooHigh(8)],
    ])('refuses quantity %i outside the product range with the spec message, and reserves nothing', async (quantity, message) => {
      const product = await addProduct(server, admin, { minQuantity: 2, maxQuantity: 8, availableQuantity: 20 });
      const answer = await placeOrder(server, ann, product._id, quantity);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: 'bad_request', message, fields: { quantity: message } });
      expect(await stockOf(server, product._id)).toBe(20);
      expect(await ordersOfProduct(server, product._id)).toHaveLength(0);
    });

    it('answers 409 saying how many are left when the stock is too small, and "sold out" at zero', async () => {
      const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 4 });
      const tooMany = await placeOrder(server, ann, product._id, 5);
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.error).toEqual({ code: 'conflict', message: 'Only 4 left in stock.' });
      expect((await placeOrder(server, ann, product._id, 4)).status).toBe(201);
      const soldOut = await placeOrder(server, bob, product._id, 1);
      expect(soldOut.status).toBe(409);
      expect(soldOut.body.error?.message).toMatch(/^Sold out/);
      expect(await stockOf(server, product._id)).toBe(0);
      expect(await ordersOfProduct(server, product._id)).toHaveLength(1);
    });

    it('refuses an order whose total a card could not be charged for', async () => {
      const product = await addProduct(server, admin, { price: '999999.99', maxQuantity: 5, availableQuantity: 5 });
      const answer = await placeOrder(server, ann, product._id, 2);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toMatch(/at most \$ 999,999\.99/);
      expect(await stockOf(server, product._id)).toBe(5);
      expect((await placeOrder(server, ann, product._id, 1)).status).toBe(201);
    });

    describe('bad input: 400 or 404 with the error body, nothing written', () => {
      let productId: string;
      beforeAll(async () => {
        productId = (await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 }))._id;
      });

      it.each([
        ['negative', -1, 'quantity must be at least 1'],
        ['zero', 0, 'quantity must be at least 1'],
        ['fractional', 1.5, 'quantity must be a whole number'],
        ['fractional text', '1.5', 'quantity must be a whole number'],
        ['huge (2^53)', 2 ** 53, 'quantity must be at most 1000000'],
        ['non-numeric', 'three', 'quantity must be a number'],
        // Decimal notation only (R-TEXT): Number() would read these as 16, 10, 1 and 1.
        ['hexadecimal text', '0x10', 'quantity must be a number'],
        ['exponent text', '1e1', 'quantity must be a number'],
        ['binary text', '0b1', 'quantity must be a number'],
        ['digits then letters', '16abc', 'quantity must be a number'],
        ['empty', '', 'quantity must be a number'],
        ['missing', undefined, 'quantity must be a number'],
        ['null', null, 'quantity must be a number'],
        ['boolean', true, 'quantity must be a number'],
      ])('%s quantity → 400', async (_case, quantity, message) => {
        const answer = await placeOrder(server, ann, productId, quantity);
        expect(answer.status).toBe(400);
        expect(answer.body.error).toMatchObject({ code: 'bad_request', fields: { quantity: message } });
        expect(await stockOf(server, productId)).toBe(10);
        expect(await ordersOfProduct(server, productId)).toHaveLength(0);
      });

      it('an unknown product id → 404; a malformed one → 400', async () => {
        const before = await server.db.$count(orders);
        const unknown = await placeOrder(server, ann, '00000000-0000-4000-8000-000000000000', 1);
        expect(unknown.status).toBe(404);
        expect(unknown.body.error).toMatchObject({ code: 'not_found', message: expect.stringMatching(/^Product not found/) });
        const malformed = await placeOrder(server, ann, 'not-a-uuid', 1);
        expect(malformed.status).toBe(400);
        expect(malformed.body.error).toMatchObject({ code: 'bad_request', fields: { productId: expect.any(String) } });
        const body = await call(server, 'POST', '/api/orders', { token: ann.token, body: [1, 2] });
        expect(body.status).toBe(400);
        expect(await server.db.$count(orders)).toBe(before);
      });
    });
  });

  describe('My Orders (GET /api/orders?email=)', () => {
    it('lists the user’s own orders newest first, and nobody else’s', async () => {
      const carol = await signUpCustomer(server, { name: 'Carol Chen' });
      const product = await addProduct(server, admin, { maxQuantity: 5, availableQuantity: 50 });
      const first = (await placeOrder(server, carol, product._id, 1)).body;
      const second = (await placeOrder(server, carol, product._id, 2)).body;
      await placeOrder(server, bob, product._id, 3);
      const mine = await call<Order[]>(server, 'GET', `/api/orders?email=${encodeURIComponent(carol.email)}`, {
        token: carol.token,
      });
      expect(mine.status).toBe(200);
      expect(mine.body.map((order) => order._id)).toEqual([second._id, first._id]);
      expect(mine.body.every((order) => order.email === carol.email)).toBe(true);
    });

    it('refuses another user’s email with 403, even for an admin, and a missing or bad email with 400', async () => {
      const path = `/api/orders?email=${encodeURIComponent(ann.email)}`;
      expect((await call(server, 'GET', path, { token: bob.token })).status).toBe(403);
      expect((await call(server, 'GET', path, { token: admin.token })).status).toBe(403);
      expect((await call(server, 'GET', path)).status).toBe(401);
      expect((await call(server, 'GET', '/api/orders', { token: ann.token })).status).toBe(400);
      expect((await call(server, 'GET', '/api/orders?email=nope', { token: ann.token })).status).toBe(400);
    });

    it('treats the email case-insensitively', async () => {
      const answer = await call(server, 'GET', `/api/orders?email=${encodeURIComponent(ann.email.toUpperCase())}`, {
        token: ann.token,
      });
      expect(answer.status).toBe(200);
    });
  });

  describe('Manage Orders (GET /api/allOrders)', () => {
    it('lists every user’s orders, newest first, for admins only', async () => {
      const product = await addProduct(server, admin);
      const fromAnn = (await placeOrder(server, ann, product._id, 1)).body;
      const fromBob = (await placeOrder(server, bob, product._id, 1)).body;
      const all = await call<Order[]>(server, 'GET', '/api/allOrders', { token: admin.token });
      expect(all.status).toBe(200);
      const ids = all.body.map((order) => order._id);
      expect(ids.indexOf(fromBob._id)).toBeLessThan(ids.indexOf(fromAnn._id));
      expect(ids.indexOf(fromAnn._id)).toBeGreaterThanOrEqual(0);
      expect((await call(server, 'GET', '/api/allOrders', { token: ann.token })).status).toBe(403);
    });
  });

  describe('cancelling', () => {
    it('the owner cancels an unpaid order and the stock comes back; it stays, cancelled; a second cancel is 409', async () => {
      const product = await addProduct(server, admin, { availableQuantity: 10 });
      const order = (await placeOrder(server, ann, product._id, 4)).body;
      expect(await stockOf(server, product._id)).toBe(6);
      const cancelled = await call<Order>(server, 'DELETE', `/api/removeItem/${order._id}`, { token: ann.token });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ _id: order._id, status: 'cancelled', cancelledBy: 'customer', paid: false });
      expect(cancelled.body.timeline).toMatchObject([{ by: ann.email, from: 'unpaid', to: 'cancelled' }]);
      expect(await stockOf(server, product._id)).toBe(10);
      expect(await ordersOfProduct(server, product._id)).toMatchObject([{ status: 'cancelled' }]);
      const again = await call(server, 'DELETE', `/api/removeItem/${order._id}`, { token: ann.token });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe('This order is already cancelled.');
      expect(await stockOf(server, product._id)).toBe(10);
    });

    it('another user cannot cancel it (403) and an admin must use Manage Orders', async () => {
      const product = await addProduct(server, admin, { availableQuantity: 10 });
      const order = (await placeOrder(server, ann, product._id, 2)).body;
      expect((await call(server, 'DELETE', `/api/removeItem/${order._id}`, { token: bob.token })).status).toBe(403);
      expect((await call(server, 'DELETE', `/api/removeItem/${order._id}`, { token: admin.token })).status).toBe(403);
      expect(await stockOf(server, product._id)).toBe(8);
      const removed = await call(server, 'DELETE', `/api/deleteOrders/${order._id}`, { token: admin.token });
      expect(removed.status).toBe(200);
      expect(await stockOf(server, product._id)).toBe(10);
    });

    it('a paid order cannot be cancelled by anyone (409) and keeps its stock', async () => {
      const product = await addProduct(server, admin, { availableQuantity: 10 });
      const order = (await placeOrder(server, ann, product._id, 3)).body;
      await markPaid(server, order._id, 'pi_paid_123');
      const own = await call(server, 'DELETE', `/api/removeItem/${order._id}`, { token: ann.token });
      expect(own.status).toBe(409);
      expect(own.body.error).toEqual({ code: 'conflict', message: expect.stringMatching(/paid/) });
      expect((await call(server, 'DELETE', `/api/deleteOrders/${order._id}`, { token: admin.token })).status).toBe(409);
      expect(await stockOf(server, product._id)).toBe(7);
      const mine = await call<Order[]>(server, 'GET', `/api/orders?email=${encodeURIComponent(ann.email)}`, { token: ann.token });
      expect(mine.body.find((item) => item._id === order._id)).toMatchObject({
        paid: true,
        transactionId: 'pi_paid_123',
        payment: order._id,
      });
    });

    it('unknown ids → 404 and malformed ids → 400 with the error body', async () => {
      for (const path of ['/api/removeItem', '/api/deleteOrders']) {
        const unknown = await call(server, 'DELETE', `${path}/00000000-0000-4000-8000-000000000000`, { token: admin.token });
        expect(unknown.status, path).toBe(404);
        expect(unknown.body.error.code).toBe('not_found');
        const malformed = await call(server, 'DELETE', `${path}/12345`, { token: admin.token });
        expect(malformed.status, path).toBe(400);
        expect(malformed.body.error).toMatchObject({ code: 'bad_request', message: 'order id must be a UUID' });
      }
    });
  });

  describe('deleting a product', () => {
    it('leaves its orders with their name, picture and price, and they can still be cancelled', async () => {
      const product = await addProduct(server, admin, { name: 'Soon Gone Speaker', price: '25.00', availableQuantity: 10 });
      const order = (await placeOrder(server, ann, product._id, 2)).body;
      expect((await call(server, 'DELETE', `/api/product/${product._id}`, { token: admin.token })).status).toBe(200);
      const mine = await call<Order[]>(server, 'GET', `/api/orders?email=${encodeURIComponent(ann.email)}`, { token: ann.token });
      expect(mine.body.find((item) => item._id === order._id)).toMatchObject({
        productId: null,
        name: 'Soon Gone Speaker',
        picture: product.picture,
        price: 50,
        quantity: 2,
      });
      expect((await call(server, 'DELETE', `/api/removeItem/${order._id}`, { token: ann.token })).status).toBe(200);
      expect((await placeOrder(server, ann, product._id, 1)).status).toBe(404);
    });
  });

  describe('one order by its number (GET /api/orders/number/{number})', () => {
    it('answers the customer their own order, with when it was placed; an admin any; another customer 404', async () => {
      const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
      const placed = (await placeOrder(server, ann, product._id, 2)).body as Order;
      const read = (number: string, who: SignedInCustomer) =>
        call<Order>(server, 'GET', `/api/orders/number/${number}`, { token: who.token });

      const own = await read(placed.number, ann);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ _id: placed._id, number: placed.number, quantity: 2, timeline: [] });
      expect(Date.now() - Date.parse(own.body.placedAt)).toBeLessThan(60_000);
      expect((await read(placed.number.replace('SC-', ''), ann)).body._id).toBe(placed._id);
      expect((await read(placed.number, admin)).status).toBe(200);
      const other = await read(placed.number, bob);
      expect(other.status).toBe(404);
      expect((await read('SC-1', ann)).status).toBe(404);
      expect((await read('nonsense', ann)).status).toBe(400);
    });
  });
});
