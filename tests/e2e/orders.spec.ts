import { MESSAGES } from '#shared/messages.ts';
import { addProduct, DELIVERY, markPaid, placeOrder, stockOf } from '../helpers/catalog.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/** A picture the shop serves itself: e2e pages may not reach other origins. */
const localPicture = (server: { url: string }) => `${server.url}/images/products/keyflow-mech.svg`;

test('purchase: the spec warnings below the minimum and above the maximum, then Buy Now creates an unpaid order', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const product = await addProduct(server, admin, {
    name: 'PortaRoute Travel Router with a Very Long Name',
    price: '49.50',
    minQuantity: 2,
    maxQuantity: 8,
    availableQuantity: 20,
    picture: localPicture(server),
  });
  const customer = await signUpCustomer(server, { name: 'Nadia Rahman' });
  await call(server, 'PUT', `/api/userInfo/${customer.email}`, {
    token: customer.token,
    body: { address: '12 Harbour Road, Chattogram', phoneNumber: '+880 1711 000000' },
  });
  await signInBrowser(page, server, customer);

  await page.goto(`/purchase/${product._id}`);
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(page.getByTestId('available-quantity')).toHaveText('20');
  const details = page.getByRole('complementary', { name: 'Your details' });
  await expect(details.getByText(customer.email)).toBeVisible();
  await expect(details.getByText('Nadia Rahman')).toBeVisible();
  await expect(details.getByText('12 Harbour Road, Chattogram')).toBeVisible();
  await expect(details.getByText('+880 1711 000000')).toBeVisible();
  await expect(details.getByRole('link', { name: 'UPDATE' })).toHaveAttribute('href', '/userProfile');

  const quantity = page.getByLabel('Quantity');
  const buyNow = page.getByRole('button', { name: 'Buy Now' });
  await expect(quantity).toHaveAttribute('placeholder', 'Minimum 2, maximum 8');
  await expect(buyNow).toBeDisabled();

  await quantity.fill('1');
  await expect(page.getByText(MESSAGES.quantityTooLow(2))).toBeVisible();
  await expect(buyNow).toBeDisabled();
  await quantity.fill('9');
  await expect(page.getByText(MESSAGES.quantityTooHigh(8))).toBeVisible();
  await expect(buyNow).toBeDisabled();

  await quantity.fill('3');
  await expect(page.getByText(MESSAGES.quantityTooHigh(8))).toBeHidden();
  await expect(page.getByText('$ 148.50')).toBeVisible();
  await buyNow.click();
  await expect(page.locator('.Toastify').getByText(MESSAGES.orderCreated)).toBeVisible();
  await expect(page.getByTestId('available-quantity')).toHaveText('17');
  expect(await stockOf(server, product._id)).toBe(17);

  await page.getByRole('status').getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('PortaRoute Travel Router with ...')).toBeVisible();
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(row.getByText('$ 148.50')).toBeVisible();
  await expect(row.getByRole('link', { name: 'Pay' })).toHaveAttribute('href', /^\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeEnabled();
});

test('My Orders: cancel asks "Ary you sure?" and gives the stock back; a paid order shows its transaction id and no cancel', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const product = await addProduct(server, admin, {
    name: 'Cancel Me Cable',
    availableQuantity: 10,
    picture: localPicture(server),
  });
  const paidProduct = await addProduct(server, admin, {
    name: 'Paid Up Power Bank',
    availableQuantity: 10,
    picture: localPicture(server),
  });
  const customer = await signUpCustomer(server);
  const unpaid = (await placeOrder(server, customer, product._id, 4)).body;
  const paid = (await placeOrder(server, customer, paidProduct._id, 2)).body;
  await markPaid(server, paid._id, 'pi_3PaidUp42');
  await signInBrowser(page, server, customer);

  await page.goto('/dashboard/orders');
  const unpaidRow = page.getByTestId('order-row').filter({ hasText: 'Cancel Me Cable' });
  const paidRow = page.getByTestId('order-row').filter({ hasText: 'Paid Up Power Bank' });
  await expect(paidRow.getByRole('button', { name: 'paid' })).toBeDisabled();
  await expect(paidRow.getByText('pi_3PaidUp42')).toBeVisible();
  await expect(paidRow.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(paidRow.getByRole('link', { name: 'Pay' })).toHaveCount(0);

  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    return dialog.dismiss();
  });
  await unpaidRow.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => questions).toEqual([MESSAGES.cancelConfirm]);
  await expect(unpaidRow).toBeVisible();
  expect(await stockOf(server, product._id)).toBe(6);

  page.once('dialog', (dialog) => dialog.accept());
  await unpaidRow.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.Toastify').getByText(MESSAGES.orderCancelled)).toBeVisible();
  // The order stays, as cancelled (R-ORDER-STATUS), with no Pay or Cancel left.
  await expect(unpaidRow.getByText('You cancelled this order')).toBeVisible();
  await expect(unpaidRow.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(unpaidRow.getByRole('link', { name: 'Pay' })).toHaveCount(0);
  await expect(paidRow).toBeVisible();
  expect(await stockOf(server, product._id)).toBe(10);
  expect(unpaid._id).toBeDefined();
});

