import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '#server/db/notifications.ts';
import { products } from '#server/db/schema.ts';
import type { CataloguePage } from '#shared/catalogue.ts';
import type { Product } from '#shared/product.ts';
import type { Review } from '#shared/review.ts';
import { addProduct, placeOrder, publicView } from '../helpers/catalog.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server.ts';

const UNANNOUNCED = {
  name: 'Written Straight To The Database',
  priceCents: 1000,
  description: 'No instance announced this product.',
  minQuantity: 1,
  maxQuantity: 5,
  availableQuantity: 5,
  picture: 'https://example.com/unannounced.png',
};
const REVIEW = { reviewPhoto: 'https://example.com/me.jpg', reviewRating: 5, reviewDescription: 'Fast and careful.' };

describe.each(testDatabaseKinds())('public reads kept in memory on %s', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let customer: SignedInCustomer;
  const home = () => call<Product[]>(server, 'GET', '/api/home');
  const product = (id: string) => call<Product>(server, 'GET', `/api/purchase/${id}`);
  const testimonials = () => call<Review[]>(server, 'GET', '/api/review');

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    [admin, customer] = await Promise.all([signInAdmin(server), signUpCustomer(server)]);
  });
  afterAll(() => server?.stop());

  it('answer with a strong ETag, and 304 without a body to a client that holds it', async () => {
    for (const read of [home, testimonials]) {
      const first = await read();
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await read()).headers.get('etag')).toBe(etag);

      const path = read === home ? '/api/home' : '/api/review';
      const held = await fetch(`${server.url}${path}`, { headers: { 'if-none-match': `"other", W/${etag}` } });
      expect(held.status).toBe(304);
      expect(await held.text()).toBe('');
      expect(held.headers.get('etag')).toBe(etag);
      const stale = await fetch(`${server.url}${path}`, { headers: { 'if-none-match': '"an-older-list"' } });
      expect(stale.status).toBe(200);
    }
  });

  it('send the copy compressed once per change to clients that take it, as its own representation', async () => {
    const plain = await fetch(`${server.url}/api/home`, { headers: { 'accept-encoding': 'identity' } });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip, br;q=0', 'gzip'],
    ]) {
      const compressed = await fetch(`${server.url}/api/home`, { headers: { 'accept-encoding': accepted ?? '' } });
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(compressed.headers.get('etag')).toBe(`${plain.headers.get('etag')?.slice(0, -1)}-${encoding}"`);
      expect(await compressed.text()).toBe(text);
    }
  });

  it('let visitors’ browsers keep lists briefly, but make a signed-in browser ask every time', async () => {
    const visitor = await home();
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(visitor.headers.get('vary')).toBe('Accept-Encoding, Authorization, Cookie');
    expect((await call(server, 'GET', '/api/review', { cookie: customer.cookie })).headers.get('cache-control')).toBe(
      'private, no-cache',
    );
    const [first] = visitor.body;
    expect((await product(first?._id ?? '')).headers.get('cache-control')).toBe('no-cache');
  });

  it('show a product the moment an admin adds, edits or deletes it', async () => {
    const before = await home();
    const added = await addProduct(server, admin, { name: 'Relay Hub 8' });
    const after = await home();
    expect(after.body.at(-1)).toEqual(publicView(added));
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await product(added._id)).body).toEqual(publicView(added));

    const edited = await call<Product>(server, 'PUT', `/api/purchase/${added._id}`, {
      token: admin.token,
      body: { ...added, name: 'Relay Hub 16', price: '59.00' },
    });
    expect(edited.status).toBe(200);
    expect((await product(added._id)).body).toMatchObject({ name: 'Relay Hub 16', price: 59 });
    expect((await home()).body.at(-1)).toMatchObject({ name: 'Relay Hub 16' });

    expect((await call(server, 'DELETE', `/api/product/${added._id}`, { token: admin.token })).status).toBe(200);
    expect((await product(added._id)).status).toBe(404);
    expect((await home()).body.map(({ _id }) => _id)).not.toContain(added._id);
  });

  it('answer a URL asked again before routing, with the routed answer’s bytes and headers, until a write changes it', async () => {
    const beforeRouting: string[] = [];
    server.app.answersBeforeRouting.observe = (route) => beforeRouting.push(route);
    const added = await addProduct(server, admin, { name: 'Relay Hub 4' });
    const url = `${server.url}/api/purchase/${added._id}`;
    const ask = async (headers: Record<string, string> = {}) => {
      const answer = await fetch(url, { headers });
      // Each answer has its own date and names its own request.
      const headersSent = Object.fromEntries([...answer.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));
      return { status: answer.status, headers: headersSent, body: Buffer.from(await answer.arrayBuffer()) };
    };
    try {
      await ask();
      const routed = await ask({ 'accept-encoding': 'br' });
      expect(beforeRouting).toEqual([]);
      const again = await ask({ 'accept-encoding': 'br' });
      expect(beforeRouting).toEqual(['/api/purchase/:id']);
      expect(again).toEqual(routed);
      expect(again.headers['content-security-policy']).toContain("default-src 'self'");

      const held = await ask({ 'if-none-match': routed.headers.etag ?? '' });
      expect(held.status).toBe(304);
      expect(beforeRouting).toHaveLength(2);

      const restocked = await call<Product>(server, 'PUT', `/api/purchase/${added._id}`, {
        token: admin.token,
        body: { ...added, availableQuantity: 7 },
      });
      expect(restocked.status).toBe(200);
      const afterWrite = await ask();
      expect(beforeRouting).toHaveLength(2);
      expect(JSON.parse(afterWrite.body.toString())).toMatchObject({ availableQuantity: 7 });
    } finally {
      server.app.answersBeforeRouting.observe = undefined;
    }
  });

  it('show stock reserved by an order and given back by its cancel at once', async () => {
    const added = await addProduct(server, admin, { availableQuantity: 10 });
    expect((await product(added._id)).body.availableQuantity).toBe(10);
    expect((await home()).body.at(-1)?.availableQuantity).toBe(10);

    const order = await placeOrder(server, customer, added._id, 3);
    expect(order.status).toBe(201);
    expect((await product(added._id)).body.availableQuantity).toBe(7);
    expect((await home()).body.at(-1)?.availableQuantity).toBe(7);

    expect((await call(server, 'DELETE', `/api/removeItem/${order.body._id}`, { token: customer.token })).status).toBe(200);
    expect((await product(added._id)).body.availableQuantity).toBe(10);
    expect((await home()).body.at(-1)?.availableQuantity).toBe(10);
  });

  it('show a new review first at once', async () => {
    await testimonials();
    const posted = await call<Review>(server, 'POST', '/api/review', { token: customer.token, body: REVIEW });
    expect(posted.status).toBe(201);
    expect((await testimonials()).body[0]).toMatchObject({ _id: posted.body._id, reviewDescription: REVIEW.reviewDescription });
  });
});

