import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { orderLines, orders } from '#server/db/schema.ts';
import type { Cart } from '#shared/cart.ts';
import type { Product } from '#shared/product.ts';
import { addProduct, checkOut, fillCart, stockOf } from '../helpers/catalog.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PRODUCTS = 5;
const STOCK = 12;
// Three instances, each with its own pool of 10 connections: every buyer is inside a transaction at once.
const INSTANCES = 3;
const BUYERS = 30;

/**
 * Buyer i's cart: three of the five products, 1 to 3 of each, added in an order of its own (some carts list
 * the products backwards), so carts overlap and a checkout that locked in cart order would deadlock.
 */
function cartOfBuyer(index: number, products: Product[]): { productId: string; quantity: number }[] {
  const picked = [0, 1, 2].map((step) => products[(index + step * 2) % PRODUCTS] as Product);
  const ordered = index % 2 === 0 ? picked : picked.reverse();
  return ordered.map((product, step) => ({ productId: product._id, quantity: 1 + ((index + step) % 3) }));
}

describe.skipIf(withoutPostgres())('checkouts of overlapping carts at once (R-CHECKOUT race test, needs PostgreSQL)', () => {
  const servers: TestServer[] = [];
  let races: RaceBarrier;
  let admin: SignedInCustomer;
  let buyers: SignedInCustomer[];
  let products: Product[];

  beforeAll(async () => {
    const first = await startTestServer({ kind: 'postgres' });
    servers.push(first);
    for (let more = 1; more < INSTANCES; more += 1) {
      // Each further instance has a connection pool of its own, like another process would.
      const pool = openDatabase({ kind: 'postgres', url: first.database.url ?? '' });
      servers.push(
        await startTestServer({
          kind: 'postgres',
          sharedDatabase: { handle: pool, url: first.database.url, drop: () => pool.close() },
          env: { PUBLIC_URL: first.url },
        }),
      );
    }
    races = await RaceBarrier.on(first, ...servers.slice(1));
    admin = await signInAdmin(first);
    products = [];
    for (let n = 0; n < PRODUCTS; n += 1) {
      products.push(
        await addProduct(first, admin, { name: `Scarce ${n + 1}`, minQuantity: 1, maxQuantity: 5, availableQuantity: STOCK }),
      );
    }
    buyers = [];
    for (let index = 0; index < BUYERS; index += 1) {
      const buyer = await signUpCustomer(first, { name: `Buyer ${index + 1}` });
      await fillCart(first, buyer, cartOfBuyer(index, products));
      buyers.push(buyer);
    }
  });
  afterAll(async () => {
    await races?.close();
    for (const server of servers.slice(1).reverse()) await server.stop();
    await servers[0]?.stop();
  });

  it(`${BUYERS} carts over ${PRODUCTS} scarce products at once: no oversell, no deadlock, each order whole or absent`, async () => {
    const answers = await races.overlap('order placed', BUYERS, () =>
      Promise.all(buyers.map((buyer, index) => checkOut(servers[index % INSTANCES] as TestServer, buyer))),
    );
    // A deadlock would be a 500 (PostgreSQL aborts one of the two): every answer is an order or a refusal.
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409)).toEqual([]);
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThan(BUYERS);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.error?.message).toMatch(/^Scarce \d is sold out\.$|^Only \d+ of Scarce \d left/);
    }

    const first = servers[0] as TestServer;
    const ids = products.map((product) => product._id);
    const lines = await first.db
      .select({ productId: orderLines.productId, quantity: orderLines.quantity })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inArray(orderLines.productId, ids));
    for (const product of products) {
      const reserved = lines.filter((line) => line.productId === product._id).reduce((sum, line) => sum + line.quantity, 0);
      const stock = await stockOf(first, product._id);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(stock + reserved).toBe(STOCK);
    }

    // Each buyer has either one order holding exactly their cart, with the cart emptied, or no order and their cart as it was.
    for (const [index, buyer] of buyers.entries()) {
      const wanted = cartOfBuyer(index, products);
      const answer = answers[index];
      const cart = (await call<Cart>(first, 'GET', '/api/cart', { token: buyer.token })).body;
      const theirs = await first.db.select({ id: orders.id }).from(orders).where(eq(orders.email, buyer.email));
      if (answer?.status === 201) {
        expect(answer.body.lines.map((line) => ({ productId: line.productId, quantity: line.quantity }))).toEqual(wanted);
        expect(theirs).toHaveLength(1);
        expect(cart.items).toEqual([]);
      } else {
        expect(theirs).toEqual([]);
        expect(cart.items.map((line) => ({ productId: line.productId, quantity: line.quantity }))).toEqual(wanted);
      }
    }
  });
});
