import { formatPrice } from '#shared/money.ts';
import type { Product } from '#shared/product.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/** R-CART in the browser: the navbar's count, Add to cart, the /cart page, the merge at sign-in. */
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const line = (page: Page, name: string) => page.getByTestId('cart-line').filter({ hasText: name });

async function demoProducts(server: Parameters<typeof call>[0]): Promise<Product[]> {
  return (await call<Product[]>(server, 'GET', '/api/home')).body;
}

test('a visitor fills a cart, changes a quantity, signs in: the cart joins the account’s and is there on another device', async ({
  page,
  server,
  browser,
}) => {
  const products = await demoProducts(server);
  const customer = await signUpCustomer(server, { name: 'Cart Shopper', password: 'secret123' });
  // Already in the account's cart from another day: the merge adds the visitor's to it.
  const [first, second] = products.filter(
    (product) => product.minQuantity === 1 && product.maxQuantity >= 4 && product.availableQuantity >= 4,
  );
  if (!first || !second) throw new Error('the demo shop needs two products orderable by one');
  await call(server, 'PUT', `/api/cart/items/${second._id}`, { token: customer.token, body: { quantity: 1 } });

  await page.goto('/products');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 products');
  const card = (product: Product) =>
    page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: product.name.slice(0, 30) }) });
  await card(first)
    .getByRole('button', { name: /^Add to cart/ })
    .click();
  await expect(page.getByText(`Added 1 × ${first.name}.`)).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 product');
  await page.goto(`/purchase/${second._id}`);
  // Its own button: the related products below have theirs.
  await page.getByRole('button', { name: `Add to cart : ${second.name}`, exact: true }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 products');

  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await line(page, first.name)
    .getByRole('button', { name: `One more ${first.name}` })
    .click();
  await expect(line(page, first.name).getByLabel(`Quantity of ${first.name}`)).toHaveValue('2');
  await expect(line(page, first.name).getByTestId('line-total')).toHaveText(`Line total : ${formatPrice(first.price * 2)}`);
  await expect(page.getByTestId('cart-total')).toHaveText(`Total : ${formatPrice(first.price * 2 + second.price)}`);
  // Past the maximum: the purchase page's warning, and the quantity kept is unchanged.
  const quantity = line(page, first.name).getByLabel(`Quantity of ${first.name}`);
  await quantity.fill(String(first.maxQuantity + 1));
  await quantity.press('Enter');
  await expect(line(page, first.name).getByRole('alert')).toHaveText(`please less than ${first.maxQuantity}`);

  await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
  await page.getByRole('main').getByLabel('Email').fill(customer.email);
  await page.getByRole('main').getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('The cart you filled before signing in is now in your account’s cart.')).toBeVisible();
  await expect(page.getByText(`${second.name} was in both carts: the quantities were added together.`)).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 products');
  await page.goto('/cart');
  await expect(line(page, first.name).getByLabel(`Quantity of ${first.name}`)).toHaveValue('2');
  await expect(line(page, second.name).getByLabel(`Quantity of ${second.name}`)).toHaveValue('2');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

  // Another device: a new browser context signed in as the same customer.
  const otherContext = await browser.newContext({ baseURL: server.url });
  const other = await otherContext.newPage();
  await signInBrowser(other, server, customer);
  await other.goto('/cart');
  await expect(other.getByTestId('cart-line')).toHaveCount(2);
  await expect(line(other, second.name).getByLabel(`Quantity of ${second.name}`)).toHaveValue('2');
  await expect(cartLink(other)).toHaveAccessibleName('Cart, 2 products');
  await otherContext.close();
});

test('the cart says when a product sold out or changed price since it was added, and counts neither wrongly', async ({
  page,
  server,
}) => {
  const [first, second] = await demoProducts(server);
  if (!first || !second) throw new Error('the demo shop needs two products');
  const customer = await signUpCustomer(server);
  const admin = await signInAdmin(server);
  await call(server, 'POST', '/api/cart/items', {
    token: customer.token,
    body: {
      items: [
        { productId: first._id, quantity: 1 },
        { productId: second._id, quantity: 1 },
      ],
    },
  });
  const edit = (product: Product, changes: Partial<Product>) =>
    call(server, 'PUT', `/api/purchase/${product._id}`, {
      token: admin.token,
      body: { ...product, price: String(product.price), ...changes },
    });
  expect((await edit(first, { price: first.price + 10 })).status).toBe(200);
  expect((await edit(second, { availableQuantity: 0 })).status).toBe(200);

  await signInBrowser(page, server, customer);
  await page.goto('/cart');
  const newPrice = first.price + 10;
  await expect(line(page, first.name).getByRole('status')).toHaveText(
    `The price of ${first.name} changed from ${formatPrice(first.price)} to ${formatPrice(newPrice)} since you added it.`,
  );
  await expect(line(page, second.name).getByRole('status')).toHaveText(`${second.name} is sold out.`);
  await expect(page.getByTestId('cart-total')).toHaveText(`Total : ${formatPrice(newPrice * first.minQuantity)}`);
  await expect(
    line(page, first.name).getByRole('link', { name: new RegExp(`^Buy Now on its page.*${first.name}`) }),
  ).toHaveAttribute('href', `/purchase/${first._id}`);
});

test('Add to cart works on a phone that is never idle: the cart’s code still loads', async ({ page, server }) => {
  const [product] = (await demoProducts(server)).filter((candidate) => candidate.availableQuantity >= candidate.minQuantity);
  if (!product) throw new Error('the demo shop needs a product in stock');
  // A main thread that never rests: idle callbacks run only when their timeout passes, as Chrome does.
  await page.addInitScript(() => {
    window.requestIdleCallback = (callback, options) =>
      options?.timeout === undefined
        ? 0
        : window.setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options.timeout);
  });
  await page.goto('/products');
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: product.name.slice(0, 30) }) });
  await card.getByRole('button', { name: /^Add to cart/ }).click({ timeout: 15_000 });
  await expect(page.getByText(`Added 1 × ${product.name}.`)).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 product');
});
