import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import type { Order } from '#shared/order.ts';
import { transitionProblem } from '#shared/order-status.ts';
import { addProduct, ordersOfProduct, placeOrder, stockOf } from '../helpers/catalog.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const STOCK = 4;
// No more than one instance's connection pool (10), so every buyer is inside a transaction at once.
const BUYERS = 10;

function signUpMany(server: TestServer, count: number): Promise<SignedInCustomer[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => signUpCustomer(server, { name: `Buyer ${index + 1}` })));
}

const ownerOf = (buyers: SignedInCustomer[], email: string) => buyers.find((buyer) => buyer.email === email) as SignedInCustomer;

/** Every buyer orders one at the same moment, spread over the given app instances. */
async function rush(races: RaceBarrier, servers: TestServer[], buyers: SignedInCustomer[], productId: string) {
  const answers = await races.overlap('order placed', buyers.length, () =>
    Promise.all(buyers.map((buyer, index) => placeOrder(servers[index % servers.length] as TestServer, buyer, productId, 1))),
  );
  return {
    statuses: answers.map((answer) => answer.status).sort(),
    created: answers.filter((answer) => answer.status === 201),
    refused: answers.filter((answer) => answer.status === 409),
  };
}

async function expectNoOversell(server: TestServer, productId: string, outcome: Awaited<ReturnType<typeof rush>>) {
  expect(outcome.statuses).toEqual([...Array(STOCK).fill(201), ...Array(BUYERS - STOCK).fill(409)]);
  for (const refused of outcome.refused) expect(refused.body.error?.message).toMatch(/^Sold out|^Only \d+ left/);
  expect(await stockOf(server, productId)).toBe(0);
  const rows = await ordersOfProduct(server, productId);
  expect(rows).toHaveLength(STOCK);
  expect(new Set(rows.map((row) => row.email)).size).toBe(STOCK);
}

describe.skipIf(withoutPostgres())('stock under concurrent orders and cancels (race tests, needs PostgreSQL)', () => {
  let server: TestServer;
  let races: RaceBarrier;
  let admin: SignedInCustomer;
  let buyers: SignedInCustomer[];
  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' });
    races = await RaceBarrier.on(server);
    admin = await signInAdmin(server);
    buyers = await signUpMany(server, BUYERS);
  });
  afterAll(async () => {
    await races?.close();
    await server?.stop();
  });

  it(`${BUYERS} buyers at once, ${STOCK} in stock: exactly ${STOCK} orders, the rest 409, stock 0`, async () => {
    const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: STOCK });
    const outcome = await rush(races, [server], buyers, product._id);
    await expectNoOversell(server, product._id, outcome);
    expect(races.arrivals('order placed')).toBe(STOCK);
  });

  it('cancels of different orders at once each give their own quantity back', async () => {
    const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 6 });
    const placed: Order[] = [];
    for (const [index, quantity] of [1, 2, 3].entries()) {
      placed.push((await placeOrder(server, buyers[index] as SignedInCustomer, product._id, quantity)).body);
    }
    expect(await stockOf(server, product._id)).toBe(0);

    const cancels = await races.overlap('order cancelled', placed.length, () =>
      Promise.all(
        placed.map((order) =>
          call(server, 'DELETE', `/api/removeItem/${order._id}`, { token: ownerOf(buyers, order.email).token }),
        ),
      ),
    );
    expect(cancels.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await stockOf(server, product._id)).toBe(6);
    expect((await ordersOfProduct(server, product._id)).map((order) => order.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(races.arrivals('order cancelled')).toBe(3);
  });

  it('one order cancelled by its owner and an admin several times at once is cancelled once, its stock back once', async () => {
    const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 5 });
    const order = (await placeOrder(server, buyers[0] as SignedInCustomer, product._id, 2)).body;
    const owner = ownerOf(buyers, order.email);

    const cancels = await races.overlap('order cancelled', 6, () =>
      Promise.all([
        ...Array.from({ length: 3 }, () => call(server, 'DELETE', `/api/removeItem/${order._id}`, { token: owner.token })),
        ...Array.from({ length: 3 }, () => call(server, 'DELETE', `/api/deleteOrders/${order._id}`, { token: admin.token })),
      ]),
    );
    expect(cancels.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of cancels.filter((answer) => answer.status === 409)) {
      expect(refused.body.error).toEqual({ code: 'conflict', message: transitionProblem('cancelled', 'cancelled') });
    }
    expect(await stockOf(server, product._id)).toBe(5);
    expect(await ordersOfProduct(server, product._id)).toMatchObject([{ status: 'cancelled' }]);
    expect(races.arrivals('order cancelled')).toBe(1);
  });
});

describe.skipIf(withoutPostgres())(
  'stock under concurrent orders on two app instances sharing PostgreSQL (race test, needs PostgreSQL)',
  () => {
    let first: TestServer;
    let second: TestServer;
    let races: RaceBarrier;
    let admin: SignedInCustomer;
    let buyers: SignedInCustomer[];
    let secondPool: DatabaseHandle;
    beforeAll(async () => {
      first = await startTestServer({ kind: 'postgres' });
      // A second instance has a connection pool of its own, like another process would.
      secondPool = openDatabase({ kind: 'postgres', url: first.database.url ?? '' });
      second = await startTestServer({
        kind: 'postgres',
        sharedDatabase: { handle: secondPool, url: first.database.url, drop: () => secondPool.close() },
        // Behind one load balancer both instances answer to one public address, which their tokens name.
        env: { PUBLIC_URL: first.url },
      });
      races = await RaceBarrier.on(first, second);
      admin = await signInAdmin(first);
      buyers = await signUpMany(first, BUYERS);
    });
    afterAll(async () => {
      await races?.close();
      await second?.stop();
      await secondPool?.close();
      await first?.stop();
    });

    it('never oversells when the orders are spread over both instances, and cancels on either give stock back', async () => {
      const product = await addProduct(first, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: STOCK });
      const outcome = await rush(races, [first, second], buyers, product._id);
      await expectNoOversell(second, product._id, outcome);
      expect(races.arrivals('order placed')).toBe(STOCK);

      const cancels = await races.overlap('order cancelled', 3, () =>
        Promise.all(
          outcome.created.slice(0, 3).map((created, index) =>
            call(index % 2 ? first : second, 'DELETE', `/api/removeItem/${created.body._id}`, {
              token: ownerOf(buyers, created.body.email).token,
            }),
          ),
        ),
      );
      expect(cancels.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(await stockOf(first, product._id)).toBe(3);
      expect(races.arrivals('order cancelled')).toBe(3);
    });
  },
);
