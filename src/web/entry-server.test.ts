import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/product.ts';
import type { Tracking } from '#shared/tracking.ts';
import { pageRoute, type ReadPublic, render, wholeText } from './entry-server.tsx';

const PRODUCT: Product = {
  _id: '3f7a4c2e-1b9d-4e8a-9c6f-2d5b8a1e7c40',
  name: 'Harbour Label Printer',
  price: 129,
  description: 'Thermal printer for shipping labels, 150 mm per second.',
  minQuantity: 1,
  maxQuantity: 5,
  availableQuantity: 4,
  picture: '/images/products/printer.svg',
  categoryId: null,
};

const page = async (url: string, read: ReadPublic) => {
  const rendered = await render({
    url,
    publicUrl: 'https://shop.example',
    shopName: 'Harbour Freight Co',
    currency: 'usd',
    timeZone: 'Asia/Dhaka',
    read,
  });
  return { ...rendered, head: wholeText(rendered.head), html: wholeText(rendered.html) };
};

describe('the server renderer', () => {
  it('renders a product with its head from the public read', async () => {
    // The product page also reads the categories (its breadcrumb) and the related products: both empty here.
    const rendered = await page(`/purchase/${PRODUCT._id}`, async (path) => ({
      status: 200,
      body: path === `/api/purchase/${PRODUCT._id}` ? PRODUCT : [],
      headers: {},
    }));
    expect(rendered.status).toBe(200);
    expect(rendered.html).toContain('Harbour Label Printer');
    expect(rendered.head).toContain('<title>Harbour Label Printer — Harbour Freight Co</title>');
    expect(rendered.head).toContain(`<link rel="canonical" href="https://shop.example/purchase/${PRODUCT._id}" />`);
    expect(rendered.head).toContain('"priceCurrency":"USD"');
  });

  it('answers 404 with the not-found state for a product the read does not know', async () => {
    const rendered = await page(`/purchase/${PRODUCT._id}`, async () => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'Product not found' } },
      headers: {},
    }));
    expect(rendered.status).toBe(404);
    expect(rendered.head).toContain('<meta name="robots" content="noindex" />');
    expect(rendered.state).toContain('"status":404');
    expect(rendered.html).toContain('id="main"');
    expect(rendered.html.slice(rendered.html.indexOf('id="main"'))).toContain('Product not found');
  });

  it('answers 503 with the "could not load" state when the read fails on the server, not a 404', async () => {
    const rendered = await page(`/purchase/${PRODUCT._id}`, async () => ({
      status: 503,
      body: { error: { code: 'internal', message: 'The database is not answering.' } },
      headers: {},
    }));
    expect(rendered.status).toBe(503);
    // React separates the text it joins with empty comments.
    expect(rendered.html.replaceAll('<!-- -->', '')).toContain('We could not load this product.');
  });
});

