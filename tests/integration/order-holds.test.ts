import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { holdRacesOn } from '#server/db/race-points.ts';
import { orderEvents, orders, paymentIntents } from '#server/db/schema.ts';
import { PAYMENT_MESSAGES } from '#server/modules/payments/service.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import { addProduct, markPaid, ordersOfProduct, placedMinutesAgo, placeOrder, stockOf } from '../helpers/catalog.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { holdAt } from '../helpers/held-race-point.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const nextYear = new Date().getFullYear() + 1;

for (const kind of testDatabaseKinds()) {
  describe(`unpaid orders hold stock for a while, a few at a time (R-HOLD, ${kind})`, () => {
    let server: TestServer;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      server = await startTestServer({ kind, env: { ORDER_HOLD_MINUTES: '60', MAX_UNPAID_ORDERS: '3' } });
      admin = await signInAdmin(server);
    });
    afterAll(() => server?.stop());

    it('a customer holds at most 3 unpaid orders: the 4th is 409 and reserves nothing; paying one frees a place', async () => {
      const customer = await signUpCustomer(server);
      const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 50 });
      const placed = [];
      for (let index = 0; index < 3; index++) placed.push(await placeOrder(server, customer, product._id, 1));
      expect(placed.map((answer) => answer.status)).toEqual([201, 201, 201]);

      const fourth = await placeOrder(server, customer, product._id, 1);
      expect(fourth.status).toBe(409);
      expect(fourth.body.error).toEqual({ code: 'conflict', message: MESSAGES.tooManyUnpaidOrders(3) });
      expect(await stockOf(server, product._id)).toBe(47);

      const someoneElse = await signUpCustomer(server);
      expect((await placeOrder(server, someoneElse, product._id, 1)).status).toBe(201);

      await markPaid(server, placed[0]?.body._id ?? '');
      expect((await placeOrder(server, customer, product._id, 1)).status).toBe(201);
    });

    it("a customer's unpaid quantity of one product stays within its maximum; other products are not counted", async () => {
      const customer = await signUpCustomer(server);
      const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 50 });
      const other = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 50 });
      expect((await placeOrder(server, customer, product._id, 4)).status).toBe(201);
      const more = await placeOrder(server, customer, product._id, 2);
      expect(more.status).toBe(409);
      expect(more.body.error).toEqual({ code: 'conflict', message: MESSAGES.unpaidQuantityTooHigh(4, 5) });
      expect(await stockOf(server, product._id)).toBe(46);
      expect((await placeOrder(server, customer, product._id, 1)).status).toBe(201);
      expect((await placeOrder(server, customer, other._id, 5)).status).toBe(201);
    });

    it('an unpaid order older than ORDER_HOLD_MINUTES expires with its stock back, visible as cancelled; paid and newer orders stay', async () => {
      const customer = await signUpCustomer(server);
      const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
      const old = (await placeOrder(server, customer, product._id, 3)).body;
      const oldPaid = (await placeOrder(server, customer, product._id, 1)).body;
      const recent = (await placeOrder(server, customer, product._id, 1)).body;
      await placedMinutesAgo(server, old._id, 61);
      await placedMinutesAgo(server, oldPaid._id, 61);
      await markPaid(server, oldPaid._id);
      await placedMinutesAgo(server, recent._id, 59);
      expect(await stockOf(server, product._id)).toBe(5);

      const expired = await server.app.orderExpiry.sweep();
      expect(expired.map((order) => order._id)).toEqual([old._id]);
      expect(await stockOf(server, product._id)).toBe(8);
      const mine = await call(server, 'GET', `/api/orders?email=${encodeURIComponent(customer.email)}`, {
        token: customer.token,
      });
      const statuses = Object.fromEntries(mine.body.map((order: Order) => [order._id, order.status]));
      expect(statuses).toEqual({ [old._id]: 'cancelled', [oldPaid._id]: 'paid', [recent._id]: 'unpaid' });
      expect(mine.body.find((order: Order) => order._id === old._id)).toMatchObject({
        cancelledBy: 'expiry',
        timeline: [{ by: 'unpaid-order expiry', from: 'unpaid', to: 'cancelled' }],
      });
      expect(await server.app.orderExpiry.sweep()).toEqual([]);
      expect(await stockOf(server, product._id)).toBe(8);
    });

    it('a card charged for an expired order is refused and nothing is charged', async () => {
      const customer = await signUpCustomer(server);
      const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
      const order = (await placeOrder(server, customer, product._id, 2)).body;
      const started = await call(server, 'POST', '/api/create-payment-intent', {
        token: customer.token,
        body: { orderId: order._id },
      });
      await placedMinutesAgo(server, order._id, 61);
      expect(await server.app.orderExpiry.sweep()).toHaveLength(1);

      const charged = await call(server, 'POST', '/api/test-payments/confirm', {
        token: customer.token,
        body: {
          clientSecret: started.body.clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' },
          billingDetails: { name: customer.name, email: customer.email },
        },
      });
      expect(charged.status).toBe(409);
      expect(charged.body.error.message).toBe(PAYMENT_MESSAGES.orderCancelled);
      const intents = await server.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, order._id));
      expect(intents.map((intent) => intent.status)).toEqual(['requires_payment_method']);
      expect(await stockOf(server, product._id)).toBe(10);
    });
  });
}

