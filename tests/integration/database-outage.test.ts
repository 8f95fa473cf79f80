import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { MESSAGES } from '#shared/messages.ts';
import { addProduct } from '../helpers/catalog.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import {
  createPostgresCluster,
  freeClusterPort,
  ownClusterUnavailable,
  type PostgresCluster,
} from '../helpers/postgres-cluster.ts';
import { type ApiAnswer, call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server.ts';

const unavailable = ownClusterUnavailable();
if (unavailable && process.env.CI === 'true') throw new Error(`CI=true but the database-outage test cannot run: ${unavailable}`);
if (unavailable) console.warn(`database-outage test skipped: ${unavailable}`);

describe.skipIf(Boolean(unavailable))('the database goes down and comes back (R-OUTAGE, own PostgreSQL cluster)', () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  /** A second instance on the same database with the shop's tight sign-in limits (the first has relaxed ones). */
  let throttled: TestServer;
  let admin: SignedInCustomer;
  let customer: SignedInCustomer;
  let productId: string;

  beforeAll(async () => {
    cluster = await createPostgresCluster(await freeClusterPort(55_400));
    const handle = openDatabase({ kind: 'postgres', url: cluster.url });
    server = await startTestServer({
      kind: 'postgres',
      sharedDatabase: { handle, url: cluster.url, drop: () => handle.close() },
    });
    const throttledHandle = openDatabase({ kind: 'postgres', url: cluster.url });
    throttled = await startTestServer({
      kind: 'postgres',
      sharedDatabase: { handle: throttledHandle, url: cluster.url, drop: () => throttledHandle.close() },
      env: { SIGN_IN_FREE_ATTEMPTS: '2', SIGN_IN_ATTEMPTS_PER_ADDRESS: '3', SIGN_IN_ATTEMPTS_PER_ACCOUNT: '2' },
    });
    admin = await signInAdmin(server);
    customer = await signUpCustomer(server);
    productId = (await addProduct(server, admin, { availableQuantity: 20 }))._id;
  });
  // Three CI runs never finished this teardown: connections lost by transactions whose `begin` failed
  // (decision 175, now released; the last test checks). Each step stays bounded: past 30 s it prints what
  // the two pools and the cluster's connections were doing, and destroys the cluster, which cuts whatever the step waits on.
  afterAll(async () => {
    let destroyed = false;
    const late = Symbol('late');
    const within = (work: Promise<unknown>, ms: number) =>
      Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms, late).unref())]);
    // Straight to stderr: Vitest drops what a suite's last hook logs through console.
    const say = (text: string) => process.stderr.write(`database-outage teardown: ${text}\n`);
    const step = async (name: string, work: Promise<unknown>) => {
      if ((await within(work, 30_000)) !== late) return;
      say(
        `${name} still waiting after 30 s. ` +
          `Pools (open, idle, waiting): ${JSON.stringify([server?.database.handle.poolUse?.(), throttled?.database.handle.poolUse?.()])}. ` +
          `Cluster: ${await clusterActivity(cluster.url)}. Resources: ${process.getActiveResourcesInfo().join(', ')}`,
      );
      destroyed = true;
      await cluster.destroy();
      if ((await within(work, 30_000)) === late)
        say(`${name} still waiting 30 s after the cluster was destroyed; left to the worker's exit`);
    };
    await step('stopping the servers', Promise.all([server?.stop(), throttled?.stop()]));
    await step('closing the pools', Promise.all([server?.database.drop(), throttled?.database.drop()]));
    if (!destroyed) await cluster?.destroy();
  }, 150_000);

  const callsNeedingTheDatabase = () =>
    [
      call(server, 'POST', '/api/auth/sign-in/email', { body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } }),
      call(server, 'POST', '/api/auth/sign-up/email', {
        body: { name: 'Nadia Okafor', email: `outage-${Date.now()}@shop.test`, password: 'secret12' },
      }),
      call(server, 'POST', '/api/orders', { token: customer.token, body: { productId, quantity: 1 } }),
      call(server, 'GET', `/api/orders?email=${encodeURIComponent(customer.email)}`, { token: customer.token }),
      call(server, 'GET', '/api/allOrders', { token: admin.token }),
      call(server, 'GET', '/api/user', { token: admin.token }),
      call(server, 'GET', `/api/userInfo/${encodeURIComponent(customer.email)}`, { token: customer.token }),
      call(server, 'POST', '/api/review', {
        token: customer.token,
        body: { reviewPhoto: 'https://example.com/me.jpg', reviewRating: 5, reviewDescription: 'Quick and careful.' },
      }),
    ] as Promise<ApiAnswer>[];

  it('answers 503 service_unavailable with Retry-After on every call that needs it, then recovers by itself', async () => {
    await cluster.stop();
    const answers = await Promise.all(callsNeedingTheDatabase());
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.body).toEqual({ error: { code: 'service_unavailable', message: MESSAGES.shopUnavailable } });
    }
    expect((await call(server, 'GET', '/api/health')).status).toBe(503);

    await cluster.start();
    expect(
      await holdsWithin(20_000, async () => {
        const again = await Promise.all(callsNeedingTheDatabase());
        return again.every((answer) => answer.status < 500);
      }),
    ).toBe(true);
    const signedIn = await call(server, 'POST', '/api/auth/sign-in/email', {
      body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(signedIn.status).toBe(200);
    expect((await call(server, 'GET', '/api/health')).status).toBe(200);
  });
  it('sign-ins that ended in 503 are not held against anyone: the right password works once the database is back', async () => {
    const signInAsAdmin = () =>
      call(throttled, 'POST', '/api/auth/sign-in/email', { body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    await cluster.stop();
    const during = [];
    for (let attempt = 0; attempt < 6; attempt++) during.push((await signInAsAdmin()).status);
    expect(during).toEqual(Array(6).fill(503));

    await cluster.start();
    expect(await holdsWithin(20_000, async () => (await call(throttled, 'GET', '/api/health')).status === 200)).toBe(true);
    expect((await signInAsAdmin()).status).toBe(200);
  });

  it('a transaction open when the database goes away fails its next statement, and the process goes on', async () => {
    // The connection is checked out, between two statements: the pool no longer listens to it, and its
    // 'error' event, unheard, was an uncaught exception that ended the process (Vitest: "Unhandled Errors").
    const ended = server.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await cluster.stop();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(ended).rejects.toThrow();
    await cluster.start();
    expect(await holdsWithin(20_000, async () => (await call(server, 'GET', '/api/health')).status === 200)).toBe(true);
  });

  it('after the outages every connection each server checked out is back in its pool (decision 175)', async () => {
    // A transaction whose `begin` met a dead connection kept it checked out for good (drizzle-orm #6023):
    // the throttled server's pool held two in CI, and closing it waited for ever.
    const checkedOut = () =>
      [server, throttled].map((instance) => {
        const use = instance.database.handle.poolUse();
        return use ? use.open - use.idle : undefined;
      });
    expect(await holdsWithin(10_000, async () => checkedOut().every((count) => count === 0))).toBe(true);
  });
});

/** What each connection to the cluster is doing, for a teardown that waits too long. */
async function clusterActivity(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select application_name, state, wait_event_type, wait_event, left(query, 100) as query
         from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    return JSON.stringify(rows);
  } catch (error) {
    return `unreadable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}
