import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../helpers/catalog.ts';
import { call, signInAdmin } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** robots.txt and sitemap.xml (R-SEO), generated from the database. */
describe('crawler files', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  });
  afterAll(() => server?.stop());

  const sitemapEntries = async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    // Each page in both languages, each naming its addresses in both (R-LANGUAGES).
    return [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>(?:<xhtml:link [^>]+\/>){2}<\/url>/g)].map(
      ([, loc, lastmod]) => ({
        loc: loc ?? '',
        lastmod: lastmod ?? '',
      }),
    );
  };

  it('robots.txt keeps crawlers out of the dashboard and the API and names the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('User-agent: *');
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
    expect(text).toMatch(/^Disallow: \/api$/m);
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('the sitemap lists every public page, article and product with its last change, and follows the catalogue', async () => {
    const entries = await sitemapEntries();
    const locations = entries.map((entry) => entry.loc);
    for (const path of ['/', '/blog', '/about', '/ship', '/login', '/blog/packing-electronics-for-shipping']) {
      expect(locations).toContain(`${server.url}${path}`);
    }
    expect(entries.find((entry) => entry.loc.endsWith('/blog/packing-electronics-for-shipping'))?.lastmod).toMatch(/^2026-10-09/);
    for (const entry of entries) expect(Number.isNaN(Date.parse(entry.lastmod)), entry.loc).toBe(false);
    const products = (await call<{ _id: string }[]>(server, 'GET', '/api/home')).body;
    for (const product of products) expect(locations).toContain(`${server.url}/purchase/${product._id}`);
    expect(locations.some((location) => location.includes('/dashboard'))).toBe(false);

    const admin = await signInAdmin(server);
    const added = await addProduct(server, admin, { name: 'Sitemap Newcomer' });
    const after = await sitemapEntries();
    const entry = after.find((candidate) => candidate.loc === `${server.url}/purchase/${added._id}`);
    expect(entry).toBeDefined();
    expect(Date.now() - Date.parse(entry?.lastmod ?? '')).toBeLessThan(60_000);
    await call(server, 'DELETE', `/api/product/${added._id}`, { token: admin.token });
    expect((await sitemapEntries()).map((candidate) => candidate.loc)).not.toContain(`${server.url}/purchase/${added._id}`);
  });

  it('lists the catalogue and each category’s shelf of it; an edited product’s page changes its date at once', async () => {
    const admin = await signInAdmin(server);
    const categories = (await call<{ _id: string; name: string }[]>(server, 'GET', '/api/categories')).body;
    expect(categories.length).toBeGreaterThanOrEqual(4);
    const locations = (await sitemapEntries()).map((entry) => entry.loc);
    expect(locations).toContain(`${server.url}/products`);
    for (const category of categories) expect(locations).toContain(`${server.url}/products?category=${category._id}`);

    const product = await addProduct(server, admin, { name: 'Sitemap Restock' });
    const before = (await sitemapEntries()).find((entry) => entry.loc.endsWith(product._id))?.lastmod ?? '';
    await new Promise((resolve) => setTimeout(resolve, 20));
    const edited = await call(server, 'PUT', `/api/purchase/${product._id}`, {
      token: admin.token,
      body: { ...product, price: String(product.price), availableQuantity: 99 },
    });
    expect(edited.status).toBe(200);
    const after = (await sitemapEntries()).find((entry) => entry.loc.endsWith(product._id))?.lastmod ?? '';
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });
});
