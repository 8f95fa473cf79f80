import { CATALOGUE_MESSAGES } from '#shared/catalogue.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Product } from '#shared/product.ts';
import { call, signInAdmin } from '../helpers/shop-client.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/** Cards cut names to 30 characters (R-LIMITS). */
const AUDIO = ['ClearCam 4K Conference Webcam', 'SoundWave ANC Wireless Over-Ea...'];
const cardNames = (page: import('@playwright/test').Page) => page.getByTestId('product-card').getByRole('heading');

test('a visitor searches the catalogue with a typo, filters and sorts it, and the back button brings each view back', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'View all products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByTestId('catalogue-total')).toHaveText('12 products');
  await expect(page.getByTestId('product-card')).toHaveCount(12);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' })).toHaveClass(/menu-active/);

  await page.getByLabel('Search products').fill('labtop');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/products\?q=labtop$/);
  await expect(cardNames(page)).toHaveText(['Titan X17 Gaming Laptop', 'AeroBook 14 Ultralight Laptop']);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/q=labtop&sort=price-asc$/);
  await expect(cardNames(page)).toHaveText(['AeroBook 14 Ultralight Laptop', 'Titan X17 Gaming Laptop']);

  await page.getByLabel('Search products').fill('');
  await page.getByLabel('Category').selectOption({ label: 'Audio' });
  await expect(page).toHaveURL(/category=[0-9a-f-]{36}&sort=price-asc$/);
  await expect(cardNames(page)).toHaveText(AUDIO);

  await page.getByLabel('Search products').fill('refrigerator');
  await page.getByLabel('Search products').press('Enter');
  await expect(page.getByTestId('catalogue-empty')).toContainText('No products match these filters');
  await expect(page.getByTestId('product-card')).toHaveCount(0);

  // A price applies when its field is left; the next field keeps the focus and what is typed there.
  await page.getByLabel('Search products').fill('');
  await page.getByLabel('Lowest price ($)').fill('100');
  await page.getByLabel('Lowest price ($)').press('Tab');
  await expect(page).toHaveURL(/minPrice=100/);
  await expect(page.getByLabel('Highest price ($)')).toBeFocused();
  await page.keyboard.type('200');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/minPrice=100&maxPrice=200/);
  await page.goBack();
  await page.goBack();
  await expect(page.getByLabel('Lowest price ($)')).toHaveValue('');

  // Back, and back again: the address brings the results and the fields back.
  await page.goBack();
  await expect(cardNames(page)).toHaveText(AUDIO);
  await expect(page.getByLabel('Category')).toHaveValue(/[0-9a-f-]{36}/);
  await page.goBack();
  await expect(cardNames(page)).toHaveText(['AeroBook 14 Ultralight Laptop', 'Titan X17 Gaming Laptop']);
  await expect(page.getByLabel('Search products')).toHaveValue('labtop');
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');

  // A link to a view opens it as it was; the empty state's way out shows everything again.
  await page.goto('/products?q=refrigerator&inStock=true');
  await expect(page.getByLabel('In stock only')).toBeChecked();
  await page.getByRole('link', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByTestId('product-card')).toHaveCount(12);
  await expect(page.getByLabel('In stock only')).not.toBeChecked();
});