describe('a tracking page joined to its layout rendered once (decision 162)', () => {
  const tracking = (trackingCode: string, delivered: boolean): Tracking => ({
    trackingCode,
    status: delivered ? 'delivered' : 'in_transit',
    service: 'standard',
    origin: { district: { name: 'Dhaka', nameBn: 'ঢাকা' } },
    destination: { district: { name: 'Chattogram', nameBn: 'চট্টগ্রাম' } },
    recipient: { name: 'Rahima K.' },
    estimatedDelivery: { earliest: '2026-11-30', latest: '2026-12-01' },
    events: [
      { status: 'booked', message: 'Booked', at: '2026-11-28T04:00:00.000Z' },
      {
        status: delivered ? 'delivered' : 'in_transit',
        message: delivered ? 'Delivered' : 'On its way',
        hub: { name: 'Dhaka Central', nameBn: 'ঢাকা কেন্দ্রীয়' },
        at: '2026-11-29T09:30:00.000Z',
      },
    ],
    test: false,
  });
  const read =
    (known: Record<string, Tracking>): ReadPublic =>
    async (path) => {
      const found = known[path.split('/').at(-1)?.split('?')[0] ?? ''];
      return found
        ? { status: 200, body: found, headers: {} }
        : { status: 404, body: { error: { code: 'not_found', message: 'No parcel has this tracking code.' } }, headers: {} };
    };

  const requestFor = (url: string, known: Record<string, Tracking>) => ({
    url,
    publicUrl: 'https://shop.example',
    shopName: 'SwiftCargo',
    currency: 'bdt',
    timeZone: 'Asia/Dhaka',
    read: read(known),
  });

  it('is the whole page, byte for byte, for each parcel in both languages, the layout made once', async () => {
    const known = { SC7K2M9XQ4TR8: tracking('SC7K2M9XQ4TR8', false), SCAB12CD34EF5: tracking('SCAB12CD34EF5', true) };
    for (const url of [
      '/track/SC7K2M9XQ4TR8',
      '/track/SCAB12CD34EF5',
      '/bn/track/SC7K2M9XQ4TR8',
      '/bn/track/SCAB12CD34EF5',
      '/track/SCNOSUCHCODE1',
    ]) {
      const request = requestFor(url, known);
      const joined = await render(request);
      const whole = await render(request, false);
      expect(wholeText(joined.html)).toContain(url.split('/').at(-1));
      // The layout's stretches are the same in every page, the page's own never marked so (decision 189).
      expect(joined.html.filter((stretch) => stretch.fixed).length).toBeGreaterThan(1);
      expect(joined.html.filter((stretch) => !stretch.fixed).map((stretch) => stretch.text)).toContain(url.split('/').at(-1));
      // The page's state says when its answers were read, which differs between two renders.
      const unstamped = (page: typeof joined) => ({
        ...page,
        head: wholeText(page.head),
        html: wholeText(page.html),
        state: page.state.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, ''),
      });
      expect(unstamped(joined)).toEqual(unstamped(whole));
    }
    // Two parcels' pages share their fixed stretches, head and layout alike: each is compressed once.
    const fixedOf = async (url: string) => {
      const rendered = await render(requestFor(url, known));
      return [...rendered.head, ...rendered.html].filter((stretch) => stretch.fixed).map((stretch) => stretch.text);
    };
    const first = await fixedOf('/track/SC7K2M9XQ4TR8');
    expect(first.join('')).not.toContain('SC7K2M9XQ4TR8');
    expect(first.join('')).toContain('<title>');
    expect(await fixedOf('/track/SCAB12CD34EF5')).toEqual(first);
    // A code that names no parcel could be any word of the head: its head is not cut into fixed stretches.
    const notFound = await render(requestFor('/track/SwiftCargo', known));
    expect(notFound.status).toBe(404);
    expect(notFound.head.filter((stretch) => stretch.fixed)).toEqual([]);
  });

  it('says a test parcel is one in the page’s own part, in both languages; a real parcel’s page does not (R-SANDBOX)', async () => {
    const known = {
      SC7K2M9XQ4TR8: { ...tracking('SC7K2M9XQ4TR8', false), test: true },
      SCAB12CD34EF5: tracking('SCAB12CD34EF5', true),
    };
    const shown = async (url: string) => wholeText((await render(requestFor(url, known))).html);
    expect(await shown('/track/SC7K2M9XQ4TR8')).toMatch(/data-testid="test-parcel"[^>]*>Test parcel</);
    expect(await shown('/bn/track/SC7K2M9XQ4TR8')).toMatch(/data-testid="test-parcel"[^>]*>টেস্ট পার্সেল</);
    expect(await shown('/track/SCAB12CD34EF5')).not.toContain('test-parcel');
  });
});

describe('page patterns, as /metrics labels pages (R-METRICS)', () => {
  it('names each page by its route, in Bangla under /bn, and no page for an unknown address', () => {
    expect(pageRoute('/').pattern).toBe('/');
    expect(pageRoute(`/purchase/${PRODUCT._id}?ref=home`).pattern).toBe('/purchase/:id');
    expect(pageRoute('/blog/parcel-sizes').pattern).toBe('/blog/:slug');
    expect(pageRoute('/track/SC12345678').pattern).toBe('/track/:trackingCode');
    expect(pageRoute('/dashboard/manageOrders/42').pattern).toBe('/dashboard/manageOrders/:number');
    expect(pageRoute('/bn').pattern).toBe('/bn');
    expect(pageRoute('/bn/blog/parcel-sizes').pattern).toBe('/bn/blog/:slug');
    expect(pageRoute('/no/such/page').pattern).toBeUndefined();
    expect(pageRoute('/bn/no-such-page').pattern).toBeUndefined();
  });

  it('tells the pages drawn for their signed-in viewer from those kept for everyone (decision 184)', () => {
    expect(pageRoute('/dashboard/run').forViewer).toBe(true);
    expect(pageRoute('/bn/dashboard/run').forViewer).toBe(true);
    expect(pageRoute('/track/SC12345678').forViewer).toBe(false);
    expect(pageRoute('/no/such/page').forViewer).toBe(false);
  });
});