test('Manage Orders: paid orders show a disabled Confirm Order; Cancel Order cancels an unpaid one', async ({ page, server }) => {
  const admin = await signInAdmin(server);
  const product = await addProduct(server, admin, {
    name: 'Warehouse Label Printer',
    availableQuantity: 10,
    // Room for both orders: a customer's unpaid quantity of one product stays within its maximum (R-HOLD).
    maxQuantity: 6,
    picture: localPicture(server),
  });
  const customer = await signUpCustomer(server);
  await placeOrder(server, customer, product._id, 5);
  const paid = (await placeOrder(server, customer, product._id, 1)).body;
  await markPaid(server, paid._id);
  await signInBrowser(page, server, admin);

  await page.goto('/dashboard/manageOrders');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  const paidRow = rows.filter({ hasText: 'Paid' });
  const unpaidRow = rows.filter({ hasText: 'Unpaid' });
  await expect(paidRow.getByRole('button', { name: 'Confirm Order' })).toBeDisabled();
  await expect(unpaidRow.getByText(customer.email)).toBeVisible();
  // Cancel Order asks first, naming the order (issue 26); keeping it changes nothing.
  await unpaidRow.getByRole('button', { name: 'Cancel Order' }).click();
  const ask = page.getByRole('dialog', { name: /^Cancel order SC-\d+\?$/ });
  await expect(ask).toContainText('Its 5 units go back to stock');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(ask).toBeHidden();
  expect(await stockOf(server, product._id)).toBe(4);
  await unpaidRow.getByRole('button', { name: 'Cancel Order' }).click();
  await ask.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(page.locator('.Toastify').getByText(MESSAGES.adminOrderCancelled)).toBeVisible();
  await expect(rows.filter({ hasText: 'Cancelled by the shop' })).toHaveCount(1);
  await expect(rows.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  expect(await stockOf(server, product._id)).toBe(9);
});

test('the whole life of an order: Buy Now with a delivery address, pay with the test card, the admin ships it, the customer sees status, tracking and address, the admin refunds it', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const product = await addProduct(server, admin, {
    name: 'Tracked Tripod',
    price: '25.00',
    availableQuantity: 10,
    picture: localPicture(server),
  });
  const customer = await signUpCustomer(server, { name: 'Nadia Rahman' });
  await signInBrowser(page, server, customer);

  // Buy Now: the delivery details start from the profile (empty here) and are saved for next time.
  await page.goto(`/purchase/${product._id}`);
  const delivery = page.getByRole('group', { name: 'Delivery details' });
  await expect(delivery.getByLabel('Name')).toHaveValue('Nadia Rahman');
  await delivery.getByLabel('Address').fill('12 Harbour Road, Chattogram');
  await delivery.getByLabel('Phone').fill('12');
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  // The profile page's rule and words, and nothing is ordered.
  await expect(delivery.getByText('phone number must be 6 to 20 characters')).toBeVisible();
  await expect(delivery.getByLabel('Phone')).toBeFocused();
  expect(await stockOf(server, product._id)).toBe(10);
  await delivery.getByLabel('Phone').fill('+880 1711 000000');
  await delivery.getByLabel('Save for next time').check();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.locator('.Toastify').getByText(MESSAGES.orderCreated)).toBeVisible();
  const details = page.getByRole('complementary', { name: 'Your details' });
  await expect(details.getByText('12 Harbour Road, Chattogram')).toBeVisible();
  await expect(details.getByText('+880 1711 000000')).toBeVisible();

  // Pay with the test card on the payment page.
  await page.getByRole('status').getByRole('link', { name: 'Pay now' }).click();
  const main = page.getByRole('main');
  await main.getByLabel('Card number').fill('4242 4242 4242 4242');
  await main.getByLabel('Expiry').fill(`12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`);
  await main.getByLabel('CVC').fill('123');
  await main.getByRole('button', { name: 'Pay now' }).click();
  await expect(main.getByText(MESSAGES.paymentComplete)).toBeVisible();

  // The admin ships it with carrier and tracking.
  const adminContext = await page.context().browser()?.newContext({ baseURL: server.url });
  if (!adminContext) throw new Error('no second browser context');
  const adminPage = await adminContext.newPage();
  await signInBrowser(adminPage, server, admin);
  await adminPage.goto('/dashboard/manageOrders');
  await expect(adminPage.getByTestId('order-row').filter({ hasText: 'Tracked Tripod' })).toContainText(
    '12 Harbour Road, Chattogram',
  );
  await adminPage
    .getByTestId('order-row')
    .filter({ hasText: 'Tracked Tripod' })
    .getByRole('link', { name: 'Ship or refund' })
    .click();
  const row = adminPage.getByRole('main');
  await expect(row.getByRole('heading', { name: /^Order SC-\d+$/ })).toBeVisible();
  await row.getByLabel('Carrier').fill('DHL');
  await row.getByLabel('Tracking number').fill('JD0146000044');
  await row.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(adminPage.locator('.Toastify').getByText('Order marked shipped')).toBeVisible();
  await expect(row.locator('[aria-current="step"]')).toHaveText('Shipped');

  // The customer sees status, tracking and where it goes.
  await page.goto('/dashboard/orders');
  const mine = page.getByTestId('order-row').filter({ hasText: 'Tracked Tripod' });
  // The badge, and the current one of the delivery steps.
  await expect(mine.getByText('Shipped', { exact: true })).toHaveCount(2);
  await expect(mine.locator('[aria-current="step"]')).toHaveText('Shipped');
  await expect(mine.getByText('JD0146000044')).toBeVisible();
  await expect(mine.getByText('Nadia Rahman')).toBeVisible();
  await expect(mine.getByText('12 Harbour Road, Chattogram')).toBeVisible();
  await expect(mine.getByText('+880 1711 000000')).toBeVisible();
  await mine.getByText('Timeline').click();
  await expect(mine.getByText(/Paid → Shipped/)).toBeVisible();

  // The admin refunds it; the customer sees it refunded.
  // Refund asks first, naming the amount and the order (issue 26).
  await row.getByRole('button', { name: 'Refund' }).click();
  const ask = adminPage.getByRole('dialog', { name: /^Refund \$ 50\.00 of order SC-\d+\?$/ });
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(ask).toHaveCount(0);
  await expect(row.locator('[aria-current="step"]')).toHaveText('Shipped');
  await row.getByRole('button', { name: 'Refund' }).click();
  await ask.getByRole('button', { name: 'Refund' }).click();
  await expect(adminPage.locator('.Toastify').getByText('Order refunded')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await adminContext.close();
  await page.reload();
  await expect(mine.getByText('Refunded', { exact: true })).toBeVisible();
  // It had left the shop: the stock stays where it was (R-ORDER-REFUND).
  expect(await stockOf(server, product._id)).toBe(8);
});

