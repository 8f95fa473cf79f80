import { inArray } from 'drizzle-orm';
import { consignments } from '#server/db/schema.ts';
import type { Booking } from '#shared/consignment.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/**
 * Issue 44, R-PARCEL-OUTCOMES (decision 171): the merchant page and the admin Overview show how parcels
 * booked in the last 12 weeks ended, drawn and as figures, in English and Bangla; and, by decision 182, how
 * confirmed parcels fared against the others.
 */
test('the merchant page and the admin Overview show the share delivered, week by week, in English and Bangla', async ({
  page,
  server,
}) => {
  test.slow();
  const admin = await signInAdmin(server);
  const merchant = await signUpCustomer(server);
  await approvedMerchant(server, admin, merchant);
  const key = (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: merchant.token, body: { name: 'Shop' } }))
    .body;
  const codes: string[] = [];
  for (let parcel = 0; parcel < 5; parcel++)
    codes.push(
      (
        await call<Booking>(server, 'POST', '/api/v1/consignments', {
          headers: { authorization: `Bearer ${key.key}` },
          body: STANDARD_PARCEL,
        })
      ).body.trackingCode,
    );
  const [a = '', b = '', c = '', d = ''] = codes;
  await server.db
    .update(consignments)
    .set({ status: 'delivered' })
    .where(inArray(consignments.trackingCode, [a, b, c]));
  await server.db
    .update(consignments)
    .set({ status: 'returned' })
    .where(inArray(consignments.trackingCode, [d]));

  await signInBrowser(page, server, merchant);
  await page.goto('/dashboard/merchant');
  const chart = page.getByTestId('weekly-outcomes');
  await expect(chart).toContainText('75% delivered of the parcels booked in the last 12 weeks that were delivered or returned.');
  await chart.getByText('The figures, week by week').click();
  const thisWeek = chart
    .getByRole('region', { name: 'Parcels by the week they were booked in, and how they ended' })
    .getByRole('row')
    .last();
  await expect(thisWeek.getByRole('cell')).toHaveText(['3', '1', '0', '1']);
  // How confirmed parcels fared against the others (decision 182): none of these was asked.
  const byConfirmation = chart.getByTestId('outcomes-by-confirmation');
  await expect(byConfirmation.getByRole('row', { name: /Never asked/ }).getByRole('cell')).toHaveText(['4', '75%', '25%']);
  await expect(byConfirmation.getByRole('row', { name: /Confirmed by the recipient/ }).getByRole('cell')).toHaveText([
    '0',
    '—',
    '—',
  ]);
  await expectAxeCleanAtEveryWidth(page, 'merchant page with the weekly outcomes');

  await page.goto('/bn/dashboard/merchant');
  await expect(chart).toContainText('গত ১২ সপ্তাহে বুক করা যে পার্সেলগুলো ডেলিভারি বা ফেরত হয়েছে, তার ৭৫% ডেলিভারি হয়েছে।');
  await expect(chart.getByTestId('outcomes-by-confirmation').getByRole('row', { name: /কখনো জিজ্ঞাসা করা হয়নি/ })).toContainText(
    '৭৫%',
  );

  await signInBrowser(page, server, admin);
  await page.goto('/dashboard/overview');
  await expect(chart).toContainText('75% delivered of the parcels booked in the last 12 weeks');
  await expectAxeCleanAtEveryWidth(page, 'admin Overview with the weekly outcomes');
});
