import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatShopPrice } from '#shared/locale-format.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Product } from '#shared/product.ts';
import type { Review } from '#shared/review.ts';
import { addProduct } from '../helpers/catalog.ts';
import { call, type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** What a crawler or a phone gets before any JavaScript runs (R-SSR, R-SEO). */
describe('server-rendered pages', () => {
  let server: TestServer;
  let admin: SignedInCustomer;

  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, html: await response.text() };
  };
  /** The JSON-LD objects of a page. */
  const structuredData = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
    );
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));
  /** Text as a page shows it: React escapes quotes and ampersands. */
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { CURRENCY: 'eur' } });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  it('the home page has the first slide, the products with their prices, and the testimonials in its HTML', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(html).toContain('Our Dream Laptop');
    expect(html).toContain('OUR PRODUCTS');
    const products = (await call<Product[]>(server, 'GET', '/api/home')).body;
    const newest = products.at(-1);
    expect(newest).toBeDefined();
    expect(html).toContain(`href="/purchase/${newest?._id}"`);
    // Prices in the shop's currency (CURRENCY=eur here; R-LANGUAGES): the spec's "$ …" is the dollar shop's.
    expect(html).toContain(`Price : ${formatShopPrice(newest?.price ?? 0, 'eur', 'en')}`);
    const [latest] = (await call<Review[]>(server, 'GET', '/api/review')).body;
    expect(html).toContain(escaped(latest?.reviewDescription ?? 'no review'));
    // What the site is, not its name alone (issue 42).
    expect(head(html)).toContain('<title>SwiftCargo — parcels across Bangladesh and tech for your shop</title>');
    expect(structuredData(html)).toContainEqual(expect.objectContaining({ '@type': 'Organization', name: 'SwiftCargo' }));
  });

  it('every public page has its own title, description and canonical address from PUBLIC_URL', async () => {
    const descriptions = new Set<string>();
    for (const [path, title] of [
      ['/', 'SwiftCargo — parcels across Bangladesh and tech for your shop'],
      ['/blog', 'Blog — SwiftCargo'],
      ['/blog/packing-electronics-for-shipping', 'How to pack electronics so they arrive in one piece — SwiftCargo'],
      ['/about', 'About — SwiftCargo'],
      ['/login', 'Login — SwiftCargo'],
      ['/products', 'Products — SwiftCargo'],
    ] as const) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      const top = head(html);
      expect(top, path).toContain(`<title>${title}</title>`);
      expect(top.match(/<title>/g), path).toHaveLength(1);
      expect(top, path).toContain(`<link rel="canonical" href="${server.url}${path}" />`);
      expect(top, path).toContain(`<meta property="og:url" content="${server.url}${path}" />`);
      expect(top, path).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/images\//);
      expect(top, path).toContain('<meta name="twitter:card" content="summary_large_image" />');
      const description = top.match(/<meta name="description" content="([^"]+)"/)?.[1];
      expect(description, path).toBeDefined();
      descriptions.add(description ?? '');
    }
    expect(descriptions.size).toBe(6);
  });

  it('no page carries a script the CSP would refuse: every script is a file of ours or data (R-HEADERS)', async () => {
    const product = (await call<Product[]>(server, 'GET', '/api/home')).body[0];
    for (const path of [
      '/',
      '/blog',
      '/blog/packing-electronics-for-shipping',
      '/about',
      '/login',
      '/products',
      `/purchase/${product?._id}`,
    ]) {
      const { html } = await page(path);
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1] ?? '');
      const executableInline = scripts.filter((attributes) => !/\ssrc=|type="application\/(ld\+)?json"/.test(attributes));
      expect(executableInline, path).toEqual([]);
    }
  });

  it('an article has its text and a BlogPosting', async () => {
    const { html } = await page('/blog/packing-electronics-for-shipping');
    expect(html).toContain('Start with the right box.');
    expect(structuredData(html)).toContainEqual(
      expect.objectContaining({
        '@type': 'BlogPosting',
        headline: 'How to pack electronics so they arrive in one piece',
        datePublished: '2026-10-09',
      }),
    );
  });

  it('a product page has its name, price, stock, description and picture, and a Product with its offer', async () => {
    const product = await addProduct(server, admin, { name: 'Rendered Rugged Tablet', price: '310.00', availableQuantity: 7 });
    const { status, html } = await page(`/purchase/${product._id}`);
    expect(status).toBe(200);
    expect(html).toContain('Rendered Rugged Tablet');
    expect(html).toContain('€310.00');
    expect(html).toMatch(/data-testid="available-quantity">7</);
    expect(html).toContain(product.description);
    expect(html).toContain(`src="${product.picture}"`);
    expect(head(html)).toContain('<title>Rendered Rugged Tablet — SwiftCargo</title>');
    expect(structuredData(html)).toContainEqual(
      expect.objectContaining({
        '@type': 'Product',
        name: 'Rendered Rugged Tablet',
        offers: expect.objectContaining({ price: '310.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }),
      }),
    );

    await call(server, 'PUT', `/api/purchase/${product._id}`, {
      token: admin.token,
      body: { ...product, price: '310.00', availableQuantity: 0 },
    });
    const soldOut = await page(`/purchase/${product._id}`);
    expect(structuredData(soldOut.html)).toContainEqual(
      expect.objectContaining({ offers: expect.objectContaining({ availability: 'https://schema.org/OutOfStock' }) }),
    );
  });

  it('a product an admin adds is on the next home page, and one deleted answers 404', async () => {
    const product = await addProduct(server, admin, { name: 'Freshly Added Dock' });
    expect((await page('/')).html).toContain('Freshly Added Dock');
    const deleted = await call(server, 'DELETE', `/api/product/${product._id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await page('/')).html).not.toContain('Freshly Added Dock');
    const gone = await page(`/purchase/${product._id}`);
    expect(gone.status).toBe(404);
    expect(gone.html).toContain('Product not found');
    expect(head(gone.html)).toContain('<meta name="robots" content="noindex" />');
  });

  it('a page asked again is sent as it was rendered, compressed once, before routing, and revalidated by its ETag', async () => {
    const beforeRouting: string[] = [];
    server.app.answersBeforeRouting.observe = (route) => beforeRouting.push(route);
    // A URL no other test asks for, so that its first request is routed.
    const url = `${server.url}/about?campaign=kept-page`;
    try {
      const first = await fetch(url);
      const rendered = await first.text();
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]+"$/);
      const compressed = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      expect(compressed.headers.get('content-encoding')).toBe('br');
      const again = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      expect(beforeRouting).toEqual(['/about']); // counted under its page's route (R-METRICS)
      expect(again.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(again.headers.get('cache-control')).toBe('no-cache');
      expect(await again.text()).toBe(rendered);
      const held = await fetch(url, { headers: { 'if-none-match': etag } });
      expect(held.status).toBe(304);
    } finally {
      server.app.answersBeforeRouting.observe = undefined;
    }
  });

  it('the built renderer says nothing on standard error for an English page that names a service (issue 40)', () => {
    // A service's name is a shared text whose English is its own id: left uncompiled in the built
    // renderer, Lingui printed a seven-line warning for every English tracking page, on every miss.
    const tracked = {
      trackingCode: 'SC05AHDVS9W01',
      status: 'delivered',
      service: 'standard',
      origin: { district: { name: 'Lalmonirhat', nameBn: 'লালমনিরহাট' } },
      destination: { district: { name: 'Dhaka', nameBn: 'ঢাকা' } },
      recipient: { name: 'Fatema C.' },
      estimatedDelivery: { earliest: '2026-09-04', latest: '2026-09-06' },
      events: [
        { status: 'booked', message: 'Booked by the sender.', at: '2026-08-31T20:00:20.556Z' },
        { status: 'picked_up', message: 'Picked up from the sender.', at: '2026-09-01T00:56:17.601Z' },
        {
          status: 'at_hub',
          message: 'Arrived at Rangpur hub.',
          hub: { name: 'Rangpur hub', nameBn: 'রংপুর হাব' },
          at: '2026-09-01T03:56:17.601Z',
        },
      ],
    };
    const renderer = pathToFileURL(join(process.cwd(), 'dist/web-server/entry-server.js')).href;
    const script = `const { render, wholeText } = await import(${JSON.stringify(renderer)});
      const body = JSON.parse(process.env.TRACKED);
      const page = await render({ url: '/track/' + body.trackingCode, publicUrl: 'http://shop.example', shopName: 'SwiftCargo',
        currency: 'BDT', timeZone: 'Asia/Dhaka', read: async () => ({ status: 200, body, headers: {} }) });
      if (!wholeText(page.html).includes('Standard')) throw new Error('the page does not name its service');`;
    const rendered = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, NODE_ENV: 'production', TRACKED: JSON.stringify(tracked) },
      encoding: 'utf8',
    });
    expect(rendered.stderr).toBe('');
    expect(rendered.status).toBe(0);
  });

  it('an unknown page and an unknown article answer 404 with their not-found page', async () => {
    const unknown = await page('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain(MESSAGES.pageNotFound);
    expect(unknown.html).toContain('Back to Home');
    const article = await page('/blog/no-such-article');
    expect(article.status).toBe(404);
    expect(article.html).toContain('Article not found');
  });

  it('signed-in pages answer a shell that the browser fills in, kept out of search results', async () => {
    const { status, html } = await page('/dashboard/orders');
    expect(status).toBe(200);
    expect(html).toContain('Checking your session');
    expect(head(html)).toContain('<meta name="robots" content="noindex" />');
  });

  it('the page carries the answers it was rendered with, for the browser to start from', async () => {
    const { html } = await page('/');
    const state = JSON.parse(html.match(/<script type="application\/json" id="page-state">(.*?)<\/script>/)?.[1] ?? '{}') as {
      queries: { queries: { queryKey: unknown[] }[] };
    };
    // The first testimonials page, three reviews, with the total of every page (R-TESTIMONIALS, R-BOUNDS).
    expect(state.queries.queries.map((query) => query.queryKey)).toEqual([['products'], ['reviews', 1, 3]]);
  });

  it('the catalogue has the products its address asks for in its HTML, with the filters set as asked', async () => {
    const cheap = await addProduct(server, admin, {
      name: 'Rendered Budget Mouse',
      price: '9.50',
      description: 'A mouse for the search.',
    });
    const { status, html } = await page('/products?q=budget%20mose&sort=price-asc');
    expect(status).toBe(200);
    expect(head(html)).toContain('<title>Products — SwiftCargo</title>');
    expect(head(html)).toContain(`<link rel="canonical" href="${server.url}/products" />`);
    expect(html).toContain(`href="/purchase/${cheap._id}"`);
    expect(html).toContain('Rendered Budget Mouse');
    expect(html).toContain('value="budget mose"');
    expect(html).toMatch(/<option value="price-asc" selected="">/);
    // The demo products do not match this search, so they are not in the page.
    expect(html).not.toContain('MeshLink Wi-Fi 7 Tri-Band Mesh Router');
    const all = await page('/products');
    expect(all.html).toContain('MeshLink Wi-Fi 7 Tri-Band Mesh Router');
    expect(all.html).toMatch(/<option value="[0-9a-f-]{36}">Networking<\/option>/);
    const state = JSON.parse(all.html.match(/<script type="application\/json" id="page-state">(.*?)<\/script>/)?.[1] ?? '{}') as {
      queries: { queries: { queryKey: unknown[] }[] };
    };
    const keys = state.queries.queries.map((query) => query.queryKey);
    expect(keys).toHaveLength(2);
    expect(keys).toEqual(expect.arrayContaining([['products', 'catalogue', ''], ['categories']]));
  });
});