test('an admin edits and restocks a product, and the product page and the catalogue show it at once', async ({
  page,
  server,
}) => {
  const admin = await signInAdmin(server);
  const mouse = (await call<Product[]>(server, 'GET', '/api/home')).body.find(
    (product) => product.name === 'Glide Pro Wireless Mouse',
  );
  if (!mouse) throw new Error('the demo mouse is missing');
  await signInBrowser(page, server, admin);
  await page.goto('/dashboard/manageProducts');
  await page.getByRole('link', { name: 'Edit Glide Pro Wireless Mouse' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Glide Pro Wireless Mouse' })).toBeVisible();
  await expect(page.getByLabel('Price ($)')).toHaveValue(mouse.price.toFixed(2));
  await expect(page.getByLabel('Category')).toHaveValue(mouse.categoryId ?? '');

  await page.getByLabel('Price ($)').fill('-1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Price must be an amount like 19.99')).toBeVisible();

  await page.getByLabel('Name').fill('Glide Pro 2 Wireless Mouse');
  await page.getByLabel('Price ($)').fill('69.99');
  await page.getByLabel('Available quantity').fill('999');
  await page.getByLabel('Category').selectOption({ label: 'Audio' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(MESSAGES.productUpdated)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);
  await expect(page.getByRole('row', { name: /Glide Pro 2 Wireless Mouse/ })).toContainText('999');

  await page.goto(`/purchase/${mouse._id}`);
  await expect(page.getByRole('heading', { name: 'Glide Pro 2 Wireless Mouse' })).toBeVisible();
  await expect(page.getByText('$ 69.99').first()).toBeVisible();
  await expect(page.getByTestId('available-quantity')).toHaveText('999');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  // The product page left behind has its own "More in this category" section: only a combobox will do.
  await expect(page).toHaveURL(/\/products$/);
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Audio' });
  await expect(cardNames(page)).toContainText(['Glide Pro 2 Wireless Mouse']);

  // Categories are managed on the same page.
  await page.goto('/dashboard/manageProducts');
  await page.getByLabel('New category').fill('Storage');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByLabel('Name of Storage')).toHaveValue('Storage');
  await page.getByRole('button', { name: 'Delete category Storage' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete the category Storage?' });
  await expect(ask).toContainText('Its products stay in the shop');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByLabel('Name of Storage')).toHaveValue('Storage');
  await page.getByRole('button', { name: 'Delete category Storage' }).click();
  await ask.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByLabel('Name of Storage')).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the filters fold away so products show on the first screen, and open with or without JavaScript', async ({
    page,
    browser,
    server,
  }) => {
    await page.goto('/products');
    await expect(page.getByTestId('product-card').first()).toBeInViewport({ ratio: 0.5 });
    await expect(page.getByLabel('Category')).toBeHidden();
    await page.getByText('Filters and sort').click();
    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await expect(page).toHaveURL(/sort=price-desc$/);
    await expect(cardNames(page).first()).toHaveText('Titan X17 Gaming Laptop');

    const withoutScripts = await browser.newContext({
      baseURL: server.url,
      javaScriptEnabled: false,
      viewport: { width: 375, height: 740 },
    });
    try {
      const plain = await withoutScripts.newPage();
      await plain.goto('/products');
      await plain.getByText('Filters and sort').click();
      await plain.getByLabel('Lowest price ($)').fill('150');
      await plain.getByLabel('Highest price ($)').fill('200');
      await plain.getByLabel('Highest price ($)').press('Enter');
      await expect(plain).toHaveURL(/minPrice=150&maxPrice=200/);
      await expect(cardNames(plain)).toHaveText([
        'Vault 2 TB Portable SSD',
        'ClearCam 4K Conference Webcam',
        'HubMaster 12-in-1 USB-C Dock',
      ]);
      await expect(plain.getByText('Filters and sort (2 set)')).toBeVisible();
    } finally {
      await withoutScripts.close();
    }
  });
});

test('a lowest price above the highest is a message at the highest price, not a silent change', async ({ page }) => {
  await page.goto('/products?minPrice=500');
  await page.getByLabel('Highest price ($)').fill('100');
  await page.getByLabel('Highest price ($)').press('Enter');
  await expect(page.getByText(CATALOGUE_MESSAGES.priceRangeReversed)).toBeVisible();
  await expect(page.getByLabel('Highest price ($)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/products\?minPrice=500$/);

  // From an address too (a link, or the form sent without JavaScript): the typed price stays in its field.
  await page.goto('/products?minPrice=500&maxPrice=100');
  await expect(page.getByText(CATALOGUE_MESSAGES.priceRangeReversed)).toBeVisible();
  await expect(page.getByLabel('Highest price ($)')).toHaveValue('100');
  await page.getByLabel('Highest price ($)').fill('900');
  await page.getByLabel('Highest price ($)').press('Enter');
  await expect(page).toHaveURL(/minPrice=500&maxPrice=900$/);
  await expect(page.getByText(CATALOGUE_MESSAGES.priceRangeReversed)).toHaveCount(0);
});

test('a page past the last says so and links to the first', async ({ page }) => {
  await page.goto('/products?q=laptop&page=99');
  await expect(page.getByTestId('catalogue-past-end')).toContainText(CATALOGUE_MESSAGES.pageOutOfRange(99, 1));
  await page.getByRole('link', { name: 'Go to page 1' }).click();
  await expect(page).toHaveURL(/\/products\?q=laptop$/);
  await expect(page.getByTestId('product-card')).toHaveCount(2);
});
