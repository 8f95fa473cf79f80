import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema.ts';
import { addProduct, DELIVERY, markPaid, placeOrder } from '../helpers/catalog.ts';
import { insertOrder } from '../helpers/payment-fixtures.ts';
import { signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const localPicture = (server: { url: string }) => `${server.url}/images/products/keyflow-mech.svg`;

test('an admin filters, searches and pages Manage Orders, with it all in the address, ships with a note and exports the list', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const product = await addProduct(server, admin, { name: 'Pallet Scale', availableQuantity: 50, picture: localPicture(server) });
  const carla = await signUpCustomer(server, { name: 'Carla Cargo', email: 'carla.cargo@freight.test' });
  const dev = await signUpCustomer(server, { name: 'Dev Depot', email: 'dev@depot.test' });
  // Shipped below: an order is shipped only with a delivery address (R-ORDER-ADDRESS).
  const paid = (await placeOrder(server, carla, product._id, 1, { shippingAddress: DELIVERY })).body;
  await markPaid(server, paid._id);
  // 21 more orders of Dev's: with Carla's, one more than a page holds.
  for (let index = 0; index < 21; index++) await insertOrder(server, dev, { name: `Depot crate ${index + 1}` });
  const [paidRow] = await server.db.select({ number: orders.number }).from(orders).where(eq(orders.id, paid._id));
  const paidNumber = `SC-${paidRow?.number}`;
  await signInBrowser(page, server, admin);

  await page.goto('/dashboard/manageOrders');
  const total = page.getByTestId('orders-total');
  const rows = page.getByTestId('order-row');
  await expect(total).toHaveText('22 orders');
  await expect(rows).toHaveCount(20);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageOrders\?page=2$/);
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(rows).toHaveCount(20);

  // The status applies at once and the form stays as it is: the select keeps the focus (keyboard users).
  await page.getByLabel('Status').focus();
  await page.getByLabel('Status').selectOption('paid');
  await expect(page).toHaveURL(/status=paid/);
  await expect(total).toHaveText('1 order');
  await expect(page.getByLabel('Status')).toBeFocused();
  await expect(rows).toHaveCount(1);
  await expect(rows.getByText('carla.cargo@freight.test')).toBeVisible();

  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Order number or customer email').fill('DEPOT.test');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=DEPOT\.test/);
  await expect(total).toHaveText('21 orders');

  await page.getByLabel('Order number or customer email').fill(paidNumber);
  await page.getByLabel('Order number or customer email').press('Enter');
  await expect(total).toHaveText('1 order');
  await expect(rows.getByRole('rowheader', { name: paidNumber })).toBeVisible();

  // The address brings the same view back.
  await page.reload();
  await expect(page.getByLabel('Order number or customer email')).toHaveValue(paidNumber);
  await expect(total).toHaveText('1 order');

  const row = rows.filter({ hasText: paidNumber });
  await expect(row.getByRole('button', { name: 'Confirm Order' })).toBeDisabled();
  // Shipping happens in the order's own view, not in a table cell (issue 26).
  await expect(row.getByLabel('Carrier')).toHaveCount(0);
  await row.getByRole('link', { name: 'Ship or refund' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/manageOrders/${paidNumber}$`));
  const view = page.getByRole('main');
  await expect(view.getByRole('heading', { name: `Order ${paidNumber}` })).toBeVisible();
  await view.getByLabel('Carrier').fill('DHL');
  await view.getByLabel('Tracking number').fill('JD0146000044');
  await view.getByText('Add a note').click();
  await view.getByLabel('Note for the timeline').fill('Fragile: two straps');
  await view.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.locator('.Toastify').getByText('Order marked shipped')).toBeVisible();
  await expect(view.getByText(/Paid → Shipped \(admin@shop\.test\) · Fragile: two straps/)).toBeVisible();
  await page.goBack();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${paidNumber},.*,shipped,Carla Cargo,carla\\.cargo@freight\\.test,Pallet Scale,`));
});

test('an admin opens the overview from the dashboard menu and reads the sales, statuses and low stock', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const product = await addProduct(server, admin, {
    name: 'Last Forklift Battery',
    price: '120.00',
    minQuantity: 2,
    maxQuantity: 4,
    availableQuantity: 4,
    picture: localPicture(server),
  });
  const customer = await signUpCustomer(server);
  const order = (await placeOrder(server, customer, product._id, 2)).body;
  await markPaid(server, order._id);
  await signInBrowser(page, server, admin);

  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  // The admin's entries follow the customer's five (My Orders, My Parcels, Ask for a pickup, Freight requests, Add a Review).
  await expect(menu.getByRole('link').nth(5)).toHaveText('Overview');
  await menu.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  const today = page.locator('.stat').filter({ hasText: 'Today' });
  await expect(today).toContainText('$ 240.00');
  await expect(today).toContainText('1 order');

  await page.getByText('The figures of each day as a table').click();
  const days = page.getByRole('table', { name: /Paid orders and revenue per day/ });
  await expect(days.getByRole('row')).toHaveCount(31);
  await expect(days.getByRole('row').nth(1)).toContainText('$ 240.00');

  const paidCount = page.getByRole('link', { name: /^Paid \d+$/ });
  await expect(paidCount).toHaveText(/Paid\s*1/);
  await expect(page.getByRole('row', { name: /Last Forklift Battery 2 2/ })).toBeVisible();
  await paidCount.click();
  await expect(page).toHaveURL(/\/dashboard\/manageOrders\?status=paid$/);
  await expect(page.getByTestId('orders-total')).toHaveText('1 order');
});
