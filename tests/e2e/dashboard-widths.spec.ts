import { pathToFileURL } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Booking } from '#shared/consignment.ts';
import { placeOrder } from '../helpers/catalog.ts';
import { approvedMerchant, makePayoutsNow } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signIn, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/**
 * Issue 42: no dashboard page is wider than a phone. Every page of the route table under /dashboard (read
 * from the built app, so a new page is checked the day it is added), signed in as each role, in English and
 * Bangla at 375 px: the document is no wider than the window, and axe finds nothing serious.
 */
const { pagePatterns } = (await import(pathToFileURL('dist/web-server/entry-server.js').href)) as {
  pagePatterns: () => string[];
};
const DASHBOARD_PAGES = pagePatterns().filter((pattern) => pattern === '/dashboard' || pattern.startsWith('/dashboard/'));

const ROLES = ['admin', 'merchant', 'rider', 'operator', 'customer'] as const;
type Role = (typeof ROLES)[number];

/** What a signed-in person has of their own, for the pages with a parameter. */
interface Own {
  parcel: string;
  order: { _id: string; number: string };
  product: string;
  /** A bag opened at Dhaka for Sylhet (R-BAGS): staff's, whoever looks. */
  bag: string;
}

/** The address of a page with a parameter, filled with something of the person's; a new one must be named here. */
const SAMPLES: Record<string, (own: Own) => string> = {
  '/dashboard/orders/:number': (own) => `/dashboard/orders/${own.order.number}`,
  '/dashboard/parcels/:trackingCode': (own) => `/dashboard/parcels/${own.parcel}`,
  '/dashboard/payment/:id': (own) => `/dashboard/payment/${own.order._id}`,
  '/dashboard/manageProducts/:id': (own) => `/dashboard/manageProducts/${own.product}`,
  '/dashboard/manageOrders/:number': (own) => `/dashboard/manageOrders/${own.order.number}`,
  '/dashboard/bags/:code': (own) => `/dashboard/bags/${own.bag}`,
};

async function signedInAs(server: TestServer, role: Role): Promise<SignedInCustomer> {
  const admin = await signInAdmin(server);
  if (role === 'admin') return admin;
  const person = await signUpCustomer(server, { name: `Nadia ${role}` });
  if (role === 'merchant') await approvedMerchant(server, admin, person);
  if (role === 'rider' || role === 'operator')
    await call(server, 'PUT', `/api/admin/users/${person.email}/role`, { token: admin.token, body: { role } });
  return person;
}

/** A parcel with cash on delivery, from Gulshan to Sylhet, as merchants book them. */
const COD_PARCEL = {
  ...STANDARD_PARCEL,
  service: 'express',
  recipient: { ...STANDARD_PARCEL.recipient, areaId: 'sylhet-sylhet-sadar' },
  codAmount: 250_000,
} as const;

/**
 * Fills the tables a role's pages have: a merchant's parcel delivered with its cash and paid out (ledger
 * lines, a payout), and a parcel on a rider's run.
 */
async function busyDay(server: TestServer, role: Role, who: SignedInCustomer) {
  if (role !== 'merchant' && role !== 'rider') return;
  const admin = await signInAdmin(server);
  const rider = role === 'rider' ? who : await signedInAs(server, 'rider');
  const sender = role === 'merchant' ? who : admin;
  const booked = await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: COD_PARCEL });
  const code = booked.body.trackingCode;
  for (const move of [
    { status: 'picked_up' },
    { status: 'at_hub', hub: 'sylhet' },
    { status: 'out_for_delivery', rider: rider.email },
  ])
    await call(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes: [code], ...move } });
  if (role === 'rider') return;
  await server.app.smsWorker.deliverDue();
  const texts = (await call<{ text: string }[]>(server, 'GET', '/api/mailbox/sms', { token: admin.token })).body;
  const handover = texts.find((sms) => sms.text.includes(`${code} is out`))?.text.match(/code (\d{6})/)?.[1];
  const delivered = await call(server, 'POST', `/api/rider/deliveries/${code}`, {
    token: rider.token,
    body: { outcome: 'delivered', code: handover, codCollected: 250_000 },
  });
  if (delivered.status !== 200) throw new Error(`delivery: ${delivered.status} ${JSON.stringify(delivered.body)}`);
  await makePayoutsNow(server, admin);
}