test('an order with no delivery address: Manage Orders says so, shipping is refused until the admin adds one', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const product = await addProduct(server, admin, { name: 'Unaddressed Lamp', picture: localPicture(server) });
  const customer = await signUpCustomer(server);
  const order = (await placeOrder(server, customer, product._id, 1)).body;
  await markPaid(server, order._id);
  await signInBrowser(page, server, admin);

  await page.goto('/dashboard/manageOrders');
  await page
    .getByTestId('order-row')
    .filter({ hasText: 'Unaddressed Lamp' })
    .getByRole('link', { name: 'Ship or refund' })
    .click();
  const row = page.getByRole('main');
  await expect(row.getByRole('heading', { name: /^Order SC-\d+$/ })).toBeVisible();
  await expect(row.getByText('No delivery address yet')).toBeVisible();
  await row.getByLabel('Carrier').fill('DHL');
  await row.getByLabel('Tracking number').fill('JD0146000044');
  await row.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.locator('.Toastify').getByText('This order has no delivery address yet')).toBeVisible();

  await row.getByText('Add address').click();
  await row.getByLabel('Name').fill('Omar Faruk');
  await row.getByLabel('Address').fill('3 Dock Lane, Khulna');
  await row.getByLabel('Phone', { exact: true }).fill('01711-222333');
  await row.getByRole('button', { name: 'Save address' }).click();
  await expect(page.locator('.Toastify').getByText('Delivery address added')).toBeVisible();
  await expect(row.getByText('3 Dock Lane, Khulna')).toBeVisible();
  await row.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(row.locator('[aria-current="step"]')).toHaveText('Shipped');
});

