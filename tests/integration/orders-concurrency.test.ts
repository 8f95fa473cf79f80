import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { addProduct, ordersOfProduct, placeOrder, stockOf } from '../helpers/catalog.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const STOCK = 10;
const BUYERS = 50;

function signUpMany(server: TestServer, count: number): Promise<SignedInCustomer[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => signUpCustomer(server, { name: `Buyer ${index + 1}` })));
}

/** 50 buyers order one each at the same moment, spread over the given app instances. */
async function rush(servers: TestServer[], buyers: SignedInCustomer[], productId: string) {
  const answers = await Promise.all(
    buyers.map((buyer, index) => placeOrder(servers[index % servers.length] as TestServer, buyer, productId, 1)),
  );
  return {
    created: answers.filter((answer) => answer.status === 201),
    refused: answers.filter((answer) => answer.status === 409),
    answers,
  };
}

async function expectNoOversell(server: TestServer, productId: string, outcome: Awaited<ReturnType<typeof rush>>) {
  expect(outcome.created).toHaveLength(STOCK);
  expect(outcome.refused).toHaveLength(BUYERS - STOCK);
  for (const refused of outcome.refused) expect(refused.body.error?.message).toMatch(/^Sold out|^Only \d+ left/);
  expect(await stockOf(server, productId)).toBe(0);
  const rows = await ordersOfProduct(server, productId);
  expect(rows).toHaveLength(STOCK);
  expect(new Set(rows.map((row) => row.email)).size).toBe(STOCK);
}

describe.each(testDatabaseKinds())('stock under concurrent orders on %s', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let buyers: SignedInCustomer[];
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    buyers = await signUpMany(server, BUYERS);
  });
  afterAll(() => server?.stop());

  it(`${BUYERS} buyers, ${STOCK} in stock: exactly ${STOCK} orders, the rest 409, stock 0; 3 cancels give 3 back`, async () => {
    const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: STOCK });
    const outcome = await rush([server], buyers, product._id);
    await expectNoOversell(server, product._id, outcome);

    const cancels = await Promise.all(
      outcome.created.slice(0, 3).map((created) => {
        const owner = buyers.find((buyer) => buyer.email === created.body.email) as SignedInCustomer;
        return call(server, 'DELETE', `/api/removeItem/${created.body._id}`, { token: owner.token });
      }),
    );
    expect(cancels.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await stockOf(server, product._id)).toBe(3);
    expect(await ordersOfProduct(server, product._id)).toHaveLength(STOCK - 3);
  });
});

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'stock under concurrent orders on two app instances sharing PostgreSQL',
  () => {
    let first: TestServer;
    let second: TestServer;
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
      admin = await signInAdmin(first);
      buyers = await signUpMany(first, BUYERS);
    });
    afterAll(async () => {
      await second?.stop();
      await secondPool?.close();
      await first?.stop();
    });

    it('never oversells when the orders are spread over both instances, and cancels on either give stock back', async () => {
      const product = await addProduct(first, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: STOCK });
      const outcome = await rush([first, second], buyers, product._id);
      expect(outcome.created.length).toBe(STOCK);
      await expectNoOversell(second, product._id, outcome);

      const cancels = await Promise.all(
        outcome.created.slice(0, 3).map((created, index) => {
          const owner = buyers.find((buyer) => buyer.email === created.body.email) as SignedInCustomer;
          return call(index % 2 ? first : second, 'DELETE', `/api/removeItem/${created.body._id}`, { token: owner.token });
        }),
      );
      expect(cancels.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(await stockOf(first, product._id)).toBe(3);
    });
  },
);
