import { AxeBuilder } from '@axe-core/playwright';
import { IDLE_PART_ATTRIBUTE } from '#web/early-input.ts';
import { ARTICLES } from '#web/features/marketing/blog/articles.ts';
import { DELIVERY, markPaid, placeOrder } from '../helpers/catalog.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

type Visitor = 'anonymous' | 'customer' | 'admin';

interface Route {
  /** The route as R-ROUTES' table names it. */
  name: string;
  visitor: Visitor;
  path: (server: TestServer, who?: SignedInCustomer) => Promise<string>;
  /** The window's width, when the page is checked at several. */
  width?: number;
  /** What is done on the page before the scan (a dialog opened). */
  act?: (page: Page) => Promise<void>;
}

async function firstProduct(server: TestServer): Promise<{ _id: string; minQuantity: number }> {
  const products = (await call<{ _id: string; minQuantity: number }[]>(server, 'GET', '/api/home')).body;
  const product = products[0];
  if (!product) throw new Error('the demo catalogue is empty');
  return product;
}

const fixed = (path: string) => async () => path;

/** Orders of `who` in several statuses (R-ORDER-STATUS): paid with no address, shipped with its tracking and address, cancelled. */
async function ordersInEveryStatus(server: TestServer, who: SignedInCustomer): Promise<{ paid: string; shipped: string }> {
  const admin = await signInAdmin(server);
  const product = await firstProduct(server);
  const placed = [];
  for (let index = 0; index < 3; index++) {
    // The one to ship has a delivery address; the paid one has none, so its page offers to add it (R-ORDER-ADDRESS).
    const more = index === 1 ? { shippingAddress: DELIVERY } : {};
    const order = await placeOrder(server, who, product._id, product.minQuantity, more);
    if (order.status !== 201) throw new Error(`order: ${order.status} ${JSON.stringify(order.body)}`);
    placed.push(order.body as { _id: string; number: string });
  }
  const [paid, shipped, cancelled] = placed;
  if (!paid || !shipped || !cancelled) throw new Error('three orders were placed');
  for (const order of [paid, shipped]) await markPaid(server, order._id);
  const shipping = await call(server, 'PATCH', `/api/admin/orders/${shipped._id}`, {
    token: admin.token,
    body: { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0146000044' },
  });
  if (shipping.status !== 200) throw new Error(`shipping: ${shipping.status} ${JSON.stringify(shipping.body)}`);
  await call(server, 'DELETE', `/api/removeItem/${cancelled._id}`, { token: who.token });
  return { paid: paid.number, shipped: shipped.number };
}

/** Every route of R-ROUTES' table (and the blog articles, and our own pages), as the visitor who may see it. */
const ROUTES: Route[] = [
  { name: '/', visitor: 'anonymous', path: fixed('/') },
  { name: '/blog', visitor: 'anonymous', path: fixed('/blog') },
  { name: '/blog/{slug}', visitor: 'anonymous', path: fixed(`/blog/${ARTICLES[0]?.slug}`) },
  { name: '/about', visitor: 'anonymous', path: fixed('/about') },
  { name: '/login', visitor: 'anonymous', path: fixed('/login') },
  { name: '/signup', visitor: 'anonymous', path: fixed('/signup') },
  { name: 'any other path (404)', visitor: 'anonymous', path: fixed('/no/such/page') },
  { name: '/products', visitor: 'anonymous', path: fixed('/products?sort=price-asc') },
  { name: '/products with nothing found', visitor: 'anonymous', path: fixed('/products?q=refrigerator') },
  { name: '/cart, empty', visitor: 'anonymous', path: fixed('/cart') },
  // The parcels' prices, with a refused area and a service that cannot take the parcel, in both languages (issue 28).
  ...[375, 768, 1280].flatMap((width): Route[] => [
    {
      name: `/ship with prices at ${width} px`,
      visitor: 'anonymous',
      width,
      path: fixed('/ship?from=Gulshan%2C+Dhaka&to=Sylhet+Sadar%2C+Sylhet&weight=12&cod=1500'),
    },
    {
      name: `/bn/ship with prices at ${width} px`,
      visitor: 'anonymous',
      width,
      path: fixed('/bn/ship?from=Gulshan%2C+Dhaka&to=Sylhet+Sadar%2C+Sylhet&weight=12&cod=1500'),
    },
  ]),
  { name: '/ship with a refused area', visitor: 'anonymous', path: fixed('/ship?from=Atlantis&to=Savar&weight=1') },
  {
    name: '/cart with a line whose price changed',
    visitor: 'customer',
    path: async (server, who) => {
      const product = await firstProduct(server);
      const items = [{ productId: product._id, quantity: 1, seenPrice: 0.5 }];
      const added = await call(server, 'POST', '/api/cart/items', { token: who?.token, body: { items } });
      if (added.status !== 200) throw new Error(`cart: ${added.status} ${JSON.stringify(added.body)}`);
      return '/cart';
    },
  },
  // The checkout's delivery details with two products in the cart, on a phone, a tablet and a desktop (R-CHECKOUT).
  ...[375, 768, 1280].map(
    (width): Route => ({
      name: `/checkout at ${width} px`,
      visitor: 'customer',
      width,
      path: async (server, who) => {
        const products = (await call<{ _id: string }[]>(server, 'GET', '/api/home')).body.slice(0, 2);
        const items = products.map((product) => ({ productId: product._id, quantity: 1 }));
        const added = await call(server, 'POST', '/api/cart/items', { token: who?.token, body: { items } });
        if (added.status !== 200) throw new Error(`cart: ${added.status} ${JSON.stringify(added.body)}`);
        return '/checkout';
      },
    }),
  ),
  { name: '/purchase/{id}', visitor: 'customer', path: async (server) => `/purchase/${(await firstProduct(server))._id}` },
  // The product page a visitor lands on, with its breadcrumb and related products, on a phone, a tablet and a desktop (R-PRODUCT-PAGE).
  ...[375, 768, 1280].map(
    (width): Route => ({
      name: `/purchase/{id} at ${width} px`,
      visitor: 'anonymous',
      width,
      path: async (server) => `/purchase/${(await firstProduct(server))._id}`,
    }),
  ),
  { name: '/dashboard', visitor: 'customer', path: fixed('/dashboard') },
  { name: '/dashboard/orders', visitor: 'customer', path: fixed('/dashboard/orders') },
  {
    name: '/dashboard/orders with paid, shipped and cancelled orders',
    visitor: 'customer',
    path: async (server, who) => {
      if (!who) throw new Error('My Orders needs a customer');
      await ordersInEveryStatus(server, who);
      return '/dashboard/orders';
    },
  },
  { name: '/dashboard/review', visitor: 'customer', path: fixed('/dashboard/review') },
  {
    name: '/dashboard/payment/{id}',
    visitor: 'customer',
    path: async (server, who) => {
      if (!who) throw new Error('the payment page needs a customer');
      const product = await firstProduct(server);
      const order = await placeOrder(server, who, product._id, product.minQuantity);
      if (order.status !== 201) throw new Error(`order: ${order.status} ${JSON.stringify(order.body)}`);
      return `/dashboard/payment/${order.body._id}`;
    },
  },
  { name: '/userProfile', visitor: 'customer', path: fixed('/userProfile') },
  { name: '/dashboard/makeAdmin', visitor: 'admin', path: fixed('/dashboard/makeAdmin') },
  { name: '/dashboard/addProducts', visitor: 'admin', path: fixed('/dashboard/addProducts') },
  { name: '/dashboard/manageProducts', visitor: 'admin', path: fixed('/dashboard/manageProducts') },
  { name: '/dashboard/manageOrders', visitor: 'admin', path: fixed('/dashboard/manageOrders') },
  {
    name: '/dashboard/manageOrders with paid, shipped and cancelled orders',
    visitor: 'admin',
    path: async (server) => {
      await ordersInEveryStatus(server, await signUpCustomer(server));
      return '/dashboard/manageOrders';
    },
  },
  {
    name: '/dashboard/manageOrders searched and filtered, nothing found',
    visitor: 'admin',
    path: fixed('/dashboard/manageOrders?status=refunded&q=nobody%40nowhere.test'),
  },
  // The overview with sales, statuses and low stock, on a phone, a tablet and a desktop (R-OVERVIEW).
  ...[375, 768, 1280].map(
    (width): Route => ({
      name: `/dashboard/overview at ${width} px`,
      visitor: 'admin',
      width,
      path: async (server) => {
        await ordersInEveryStatus(server, await signUpCustomer(server));
        return '/dashboard/overview';
      },
    }),
  ),
  { name: '/reset-password?token=…', visitor: 'anonymous', path: fixed('/reset-password?token=some-token') },
  { name: '/forgot-password', visitor: 'anonymous', path: fixed('/forgot-password') },
  { name: '/newsletter', visitor: 'anonymous', path: fixed('/newsletter') },
  // An order's own page, shipped: its stepper, carrier and tracking link (issue 26).
  ...[375, 1280].map(
    (width): Route => ({
      name: `/dashboard/orders/{number} at ${width} px`,
      visitor: 'customer',
      width,
      path: async (server, who) => {
        if (!who) throw new Error('an order page needs a customer');
        return `/dashboard/orders/${(await ordersInEveryStatus(server, who)).shipped}`;
      },
    }),
  ),
  // The admin's view of a paid order, with the refund's confirmation open (issue 26).
  ...[375, 1280].map(
    (width): Route => ({
      name: `/dashboard/manageOrders/{number} asking to refund at ${width} px`,
      visitor: 'admin',
      width,
      path: async (server) => `/dashboard/manageOrders/${(await ordersInEveryStatus(server, await signUpCustomer(server))).paid}`,
      act: async (page) => {
        await page.getByRole('button', { name: 'Refund' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    }),
  ),
  { name: '/settings', visitor: 'customer', path: fixed('/settings') },
  { name: '/dashboard/mailbox', visitor: 'admin', path: fixed('/dashboard/mailbox') },
  {
    name: '/dashboard/manageProducts/{id}',
    visitor: 'admin',
    path: async (server) => `/dashboard/manageProducts/${(await firstProduct(server))._id}`,
  },
  // The Bangla pages (R-LANGUAGES): their own language named, its words, the same structure.
  { name: '/bn', visitor: 'anonymous', path: fixed('/bn') },
  { name: '/bn/blog', visitor: 'anonymous', path: fixed('/bn/blog') },
  { name: '/bn/about', visitor: 'anonymous', path: fixed('/bn/about') },
  { name: '/bn/purchase/{id}', visitor: 'customer', path: async (server) => `/bn/purchase/${(await firstProduct(server))._id}` },
  { name: '/bn/dashboard/overview', visitor: 'admin', path: fixed('/bn/dashboard/overview') },
];

/**
 * Waits until the page has its data and its parts: no request in flight, no loading spinner left, and
 * no part that loads when the browser is idle still waiting for its code (a slow machine reaches idle late).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .loading')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator(`[${IDLE_PART_ATTRIBUTE}="waiting"]`)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
}

// Moving parts would make the scan depend on timing: with reduced motion the carousel starts paused
// and the counters and tagline show their final state.
test.use({ colorScheme: 'light', reducedMotion: 'reduce' });

for (const route of ROUTES) {
  test(`${route.name} (${route.visitor}) has no serious or critical accessibility violations`, async ({ page, server }) => {
    let who: SignedInCustomer | undefined;
    if (route.visitor !== 'anonymous') {
      who = route.visitor === 'admin' ? await signInAdmin(server) : await signUpCustomer(server, { name: 'Axe Tester' });
      await signInBrowser(page, server, who);
    }
    if (route.width) await page.setViewportSize({ width: route.width, height: 900 });
    const path = await route.path(server, who);
    await page.goto(path);
    await settle(page);
    await expect(page).toHaveURL(path);
    await route.act?.(page);

    // Two rules current axe and Lighthouse check that axe leaves off by default: a visible label inside
    // the accessible name (WCAG 2.5.3) and targets of at least 24×24 px (WCAG 2.5.8).
    const { violations } = await new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } } })
      .analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
      }));
    expect(serious, `${route.name}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
  });
}
