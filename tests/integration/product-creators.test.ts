import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, Product } from '#shared/product.ts';
import { addProduct } from '../helpers/catalog.ts';
import { call, type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server.ts';

/** Who added a product is the shop's business, not its visitors' (decision 46). */
describe("a product's creator", () => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let added: AdminProduct;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    admin = await signInAdmin(server);
    added = await addProduct(server, admin, { name: 'Creator Check Router' });
  });
  afterAll(() => server?.stop());

  /** Every public answer that shows products: the API's reads, the pages rendered from them, the sitemap. */
  const publicPaths = () => [
    '/api/home',
    '/api/products',
    '/api/products?q=router&sort=name',
    `/api/purchase/${added._id}`,
    '/',
    '/products',
    '/products?q=router',
    `/purchase/${added._id}`,
    '/sitemap.xml',
  ];

  it('is in no public answer or page, whether made afresh, kept in memory or compressed', async () => {
    for (const path of publicPaths()) {
      // The first request makes the answer, the second is the kept one; the last is its uncompressed bytes.
      for (const headers of [{}, {}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
        const response = await fetch(`${server.url}${path}`, { headers });
        expect(response.status, path).toBe(200);
        const body = await response.text();
        expect(body, path).toContain(path === '/sitemap.xml' ? added._id : 'Router');
        expect(body, path).not.toContain(TEST_ADMIN.email);
        expect(body, path).not.toContain(admin.name);
      }
    }
  });

  it('is not in the public answers an admin reads either: they are kept once for everyone', async () => {
    for (const path of ['/api/home', `/api/purchase/${added._id}`, '/api/products', `/purchase/${added._id}`]) {
      const { status, body } = await call(server, 'GET', path, { token: admin.token, cookie: admin.cookie });
      expect(status, path).toBe(200);
      expect(JSON.stringify(body), path).not.toContain(TEST_ADMIN.email);
    }
    const product = (await call<Product>(server, 'GET', `/api/purchase/${added._id}`)).body;
    expect(Object.keys(product)).not.toContain('email');
    expect(Object.keys(product)).not.toContain('userName');
  });

  it("is in the admin's own answers: adding, editing and deleting a product", async () => {
    const creator = { email: TEST_ADMIN.email, userName: admin.name };
    expect(added).toMatchObject(creator);
    const { _id, email: _email, userName: _userName, ...fields } = added;
    const edited = await call<AdminProduct>(server, 'PUT', `/api/purchase/${_id}`, {
      token: admin.token,
      body: { ...fields, price: '55.00' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ ...creator, price: 55 });
    const deleted = await call<AdminProduct>(server, 'DELETE', `/api/product/${_id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject(creator);
  });
});
