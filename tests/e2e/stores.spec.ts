import { approvedMerchant } from '../helpers/merchants.ts';
import { signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const SHOTS = process.env.STORE_SHOTS_DIR;

test('a merchant adds a store on the merchant page, makes it the default, and books a parcel from it with its details (issue 41)', async ({
  page,
  server,
}) => {
  test.slow();
  const owner = await signUpCustomer(server, { name: 'Asha Rahman' });
  await approvedMerchant(server, await signInAdmin(server), owner);
  await signInBrowser(page, server, owner);
  await page.goto('/dashboard/merchant');

  // The application's pickup address is the first store, and the default.
  const stores = page.getByRole('region', { name: 'Stores' }).or(page.locator('section[aria-labelledby="stores-heading"]'));
  await expect(page.getByTestId('store')).toHaveCount(1);
  await expect(page.getByTestId('store').first()).toContainText('Default');

  // A wrong phone is named before anything is sent; the corrected store is listed.
  const form = page.getByRole('form', { name: 'Add a store' });
  await form.getByLabel('Store name').fill('Dhanmondi outlet');
  await form.getByLabel('Phone').fill('12345');
  await form.getByLabel('Address').fill('House 7, Road 27');
  await form.getByLabel('Area').fill('Dhanmondi, Dhaka');
  await form.getByRole('button', { name: 'Add the store' }).click();
  await expect(form.getByText('Enter a Bangladeshi mobile number')).toBeVisible();
  await form.getByLabel('Phone').fill('01711000099');
  await form.getByRole('button', { name: 'Add the store' }).click();
  await expect(form.getByText('Store Dhanmondi outlet added.')).toBeVisible();
  const dhanmondi = page.getByTestId('store').filter({ hasText: 'Dhanmondi outlet' });
  await expect(dhanmondi).toContainText('House 7, Road 27, Dhanmondi, Dhaka');
  await dhanmondi.getByRole('button', { name: 'Make default' }).click();
  await expect(dhanmondi).toContainText('Default');
  await expect(page.getByTestId('store').first()).toContainText('Dhanmondi outlet');
  await expectAxeCleanAtEveryWidth(page, 'merchant stores');
  if (SHOTS)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await stores.first().screenshot({ path: `${SHOTS}/stores-${width}.png` });
    }

  // The booking form picks the parcel up at a store: the default first, no pickup address to type.
  await page.goto('/ship/book?service=express');
  const pickup = page.getByRole('group', { name: 'Pick up from' });
  await expect(pickup.getByLabel('Store')).toHaveValue(/[0-9a-f-]{36}/);
  await expect(pickup.getByLabel('Address')).toHaveCount(0);
  const recipient = page.getByRole('group', { name: 'Deliver to' });
  await recipient.getByLabel('Name').fill('Karim Mia');
  await recipient.getByLabel('Mobile number').fill('01812345678');
  await recipient.getByLabel('Address').fill('Station Road');
  await recipient.getByLabel('Area').fill('Sylhet Sadar, Sylhet');
  await page.getByLabel('Weight (kg)').fill('1.5');
  const more = page.getByRole('group', { name: 'More about the parcel' });
  await more.getByLabel('What is inside (optional)').fill('Cotton saree');
  await more.getByLabel('Number of items (optional)').fill('0');
  await more.getByLabel('Recipient’s email (optional)').fill('karim@example.com');
  await more.getByLabel('Delivery').selectOption({ label: 'Collected at a hub point' });
  await page.getByRole('button', { name: 'Book this parcel' }).click();
  await expect(more.getByText('Quantity must be a whole number from 1 to 1000')).toBeVisible();
  await more.getByLabel('Number of items (optional)').fill('2');
  await expectAxeCleanAtEveryWidth(page, 'booking form of a merchant');
  if (SHOTS)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/book-${width}.png`, fullPage: true });
    }
  await page.getByRole('button', { name: 'Book this parcel' }).click();

  await expect(page).toHaveURL(/\/dashboard\/parcels\/SC[0-9A-Z]{11}$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Dhanmondi outlet')).toBeVisible();
  await expect(main.getByText('Cotton saree × 2')).toBeVisible();
  await expect(main.getByText('Collected by the recipient at a hub point')).toBeVisible();
});
