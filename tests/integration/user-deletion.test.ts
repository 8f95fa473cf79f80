import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { ACCOUNT_GONE } from '#server/modules/orders/service.ts';
import { LAST_ADMIN_MESSAGE } from '#server/modules/users/service.ts';
import { MESSAGES } from '#shared/messages.ts';
import { addProduct, markPaid, ordersOfProduct, placeOrder, stockOf } from '../helpers/catalog.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { RaceBarrier } from '../helpers/race-barrier.ts';
import { call, type SignedInCustomer, signIn, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server.ts';

const deleteUser = (server: TestServer, admin: SignedInCustomer, email: string) =>
  call(server, 'DELETE', `/api/users/${encodeURIComponent(email)}`, { token: admin.token });

/** Settings' "Delete my account": the customer confirms with the email they typed. */
const deleteOwnAccount = (server: TestServer, customer: SignedInCustomer, typedEmail: string) =>
  call(server, 'DELETE', '/api/user', { token: customer.token, body: { email: typedEmail } });

const ordersWithIds = (server: TestServer, ids: string[]) =>
  server.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.createdAt);

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
      const unpaidLaptops = (await placeOrder(server, customer, laptop._id, 3)).body;
      const unpaidRouters = (await placeOrder(server, customer, router._id, 2)).body;
      const paid = (await placeOrder(server, customer, laptop._id, 1)).body;
      await markPaid(server, paid._id);
      expect([await stockOf(server, laptop._id), await stockOf(server, router._id)]).toEqual([6, 8]);

      const deleted = await deleteUser(server, admin, customer.email);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ email: customer.email, role: 'user' });

      expect([await stockOf(server, laptop._id), await stockOf(server, router._id)]).toEqual([9, 10]);
      // Every order stays for the books, the unpaid ones cancelled (R-ORDER-STATUS), none with the customer's name or email.
      const kept = await ordersWithIds(server, [unpaidLaptops._id, unpaidRouters._id, paid._id]);
      expect(kept.map((order) => order.status)).toEqual(['cancelled', 'cancelled', 'paid']);
      for (const order of kept) expect(order).toMatchObject({ userId: null, email: '', userName: '' });
      expect(await server.db.select().from(orders).where(eq(orders.email, customer.email))).toEqual([]);
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

  describe(`deleting your own account in Settings (R-ACCOUNT-DELETE, ${kind})`, () => {
    let server: TestServer;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      server = await startTestServer({ kind });
      admin = await signInAdmin(server);
    });
    afterAll(() => server?.stop());

    it("cancels the customer's unpaid orders with their stock back, keeps the paid ones without name and email, and leaves others alone", async () => {
      const customer = await signUpCustomer(server);
      const neighbour = await signUpCustomer(server);
      const laptop = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
      const unpaid = (await placeOrder(server, customer, laptop._id, 3)).body;
      const paid = (await placeOrder(server, customer, laptop._id, 2)).body;
      await markPaid(server, paid._id, 'pi_kept');
      const neighbourUnpaid = (await placeOrder(server, neighbour, laptop._id, 1)).body;
      const neighbourPaid = (await placeOrder(server, neighbour, laptop._id, 4)).body;
      await markPaid(server, neighbourPaid._id, 'pi_neighbour');
      expect(await stockOf(server, laptop._id)).toBe(0);

      const deleted = await deleteOwnAccount(server, customer, ` ${customer.email.toUpperCase()} `);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ email: customer.email, name: customer.name, role: 'user' });

      expect(await stockOf(server, laptop._id)).toBe(3);
      const [cancelled] = await ordersWithIds(server, [unpaid._id]);
      expect(cancelled).toMatchObject({ status: 'cancelled', userId: null, email: '', userName: '' });
      const [kept] = await ordersWithIds(server, [paid._id]);
      expect(kept).toMatchObject({ paid: true, quantity: 2, transactionId: 'pi_kept', userId: null, email: '', userName: '' });
      const books = await call(server, 'GET', '/api/allOrders', { token: admin.token });
      expect(books.body.map((order: { _id: string }) => order._id)).toContain(paid._id);

      const others = await ordersWithIds(server, [neighbourUnpaid._id, neighbourPaid._id]);
      expect(others.map(({ email, userName, paid: isPaid, quantity }) => ({ email, userName, paid: isPaid, quantity }))).toEqual([
        { email: neighbour.email, userName: neighbour.name, paid: false, quantity: 1 },
        { email: neighbour.email, userName: neighbour.name, paid: true, quantity: 4 },
      ]);
      const theirs = await call(server, 'GET', `/api/orders?email=${neighbour.email}`, { token: neighbour.token });
      expect(theirs.status).toBe(200);
      expect(theirs.body).toHaveLength(2);

      // The session and token end with the account, and the password no longer signs in.
      expect((await call(server, 'GET', `/api/orders?email=${customer.email}`, { token: customer.token })).status).toBe(401);
      expect((await call(server, 'GET', '/api/auth/get-session', { cookie: customer.cookie })).body).toBeNull();
      await expect(signIn(server, customer.email, 'secret123')).rejects.toThrow(/sign-in/);
    });

    it('refuses another email than your own, changing nothing', async () => {
      const customer = await signUpCustomer(server);
      const neighbour = await signUpCustomer(server);
      const product = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
      const order = (await placeOrder(server, customer, product._id, 2)).body;

      for (const typed of [neighbour.email, 'not-an-email']) {
        const refused = await deleteOwnAccount(server, customer, typed);
        expect(refused.status).toBe(400);
      }
      const refused = await deleteOwnAccount(server, customer, neighbour.email);
      expect(refused.body.error).toMatchObject({ code: 'bad_request', message: MESSAGES.deletionEmailMismatch });

      expect(await stockOf(server, product._id)).toBe(8);
      expect(await ordersWithIds(server, [order._id])).toMatchObject([{ email: customer.email, paid: false }]);
      expect((await call(server, 'GET', `/api/orders?email=${neighbour.email}`, { token: neighbour.token })).status).toBe(200);
      await signIn(server, customer.email, 'secret123');
      await signIn(server, neighbour.email, 'secret123');
    });

    it('refuses the last admin, and lets an admin go once another one exists', async () => {
      const refused = await deleteOwnAccount(server, admin, admin.email);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: 'conflict', message: MESSAGES.lastAdminSelfDeletion });
      expect((await call(server, 'GET', '/api/user', { token: admin.token })).status).toBe(200);

      const second = await signUpCustomer(server);
      expect(
        (await call(server, 'PUT', `/api/user/admin/${encodeURIComponent(second.email)}`, { token: admin.token })).status,
      ).toBe(200);
      expect((await deleteOwnAccount(server, second, second.email)).status).toBe(200);
      const users = await call(server, 'GET', '/api/user', { token: admin.token });
      expect(users.body.map((user: { email: string }) => user.email)).not.toContain(second.email);
    });

    it('needs a signed-in customer', async () => {
      const anonymous = await call(server, 'DELETE', '/api/user', { body: { email: admin.email } });
      expect(anonymous.status).toBe(401);
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