test('an unknown or malformed product id shows "Product not found", not a blank page', async ({ page, server }) => {
  await signInBrowser(page, server, await signUpCustomer(server));
  for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-product']) {
    await page.goto(`/purchase/${id}`);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toBeVisible();
  }
});

test('the purchase page and My Orders fit a 375 px phone without sideways scrolling', async ({ page, server }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const [first] = (await call<{ _id: string; minQuantity: number }[]>(server, 'GET', '/api/home')).body;
  const customer = await signUpCustomer(server);
  await placeOrder(server, customer, first?._id ?? '', first?.minQuantity ?? 1);
  await signInBrowser(page, server, customer);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  await page.goto(`/purchase/${first?._id}`);
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.goto('/dashboard/orders');
  const card = page.getByTestId('order-card');
  await expect(card.getByRole('link', { name: 'Pay' })).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test('an order’s own page: one status, the delivery steps with a tracking link, the timeline from Placed, and who cancelled in the reader’s words', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const product = await addProduct(server, admin, {
    name: 'Stepper Scale',
    availableQuantity: 10,
    picture: localPicture(server),
  });
  const customer = await signUpCustomer(server);
  const shipped = (await placeOrder(server, customer, product._id, 1, { shippingAddress: DELIVERY })).body;
  await markPaid(server, shipped._id);
  const ship = { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0146000044' };
  expect((await call(server, 'PATCH', `/api/admin/orders/${shipped._id}`, { token: admin.token, body: ship })).status).toBe(200);
  const cancelled = (await placeOrder(server, customer, product._id, 1)).body;
  expect((await call(server, 'DELETE', `/api/removeItem/${cancelled._id}`, { token: customer.token })).status).toBe(200);
  await signInBrowser(page, server, customer);

  await page.goto('/dashboard/orders');
  await page.getByRole('link', { name: shipped.number }).filter({ visible: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${shipped.number}$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: `Order ${shipped.number}` })).toBeVisible();
  // One status: Shipped, not the paid badge beside it.
  await expect(main.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('button', { name: 'paid' })).toHaveCount(0);
  const steps = main.getByRole('list', { name: 'Delivery progress' });
  await expect(steps.locator('[aria-current="step"]')).toHaveText('Shipped');
  await expect(main.getByRole('link', { name: /JD0146000044/ })).toHaveAttribute('href', /dhl\.com.*JD0146000044/);
  const timeline = main.getByTestId('order-timeline').getByRole('listitem');
  await expect(timeline.first()).toHaveText(/: Placed$/);
  await expect(timeline.nth(1)).toHaveText(/Paid → Shipped \(the shop\)/);
  // In the shop's time zone (TIME_ZONE, Asia/Dhaka: six hours ahead of UTC), whatever the browser's.
  const placed = timeline.first().locator('time');
  const placedAt = new Date((await placed.getAttribute('datetime')) ?? '');
  const dhakaHour = String((placedAt.getUTCHours() + 6) % 24).padStart(2, '0');
  await expect(placed).toHaveText(new RegExp(`^\\w{3} \\d{1,2}, \\d{4}, ${dhakaHour}:\\d{2}$`));

  await page.goto(`/dashboard/orders/${cancelled.number}`);
  await expect(main.getByText('You cancelled this order')).toBeVisible();

  await signInBrowser(page, server, admin);
  await page.goto(`/dashboard/manageOrders/${cancelled.number}`);
  await expect(main.getByText('Cancelled by the customer')).toBeVisible();
  await expect(main.getByText(customer.email, { exact: true })).toBeVisible();
});
