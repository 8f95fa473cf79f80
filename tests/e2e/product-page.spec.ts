import { formatPrice } from '#shared/money.ts';
import type { Product } from '#shared/product.ts';
import { call } from '../helpers/shop-client.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { expect, type Page, test } from './fixtures.ts';

/** Cards cut names to 30 characters (R-LIMITS). */
const cardName = (product: Product) => (product.name.length > 30 ? `${product.name.slice(0, 30)}...` : product.name);
const card = (page: Page, product: Product) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: cardName(product), exact: true }) });

async function demoProducts(server: TestServer): Promise<Product[]> {
  return (await call<Product[]>(server, 'GET', '/api/home')).body;
}

async function demoProduct(server: TestServer, name: string): Promise<Product> {
  const products = await demoProducts(server);
  const product = products.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`the demo shop has no ${name}`);
  return product;
}

/** The product page as a visitor reads it: large picture, breadcrumb to its category, price, quantity rule (R-PRODUCT-PAGE). */
async function expectProductPage(page: Page, product: Product, category: string) {
  await expect(page).toHaveURL(`/purchase/${product._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(main.getByText(`${formatPrice(product.price)} per unit`)).toBeVisible();
  await expect(main.getByTestId('quantity-rule')).toHaveText(`Order ${product.minQuantity} to ${product.maxQuantity} at a time`);
  const picture = main.getByRole('img', { name: product.name, exact: true }).first();
  expect((await picture.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(320);
  const breadcrumb = main.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link')).toHaveText(['Products', category]);
  return breadcrumb;
}

test('a visitor reaches a product page from a home card and from a catalogue card, and its breadcrumb leads to its category', async ({
  page,
  server,
}) => {
  const ssd = await demoProduct(server, 'Vault 2 TB Portable SSD');

  await page.goto('/');
  await card(page, ssd).getByRole('heading').getByRole('link').click();
  await expectProductPage(page, ssd, 'Accessories');

  await page.goto('/products');
  // The picture leads there too, for a pointer.
  await card(page, ssd).getByRole('img', { name: ssd.name }).click();
  const breadcrumb = await expectProductPage(page, ssd, 'Accessories');

  // Up to four other products of its category, in cards that lead to their own pages.
  const related = page.getByRole('region', { name: 'More in this category' }).getByTestId('product-card');
  await expect(related).not.toHaveCount(0);
  expect(await related.count()).toBeLessThanOrEqual(4);
  await expect(related.getByRole('heading', { name: cardName(ssd), exact: true })).toHaveCount(0);

  await breadcrumb.getByRole('link', { name: 'Accessories' }).click();
  await expect(page).toHaveURL(/\/products\?category=[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Category')).toHaveValue(/[0-9a-f-]{36}/);
  await expect(card(page, ssd)).toBeVisible();
});

test('the product page arrives with its breadcrumb and related products in the HTML, scripts off (R-SSR)', async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  const ssd = await demoProduct(server, 'Vault 2 TB Portable SSD');
  await page.goto(`/purchase/${ssd._id}`);
  await expectProductPage(page, ssd, 'Accessories');
  await expect(page.getByRole('region', { name: 'More in this category' }).getByTestId('product-card')).not.toHaveCount(0);
  await context.close();
});

test('cards say a minimum above one, and "Add to cart" says what it added (R-CART)', async ({ page, server }) => {
  const ssd = await demoProduct(server, 'Vault 2 TB Portable SSD');
  expect(ssd.minQuantity).toBe(3);

  await page.goto('/products');
  const ssdCard = card(page, ssd);
  await expect(ssdCard.getByText('Minimum order 3', { exact: true })).toBeVisible();
  const single = (await demoProducts(server)).find((product) => product.minQuantity === 1);
  if (single) await expect(card(page, single).getByText(/^Minimum order/)).toHaveCount(0);

  await ssdCard.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByText('Added 3 × Vault 2 TB Portable SSD — minimum order 3.', { exact: true })).toBeVisible();
  await ssdCard.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByText('Added 1 more Vault 2 TB Portable SSD: 4 in your cart.', { exact: true })).toBeVisible();
});
