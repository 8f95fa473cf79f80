import { AxeBuilder } from '@axe-core/playwright';
import { MESSAGES } from '#shared/messages.ts';
import { addProduct, placeOrder, stockOf } from '../helpers/catalog.ts';
import { signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const picture = (server: { url: string }, file: string) => `${server.url}/images/products/${file}`;

/** Serious or critical axe findings on the page as it is now, with the two rules axe leaves off by default. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } } })
    .analyze();
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id);
}

test('checkout: two products found by search and filter into the cart, delivery details, review, Place order, pay with the test card; My Orders shows one order of two lines', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const lamp = await addProduct(server, admin, {
    name: 'Checkout Desk Lamp',
    price: '10.00',
    availableQuantity: 10,
    picture: picture(server, 'keyflow-mech.svg'),
  });
  const cable = await addProduct(server, admin, {
    name: 'Checkout USB Cable',
    price: '5.50',
    availableQuantity: 10,
    picture: picture(server, 'meshlink-router.svg'),
  });
  const customer = await signUpCustomer(server, { name: 'Nadia Rahman' });
  await signInBrowser(page, server, customer);

  // Found in the catalogue: a search with a typo, then a price filter; both added from their cards.
  await page.goto('/products');
  await page.getByLabel('Search products').fill('chekout');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/products\?q=chekout$/);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(2);
  await page.getByLabel('Highest price').fill('20');
  await page.getByLabel('Highest price').press('Enter');
  await expect(page).toHaveURL(/maxPrice=20/);
  await expect(cards).toHaveCount(2);
  for (const product of [lamp, cable]) {
    await cards
      .filter({ has: page.getByRole('heading', { name: product.name }) })
      .getByRole('button', { name: /^Add to cart/ })
      .click();
    await expect(page.getByText(`Added 1 × ${product.name}.`)).toBeVisible();
  }
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Delivery details: the profile's rules and words; nothing is ordered until the review.
  const delivery = page.getByRole('group', { name: 'Delivery details' });
  await expect(delivery.getByLabel('Name')).toHaveValue('Nadia Rahman');
  await delivery.getByLabel('Address').fill('12 Harbour Road, Chattogram');
  await delivery.getByLabel('Phone').fill('12');
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(delivery.getByText('phone number must be 6 to 20 characters')).toBeVisible();
  await expect(delivery.getByLabel('Phone')).toBeFocused();
  await delivery.getByLabel('Phone').fill('+880 1711 000000');
  await page.getByRole('button', { name: 'Review order' }).click();

  // The review: both lines, where it goes, the total; keyboard focus on the step's heading.
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: review your order' })).toBeFocused();
  const lines = page.getByTestId('review-lines').getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Checkout Desk Lamp' })).toContainText('1 × $ 10.00');
  await expect(lines.filter({ hasText: 'Checkout USB Cable' })).toContainText('1 × $ 5.50');
  await expect(page.getByText('12 Harbour Road, Chattogram')).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('Total : $ 15.50');
  // The review on a phone, a tablet and a desktop: axe clean at each width.
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `the review at ${width} px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`checkout-review-${width}.png`), fullPage: true });
  }
  expect(await stockOf(server, lamp._id)).toBe(10);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.locator('.Toastify').getByText(MESSAGES.orderCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  expect(await stockOf(server, lamp._id)).toBe(9);
  expect(await stockOf(server, cable._id)).toBe(9);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart, 0 products');

  // Pay the total with the test card.
  const main = page.getByRole('main');
  await expect(main.getByText('$ 15.50').first()).toBeVisible();
  await main.getByLabel('Card number').fill('4242 4242 4242 4242');
  await main.getByLabel('Expiry').fill(`12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`);
  await main.getByLabel('CVC').fill('123');
  await main.getByRole('button', { name: 'Pay now' }).click();
  await expect(main.getByText(MESSAGES.paymentComplete)).toBeVisible();

  // My Orders: one order, paid, with its two lines.
  await page.goto('/dashboard/orders');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByText('paid', { exact: true })).toBeVisible();
  const orderLines = rows.getByTestId('order-lines').getByRole('listitem');
  await expect(orderLines).toHaveText(['1 × Checkout Desk Lamp · $ 10.00', '1 × Checkout USB Cable · $ 5.50']);
  await page.screenshot({ path: test.info().outputPath('my-orders.png'), fullPage: true });
});

test('a line sold out since the review is refused by name, and nothing is ordered', async ({ page, server }) => {
  const admin = await signInAdmin(server);
  const lamp = await addProduct(server, admin, {
    name: 'Refused Lamp',
    availableQuantity: 10,
    picture: picture(server, 'keyflow-mech.svg'),
  });
  const customer = await signUpCustomer(server, { name: 'Nadia Rahman' });
  await signInBrowser(page, server, customer);
  await page.goto(`/purchase/${lamp._id}`);
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByText('Added 1 × Refused Lamp.')).toBeVisible();

  await page.goto('/checkout');
  const delivery = page.getByRole('group', { name: 'Delivery details' });
  await delivery.getByLabel('Address').fill('12 Harbour Road, Chattogram');
  await delivery.getByLabel('Phone').fill('+880 1711 000000');
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByTestId('checkout-total')).toBeVisible();

  // Two other customers buy every lamp meanwhile.
  for (const other of [await signUpCustomer(server), await signUpCustomer(server)]) {
    expect((await placeOrder(server, other, lamp._id, 5)).status).toBe(201);
  }

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Refused Lamp is sold out.' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await stockOf(server, lamp._id)).toBe(0);
});

test('a visitor’s “Log in to check out” signs in and comes back to the checkout with the cart joined to the account’s', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const lamp = await addProduct(server, admin, {
    name: 'Visitor Lamp',
    availableQuantity: 10,
    picture: picture(server, 'keyflow-mech.svg'),
  });
  const customer = await signUpCustomer(server, { name: 'Vera Visitor', password: 'secret123' });
  await page.goto(`/purchase/${lamp._id}`);
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByText('Added 1 × Visitor Lamp.')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Log in to check out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('main').getByLabel('Email').fill(customer.email);
  await page.getByRole('main').getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('group', { name: 'Delivery details' }).getByLabel('Name')).toHaveValue('Vera Visitor');
  await page.screenshot({ path: test.info().outputPath('checkout-details.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('checkout-details-375.png'), fullPage: true });
  const delivery = page.getByRole('group', { name: 'Delivery details' });
  await delivery.getByLabel('Address').fill('12 Harbour Road, Chattogram');
  await delivery.getByLabel('Phone').fill('+880 1711 000000');
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByTestId('review-lines').getByRole('listitem')).toHaveText([/Visitor Lamp/]);
});

test('a cart read the server answered before the visitor’s cart joined does not hide the joined lines', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const lamp = await addProduct(server, admin, {
    name: 'Joined Lamp',
    availableQuantity: 10,
    picture: picture(server, 'keyflow-mech.svg'),
  });
  const customer = await signUpCustomer(server, { name: 'Jo Joined', password: 'secret123' });
  await page.goto('/');
  await page.evaluate(
    (productId) => localStorage.setItem('cart', JSON.stringify([{ productId, quantity: 1, seenPrice: 10 }])),
    lamp._id,
  );
  // Forces the overlap: the checkout's read of the account's cart is answered (empty) by the server, the
  // join is sent and answered after it, and only then does the browser receive the read's old answer.
  let readAnswered = () => {};
  const answeredBeforeJoin = new Promise<void>((resolve) => {
    readAnswered = resolve;
  });
  let joinDelivered = () => {};
  const joinDone = new Promise<void>((resolve) => {
    joinDelivered = resolve;
  });
  const atMost = (promise: Promise<void>) => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  await page.route(/\/api\/cart$/, async (route) => {
    const response = await route.fetch();
    readAnswered();
    await atMost(joinDone);
    await route.fulfill({ response });
  });
  await page.route(/\/api\/cart\/items$/, async (route) => {
    await atMost(answeredBeforeJoin);
    const response = await route.fetch();
    await route.fulfill({ response });
    setTimeout(joinDelivered, 300);
  });
  await signInBrowser(page, server, customer);
  await page.goto('/checkout');
  await expect(page.getByRole('group', { name: 'Delivery details' }).getByLabel('Name')).toHaveValue('Jo Joined');
  const delivery = page.getByRole('group', { name: 'Delivery details' });
  await delivery.getByLabel('Address').fill('12 Harbour Road, Chattogram');
  await delivery.getByLabel('Phone').fill('+880 1711 000000');
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByTestId('review-lines').getByRole('listitem')).toHaveText([/Joined Lamp/]);
});
