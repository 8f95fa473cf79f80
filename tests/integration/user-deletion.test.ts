import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { ACCOUNT_GONE } from '#server/modules/orders/service.ts';
import { LAST_ADMIN_MESSAGE } from '#server/modules/users/service.ts';
import { addProduct, markPaid, ordersOfProduct, placeOrder, stockOf } from '../helpers/catalog.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server.ts';

const deleteUser = (server: TestServer, admin: SignedInCustomer, email: string) =>
  call(server, 'DELETE', `/api/users/${encodeURIComponent(email)}`, { token: admin.token });

for (const kind of testDatabaseKinds()) {
  describe(`deleting an account (R-ACCOUNT-DELETE, ${kind})`, () => {
    let server: TestServer;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      server = await startTestServer({ kind });
      admin = await signInAdmin(server);
    });
    afterAll(() => server?.stop());

    it("gives back the stock of the customer's unpaid orders and keeps their paid orders for the shop's books", async () => {
      const customer = await signUpCustomer(server);
      const laptop = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
      const router = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
      await placeOrder(server, customer, laptop._id, 3);
      await placeOrder(server, customer, router._id, 2);
      const paid = (await placeOrder(server, customer, laptop._id, 1)).body;
      await markPaid(server, paid._id);
      expect([await stockOf(server, laptop._id), await stockOf(server, router._id)]).toEqual([6, 8]);

      const deleted = await deleteUser(server, admin, customer.email);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ email: customer.email, role: 'user' });

      expect([await stockOf(server, laptop._id), await stockOf(server, router._id)]).toEqual([9, 10]);
      const kept = await server.db.select().from(orders).where(eq(orders.email, customer.email));
      expect(kept.map((order) => order.status).sort()).toEqual(['cancelled', 'cancelled', 'paid']);
      expect(kept.find((order) => order.paid)).toMatchObject({
        id: paid._id,
        quantity: 1,
        userId: null,
        userName: customer.name,
      });
      const books = await call(server, 'GET', '/api/allOrders', { token: admin.token });
      expect(books.body.map((order: { _id: string }) => order._id)).toContain(paid._id);
      const users = await call(server, 'GET', '/api/user', { token: admin.token });
      expect(users.body.map((user: { email: string }) => user.email)).not.toContain(customer.email);
      expect((await deleteUser(server, admin, customer.email)).status).toBe(404);
    });

    it("ends the deleted customer's access token at once: 401, not their orders", async () => {
      const customer = await signUpCustomer(server);
      expect((await call(server, 'GET', `/api/orders?email=${customer.email}`, { token: customer.token })).status).toBe(200);
      expect((await deleteUser(server, admin, customer.email)).status).toBe(200);
      const after = await call(server, 'GET', `/api/orders?email=${customer.email}`, { token: customer.token });
      expect(after.status).toBe(401);
    });

    it('never deletes the last admin', async () => {
      const refused = await deleteUser(server, admin, TEST_ADMIN.email);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: 'conflict', message: LAST_ADMIN_MESSAGE });
    });
  });
}

describe.skipIf(withoutPostgres())('deleting an account while its owner orders (race test, needs PostgreSQL)', () => {
  let server: TestServer;
  let races: RaceBarrier;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' });
    races = await RaceBarrier.on(server);
    admin = await signInAdmin(server);
  });
  afterAll(async () => {
    await races?.close();
    await server?.stop();
  });

  it('an order placed while the account is deleted is cancelled with it: all the stock comes back', async () => {
    const customer = await signUpCustomer(server);
    const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
    await placeOrder(server, customer, product._id, 1);
    const [ordered, deleted] = await races.overlap('order placed', 2, async () => {
      const ordering = placeOrder(server, customer, product._id, 2);
      // The order is about to commit when the deletion starts.
      await holdsWithin(5_000, async () => races.arrivals('order placed') === 1);
      return Promise.all([ordering, deleteUser(server, admin, customer.email)]);
    });
    expect(ordered.status).toBe(201);
    expect(deleted.status).toBe(200);
    expect((await ordersOfProduct(server, product._id)).map((order) => order.status)).toEqual(['cancelled', 'cancelled']);
    expect(await stockOf(server, product._id)).toBe(10);
  });

  it('an order placed while the account is being deleted waits, then is refused with 401, reserving nothing', async () => {
    const customer = await signUpCustomer(server);
    const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
    const [deleted, ordered] = await races.overlap('user deleted', 2, async () => {
      const deleting = deleteUser(server, admin, customer.email);
      // The deletion is about to commit when the order comes.
      await holdsWithin(5_000, async () => races.arrivals('user deleted') === 1);
      return Promise.all([deleting, placeOrder(server, customer, product._id, 2)]);
    });
    expect(deleted.status).toBe(200);
    expect(ordered.status).toBe(401);
    expect(ordered.body.error).toEqual({ code: 'unauthorized', message: ACCOUNT_GONE });
    expect(await stockOf(server, product._id)).toBe(10);
  });
});