describe.skipIf(withoutPostgres())('two instances on one PostgreSQL (LISTEN/NOTIFY)', () => {
  let a: TestServer;
  let b: TestServer;
  let admin: SignedInCustomer;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    a = await startTestServer({ kind: 'postgres', seed: true });
    b = await startTestServer({ kind: 'postgres', sharedDatabase: a.database });
    [admin, customer] = await Promise.all([signInAdmin(a), signUpCustomer(a)]);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  /** B answers twice before A's write, so its answer is surely the kept one when the write lands. */
  async function keptOnB(path: string) {
    await call(b, 'GET', path);
    return call(b, 'GET', path);
  }

  it('a product added on A shows on B within a second', async () => {
    const before = await keptOnB('/api/home');
    const added = await addProduct(a, admin, { name: 'Dock Scanner X' });
    expect(before.body.map(({ _id }: Product) => _id)).not.toContain(added._id);
    const shown = await holdsWithin(1_000, async () =>
      (await call<Product[]>(b, 'GET', '/api/home')).body.some(({ _id }) => _id === added._id),
    );
    expect(shown).toBe(true);
  });

  it('stock an order reserves on A shows on B within a second', async () => {
    const added = await addProduct(a, admin, { availableQuantity: 9 });
    expect((await keptOnB(`/api/purchase/${added._id}`)).body.availableQuantity).toBe(9);
    expect((await placeOrder(a, customer, added._id, 2)).status).toBe(201);
    const shown = await holdsWithin(
      1_000,
      async () => (await call<Product>(b, 'GET', `/api/purchase/${added._id}`)).body.availableQuantity === 7,
    );
    expect(shown).toBe(true);
  });

  it("B's catalogue search finds a product added on A, and shows the stock an order reserves on A, within a second", async () => {
    const search = (query: string) => call<CataloguePage>(b, 'GET', `/api/products?${query}`);
    // B has read its whole catalogue into memory (decision 35) before A's writes.
    await keptOnB('/api/products?q=quasar');
    const added = await addProduct(a, admin, { name: 'Quasar Sound Bridge', availableQuantity: 3 });
    const found = await holdsWithin(1_000, async () => (await search('q=quasr')).body.items.some(({ _id }) => _id === added._id));
    expect(found).toBe(true);
    const inStock = async () => (await search(`q=quasar&inStock=true&sort=name`)).body.items.some(({ _id }) => _id === added._id);
    expect(await inStock()).toBe(true);
    expect((await placeOrder(a, customer, added._id, 3)).status).toBe(201);
    expect(await holdsWithin(1_000, async () => !(await inStock()))).toBe(true);
  });

  it('B forgets what it kept when its listening connection drops, since changes may have gone unheard', async () => {
    await keptOnB('/api/home');
    await keptOnB('/api/products?q=straight');
    const listeners = async () =>
      (
        (await a.db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_NAME}`,
        )) as unknown as {
          rows: { pid: number }[];
        }
      ).rows.map(({ pid }) => pid);
    const cut = await listeners();
    // Two instances, each listening for changed answers and for ended sessions.
    expect(cut).toHaveLength(4);
    for (const pid of cut) await a.db.execute(sql`select pg_terminate_backend(${pid})`);
    expect(await holdsWithin(1_000, async () => (await listeners()).every((pid) => !cut.includes(pid)))).toBe(true);
    // A change nobody announces: what B would miss while it cannot hear.
    const [unheard] = await a.db
      .insert(products)
      .values({ ...UNANNOUNCED, ownerEmail: TEST_ADMIN.email, ownerName: 'Shop Admin' })
      .returning();
    const shown = await holdsWithin(1_000, async () =>
      (await call<Product[]>(b, 'GET', '/api/home')).body.some(({ _id }) => _id === unheard?.id),
    );
    expect(shown).toBe(true);
    // Hearing again, B reads its in-memory catalogue afresh: the unheard product is found by a search.
    const found = await holdsWithin(1_000, async () =>
      (await call<CataloguePage>(b, 'GET', '/api/products?q=straight%20to')).body.items.some(({ _id }) => _id === unheard?.id),
    );
    expect(found).toBe(true);
  });

  it('a review posted on A shows on B within a second', async () => {
    await keptOnB('/api/review');
    const posted = await call<Review>(a, 'POST', '/api/review', { token: customer.token, body: REVIEW });
    expect(posted.status).toBe(201);
    const shown = await holdsWithin(
      1_000,
      async () => (await call<Review[]>(b, 'GET', '/api/review')).body[0]?._id === posted.body._id,
    );
    expect(shown).toBe(true);
  });
});
