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
