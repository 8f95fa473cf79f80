import { MESSAGES } from '#shared/messages.ts';
import { addProduct, placeOrder } from '../helpers/catalog.ts';
import { signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

test('while the shop cannot reach its database, My Orders says so instead of a blank page and carries on by itself once it is back (R-OUTAGE)', async ({
  page,
  server,
}) => {
  const customer = await signUpCustomer(server);
  const product = await addProduct(server, await signInAdmin(server), {
    name: 'Harbour Scale 40 kg',
    picture: `${server.url}/images/products/keyflow-mech.svg`,
  });
  await placeOrder(server, customer, product._id, 1);
  await signInBrowser(page, server, customer);

  // What the server answers during an outage (tests/integration/database-outage.test.ts).
  const outage = {
    status: 503,
    headers: { 'retry-after': '5' },
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'service_unavailable', message: MESSAGES.shopUnavailable } }),
  };
  await page.route('**/api/orders?*', (route) => route.fulfill(outage));
  await page.route('**/api/health', (route) => route.fulfill(outage));
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('status').getByText(MESSAGES.shopUnavailable)).toBeVisible();

  await page.unroute('**/api/orders?*');
  await page.unroute('**/api/health');
  await expect(page.getByTestId('order-row').getByText('Harbour Scale 40 kg')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(MESSAGES.shopUnavailable)).toBeHidden();
});
