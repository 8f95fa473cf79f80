import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { holdAt } from '../helpers/held-race-point.ts';
import { call, type SignedInCustomer, signIn, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const redisUrl = process.env.REDIS_URL || undefined;

/** A call only a signed-in customer may make: their own orders. */
const myOrders = (server: TestServer, customer: SignedInCustomer, token = customer.token) =>
  call(server, 'GET', `/api/orders?email=${encodeURIComponent(customer.email)}`, { token });

describe.each(testDatabaseKinds())('access tokens end with their session on %s (R-SESSION-END)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  it('stops working at once after sign-out', async () => {
    const customer = await signUpCustomer(server);
    expect((await myOrders(server, customer)).status).toBe(200);
    expect((await call(server, 'POST', '/api/auth/sign-out', { cookie: customer.cookie, body: {} })).status).toBe(200);
    const refused = await myOrders(server, customer);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toEqual({ code: 'unauthorized', message: 'Your session has ended. Please sign in again.' });
  });

  it('stops working when the sign-out lands while a request is still reading its session', async () => {
    const customer = await signUpCustomer(server);
    const lookup = holdAt(server.db, 'session read');
    try {
      const readBefore = myOrders(server, customer);
      await lookup.reached;
      expect((await call(server, 'POST', '/api/auth/sign-out', { cookie: customer.cookie, body: {} })).status).toBe(200);
      lookup.release();
      // It read the session while it was open; what it read must not be kept for the next request.
      expect((await readBefore).status).toBe(200);
    } finally {
      lookup.release();
    }
    expect((await myOrders(server, customer)).status).toBe(401);
  });

  it('stops working in the other sessions after a password change that signs them out', async () => {
    const customer = await signUpCustomer(server, { password: 'before123' });
    const elsewhere = await signIn(server, customer.email, 'before123');
    expect((await myOrders(server, customer, elsewhere.token)).status).toBe(200);
    const changed = await call(server, 'POST', '/api/auth/change-password', {
      cookie: customer.cookie,
      body: { currentPassword: 'before123', newPassword: 'after1234', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    expect((await myOrders(server, customer, elsewhere.token)).status).toBe(401);
  });

  it('a deleted user’s token answers 401, not 500', async () => {
    const used = await signUpCustomer(server);
    const unused = await signUpCustomer(server);
    expect((await myOrders(server, used)).status).toBe(200);
    // Deleted through Better Auth (its hooks tell every instance) …
    const context = await server.app.auth.$context;
    const [usedRow] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, used.email));
    await context.internalAdapter.deleteUser(usedRow?.id ?? '');
    expect((await myOrders(server, used)).status).toBe(401);
    // … or straight in the database, sessions going with the user, and the instance told.
    const [unusedRow] = await server.db.delete(user).where(eq(user.email, unused.email)).returning({ id: user.id });
    server.app.liveSessions.usersEnded([unusedRow?.id ?? '']);
    expect((await myOrders(server, unused)).status).toBe(401);
    const review = { reviewPhoto: 'https://photos.example.com/me.jpg', reviewRating: 5, reviewDescription: 'Good.' };
    expect((await call(server, 'POST', '/api/review', { token: unused.token, body: review })).status).toBe(401);
  });
});

describe.skipIf(withoutPostgres() || !redisUrl)('an ended session ends on every instance (needs PostgreSQL)', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ kind: 'postgres', env: { REDIS_URL: redisUrl ?? '' } });
    // One shop behind one address: B accepts the tokens A issues.
    b = await startTestServer({
      kind: 'postgres',
      env: { REDIS_URL: redisUrl ?? '', PUBLIC_URL: a.url },
      sharedDatabase: a.database,
    });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('signing out on A stops the token on B, which had it in memory', async () => {
    const customer = await signUpCustomer(a);
    expect((await myOrders(b, customer)).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/sign-out', { cookie: customer.cookie, body: {} })).status).toBe(200);
    expect(await holdsWithin(2_000, async () => (await myOrders(b, customer)).status === 401)).toBe(true);
  });
});