describe('the expiry sweep runs inside the server on its own (R-HOLD)', () => {
  let server: TestServer;
  afterAll(() => server?.stop());

  it('an unpaid order is cancelled and its stock back once its hold has run out, without anyone asking', async () => {
    // A hold of 1.2 s, swept every 0.6 s.
    server = await startTestServer({ env: { ORDER_HOLD_MINUTES: '0.02' } });
    const admin = await signInAdmin(server);
    const customer = await signUpCustomer(server);
    const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 7 });
    expect((await placeOrder(server, customer, product._id, 2)).status).toBe(201);
    expect(await stockOf(server, product._id)).toBe(5);
    expect(await holdsWithin(15_000, async () => (await stockOf(server, product._id)) === 7)).toBe(true);
    expect(await ordersOfProduct(server, product._id)).toMatchObject([{ status: 'cancelled', cancelledBy: 'expiry' }]);
  });
});

describe.skipIf(withoutPostgres())('unpaid-order limits and expiry under concurrency (race tests, needs PostgreSQL)', () => {
  let first: TestServer;
  let second: TestServer;
  let secondPool: DatabaseHandle;
  let races: RaceBarrier;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    first = await startTestServer({ kind: 'postgres', env: { MAX_UNPAID_ORDERS: '3' } });
    secondPool = openDatabase({ kind: 'postgres', url: first.database.url ?? '' });
    second = await startTestServer({
      kind: 'postgres',
      sharedDatabase: { handle: secondPool, url: first.database.url, drop: () => secondPool.close() },
      env: { PUBLIC_URL: first.url, MAX_UNPAID_ORDERS: '3' },
    });
    races = await RaceBarrier.on(first, second);
    admin = await signInAdmin(first);
  });
  afterAll(async () => {
    await races?.close();
    await second?.stop();
    await secondPool?.close();
    await first?.stop();
  });

  it('6 orders at once by one customer of six products: exactly 3 are placed', async () => {
    const customer = await signUpCustomer(first);
    const products = await Promise.all(
      Array.from({ length: 6 }, () => addProduct(first, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 })),
    );
    const answers = await races.overlap('order placed', 6, () =>
      Promise.all(products.map((product, index) => placeOrder(index % 2 ? first : second, customer, product._id, 1))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.error?.message).toBe(MESSAGES.tooManyUnpaidOrders(3));
    }
    const stock = await Promise.all(products.map((product) => stockOf(first, product._id)));
    expect(stock.reduce((sum, left) => sum + left, 0)).toBe(57);
  });

  it('3 orders of 2 at once by one customer of one product (maximum 5): exactly 2 are placed', async () => {
    const customer = await signUpCustomer(first);
    const product = await addProduct(first, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 20 });
    const answers = await races.overlap('order placed', 3, () =>
      Promise.all([first, second, first].map((server) => placeOrder(server, customer, product._id, 2))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error?.message).toBe(MESSAGES.unpaidQuantityTooHigh(4, 5));
    expect(await stockOf(first, product._id)).toBe(16);
  });

  it('while one instance sweeps, the other skips its sweep, and each expired order gives its stock back once', async () => {
    const product = await addProduct(first, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
    const placed = [];
    for (const quantity of [1, 2]) {
      const customer = await signUpCustomer(first);
      placed.push((await placeOrder(first, customer, product._id, quantity)).body);
    }
    for (const order of placed) await placedMinutesAgo(first, order._id, 61);

    const firstSweepHeld = holdAt(first.db, 'order cancelled');
    try {
      const firstSweep = first.app.orderExpiry.sweep();
      await firstSweepHeld.reached;
      expect(await second.app.orderExpiry.sweep()).toEqual([]);
      firstSweepHeld.release();
      expect((await firstSweep).map((order) => order.quantity).sort()).toEqual([1, 2]);
    } finally {
      firstSweepHeld.release();
      holdRacesOn(first.db, races.hold);
    }
    expect(await stockOf(second, product._id)).toBe(10);
    const cancelled = await ordersOfProduct(first, product._id);
    expect(cancelled.map((order) => [order.status, order.cancelledBy])).toEqual([
      ['cancelled', 'expiry'],
      ['cancelled', 'expiry'],
    ]);
    const timeline = await first.db
      .select()
      .from(orderEvents)
      .where(
        inArray(
          orderEvents.orderId,
          placed.map((order) => order._id),
        ),
      );
    expect(timeline).toHaveLength(2);
  });

  async function chargeAndExpireAtOnce(chargeFirst: boolean) {
    const customer = await signUpCustomer(first);
    const product = await addProduct(first, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
    const order = (await placeOrder(first, customer, product._id, 2)).body;
    const started = await call(first, 'POST', '/api/create-payment-intent', {
      token: customer.token,
      body: { orderId: order._id },
    });
    await placedMinutesAgo(first, order._id, 61);
    const charge = () =>
      call(second, 'POST', '/api/test-payments/confirm', {
        token: customer.token,
        body: {
          clientSecret: started.body.clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' },
          billingDetails: { name: customer.name, email: customer.email },
        },
      });
    const sweep = () => first.app.orderExpiry.sweep();
    const [charged, expired] = await races.overlap('order paid', 2, () =>
      races.overlap('order cancelled', 2, async () => {
        const [leading, leadingPoint] = chargeFirst ? [charge(), 'order paid' as const] : [sweep(), 'order cancelled' as const];
        await holdsWithin(5_000, async () => races.arrivals(leadingPoint) === 1);
        const following = chargeFirst ? sweep() : charge();
        const both = await Promise.all([leading, following]);
        return (chargeFirst ? both : [both[1], both[0]]) as [
          Awaited<ReturnType<typeof charge>>,
          Awaited<ReturnType<typeof sweep>>,
        ];
      }),
    );
    return { charged, expired, order, productId: product._id };
  }

  it('a card charged while its order expires: the charge that commits first wins, the order stays paid with its stock', async () => {
    const { charged, expired, order, productId } = await chargeAndExpireAtOnce(true);
    expect(charged.status).toBe(200);
    expect(expired).toEqual([]);
    const [row] = await first.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ paid: true });
    expect(await stockOf(first, productId)).toBe(8);
  });

  it('an order expiring while its card is charged: the expiry that commits first wins, the charge is refused and takes nothing', async () => {
    const { charged, expired, order, productId } = await chargeAndExpireAtOnce(false);
    expect(expired.map((gone) => gone._id)).toEqual([order._id]);
    expect(charged.status).toBe(409);
    expect(charged.body.error.message).toBe(PAYMENT_MESSAGES.orderCancelled);
    const intents = await first.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, order._id));
    expect(intents.map((intent) => intent.status)).toEqual(['requires_payment_method']);
    expect(await stockOf(first, productId)).toBe(10);
  });
});
