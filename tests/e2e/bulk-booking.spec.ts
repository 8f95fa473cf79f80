import { readFileSync } from 'node:fs';
import { bulkBookingFile } from '../helpers/bulk-file.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

test('a merchant uploads a spreadsheet of parcels, reads the line to correct, books the corrected file and prints its labels', async ({
  page,
  server,
}) => {
  test.slow();
  const owner = await signUpCustomer(server, { name: 'Asha Rahman' });
  await approvedMerchant(server, await signInAdmin(server), owner);
  await signInBrowser(page, server, owner);
  await page.goto('/dashboard/merchant');
  const section = page.getByRole('region', { name: 'Book from a spreadsheet' });
  await expect(section.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
    'href',
    '/api/merchant/bulk-bookings/template.csv',
  );

  // The second parcel's phone is wrong: nothing is booked, and its line (3, under the header) is named.
  const upload = async (csv: string) => {
    await section.getByLabel('CSV file').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await section.getByRole('button', { name: 'Book the parcels' }).click();
  };
  await upload(bulkBookingFile(3, { 2: { phone: '12345' } }));
  const refusal = page.getByTestId('bulk-refusal');
  await expect(refusal).toContainText('Nothing was booked: correct the lines below and upload the file again.');
  await expect(refusal.getByRole('listitem')).toHaveCount(1);
  await expect(refusal.getByRole('listitem')).toContainText('Line 3: phone: Enter a Bangladeshi mobile number');
  await expectAxeCleanAtEveryWidth(page, 'bulk booking refused');

  await upload(bulkBookingFile(3));
  await expect(section.getByRole('status')).toContainText('Booked 3 parcels');
  await expect(refusal).toHaveCount(0);
  const row = page.getByTestId('bulk-booking').filter({ hasText: 'orders.csv' });
  await expect(row).toContainText('3');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Labels' }).click();
  expect((await download).suggestedFilename()).toMatch(/^labels-.+\.pdf$/);
  await expectAxeCleanAtEveryWidth(page, 'bulk booking done');
});

test('a shop books its WooCommerce and Shopify order exports as they are, and a file of its own columns once chosen (issue 41)', async ({
  page,
  server,
}) => {
  test.slow();
  const owner = await signUpCustomer(server, { name: 'Nadia Islam' });
  await approvedMerchant(server, await signInAdmin(server), owner);
  await signInBrowser(page, server, owner);
  await page.goto('/dashboard/merchant');
  const section = page.getByRole('region', { name: 'Book from a spreadsheet' });
  const book = async (file: { name: string; buffer: Buffer }) => {
    await section.getByLabel('CSV file').setInputFiles({ ...file, mimeType: 'text/csv' });
    await section.getByRole('button', { name: 'Book the parcels' }).click();
  };
  const fixture = (name: string) => ({ name, buffer: readFileSync(new URL(`../fixtures/${name}`, import.meta.url)) });

  // The exports have no weights: the form's weight stands in for them, and nothing else is asked.
  await section.getByLabel('Weight when the file has none (kg)').fill('0.5');
  await book(fixture('woocommerce-orders.csv'));
  await expect(section.getByRole('status')).toContainText('Booked 12 parcels');
  await section.getByLabel('Weight when the file has none (kg)').fill('1');
  await book(fixture('shopify-orders.csv'));
  await expect(section.getByRole('status')).toContainText('Booked 10 parcels');
  await expect(page.getByTestId('bulk-booking').filter({ hasText: 'shopify-orders.csv' })).toContainText('10');

  // Columns of its own: the file's columns are offered for each of ours, once.
  const own = (order: string) => ({
    name: 'own.csv',
    buffer: Buffer.from(
      `Order ID,Customer,Mobile,Full address,Thana,KG\r\n${order},Karim Mia,01711000000,"House 1, Road 2","Savar, Dhaka",1.5\r\n`,
    ),
  });
  await book(own('OWN-1'));
  const chooser = section.getByTestId('column-chooser');
  await expect(page.getByTestId('bulk-refusal')).toContainText('These columns are not the template’s');
  for (const [ours, theirs] of [
    ['invoice', 'Order ID'],
    ['recipient_name', 'Customer'],
    ['phone', 'Mobile'],
    ['address', 'Full address'],
    ['area', 'Thana'],
    ['weight_kg', 'KG'],
  ] as const)
    await chooser.getByLabel(ours, { exact: true }).selectOption(theirs);
  await expectAxeCleanAtEveryWidth(page, 'bulk booking columns to choose');
  await section.getByRole('button', { name: 'Book the parcels' }).click();
  await expect(section.getByRole('status')).toContainText('Booked 1 parcels');
  // The next file like it books without asking.
  await book(own('OWN-2'));
  await expect(section.getByRole('status')).toContainText('Booked 1 parcels');
  await expect(page.getByTestId('bulk-refusal')).toHaveCount(0);
  await expect(page.getByTestId('bulk-booking').filter({ hasText: 'own.csv' })).toHaveCount(2);
});