async function ownThings(server: TestServer, who: SignedInCustomer): Promise<Own> {
  const booked = await call<Booking>(server, 'POST', '/api/consignments', { token: who.token, body: STANDARD_PARCEL });
  if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
  const products = (await call<{ _id: string; minQuantity: number }[]>(server, 'GET', '/api/home')).body;
  const product = products[0];
  if (!product) throw new Error('the demo catalogue is empty');
  const order = await placeOrder(server, who, product._id, product.minQuantity);
  if (order.status !== 201) throw new Error(`order: ${order.status} ${JSON.stringify(order.body)}`);
  const admin = await signInAdmin(server);
  const bag = await call<{ code: string }>(server, 'POST', '/api/ops/bags', {
    token: admin.token,
    body: { origin: 'dhaka', destination: 'sylhet' },
  });
  return { parcel: booked.body.trackingCode, order: order.body, product: product._id, bag: bag.body.code };
}

/** The page's address in the language: Bangla pages are under /bn. */
const inLanguage = (path: string, language: 'en' | 'bn') => (language === 'bn' ? `/bn${path}` : path);

/**
 * The page has drawn what it loads: its heading, and no page-sized spinner left (some pages keep asking,
 * a run's progress say, so the network is never quiet).
 */
async function settled(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.locator('.loading-lg')).toHaveCount(0);
}

test('the dashboard pages are read from the route table', () => {
  expect(DASHBOARD_PAGES).toEqual(expect.arrayContaining(['/dashboard', '/dashboard/merchant', '/dashboard/parcels']));
  expect(DASHBOARD_PAGES.length).toBeGreaterThan(20);
  const unnamed = DASHBOARD_PAGES.filter((pattern) => pattern.includes(':') && !SAMPLES[pattern]);
  expect(unnamed, 'pages with a parameter and no sample address').toEqual([]);
});

for (const role of ROLES)
  for (const language of ['en', 'bn'] as const)
    test(`every dashboard page fits 375 px as ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role} (${language})`, async ({
      page,
      server,
    }) => {
      test.setTimeout(480_000);
      await page.setViewportSize({ width: 375, height: 800 });
      let who = await signedInAs(server, role);
      const own = await ownThings(server, who);
      await busyDay(server, role, who);
      await signInBrowser(page, server, who);
      const tooWide: string[] = [];
      const findings: string[] = [];
      for (const pattern of DASHBOARD_PAGES) {
        const path = inLanguage(SAMPLES[pattern]?.(own) ?? pattern, language);
        await page.goto(path);
        await settled(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 375) {
          tooWide.push(`${path}: ${width} px`);
          await page.screenshot({
            path: test.info().outputPath(`${role}-${language}${path.replaceAll('/', '_')}.png`),
            fullPage: true,
          });
        }
        // axe reads the page's structure, which is the same in both languages: once, in English.
        const { violations } = language === 'en' ? await new AxeBuilder({ page }).analyze() : { violations: [] };
        for (const violation of violations.filter(({ impact }) => impact === 'serious' || impact === 'critical'))
          findings.push(`${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        // A page only admins may see signs anyone else out (the spec's rule for its admin pages): back in for the next.
        if (new URL(page.url()).pathname.endsWith('/login')) {
          // signUpCustomer's password.
          who = role === 'admin' ? await signInAdmin(server) : await signIn(server, who.email, 'secret123');
          await signInBrowser(page, server, who);
        }
      }
      expect(tooWide, 'pages wider than 375 px').toEqual([]);
      expect(findings, 'serious axe findings').toEqual([]);
    });
