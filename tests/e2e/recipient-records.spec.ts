import { eq } from 'drizzle-orm';
import { consignments } from '#server/db/schema.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/**
 * Issue 44, R-RECIPIENT-RECORD (decision 168): a merchant types the recipient's number on the booking
 * form and sees how parcels to it ended across the network, in English and Bangla; a number an admin hid
 * says so.
 */
test('a merchant types a number with a history and sees its delivery record under it, in English and Bangla', async ({
  page,
  server,
}) => {
  test.slow();
  const admin = await signInAdmin(server);
  const other = await signUpCustomer(server);
  await approvedMerchant(server, admin, other);
  const key = (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: other.token, body: { name: 'Shop' } }))
    .body;
  // Another merchant's five parcels to the number: three delivered, one returned, one cancelled.
  for (const status of ['delivered', 'delivered', 'delivered', 'returned', 'cancelled'] as const) {
    const booked = await call(server, 'POST', '/api/v1/consignments', {
      headers: { authorization: `Bearer ${key.key}` },
      body: { ...STANDARD_PARCEL, recipient: { ...STANDARD_PARCEL.recipient, phone: '01712345678' } },
    });
    await server.db.update(consignments).set({ status }).where(eq(consignments.trackingCode, booked.body.trackingCode));
  }
  const merchant = await signUpCustomer(server);
  await approvedMerchant(server, admin, merchant);
  await signInBrowser(page, server, merchant);

  await page.goto('/ship/book');
  const recipient = page.getByRole('group', { name: 'Deliver to' });
  const record = page.getByTestId('recipient-record');
  await recipient.getByLabel('Mobile number').fill('+880 1712-345678');
  await expect(record).toHaveText(
    '75% delivered of the 5 parcels to this number in the last 12 months, by every sender: 3 delivered, 0 partly delivered, 1 returned (0 refused at the door), 1 cancelled.',
  );
  await expectAxeCleanAtEveryWidth(page, 'booking form with a recipient’s record');
  await recipient.getByLabel('Mobile number').fill('01812345670');
  await expect(record).toHaveText('No parcels to this number in the last 12 months.');

  await page.goto('/bn/ship/book');
  const bangla = page.getByRole('group', { name: 'ডেলিভারির ঠিকানা' });
  await bangla.getByLabel('মোবাইল নম্বর').fill('০১৭১২৩৪৫৬৭৮');
  await expect(record).toHaveText(
    'গত ১২ মাসে সব প্রেরক মিলিয়ে এই নম্বরে ৫টি পার্সেলের ৭৫% ডেলিভারি হয়েছে: ৩টি ডেলিভারি, ০টি আংশিক ডেলিভারি, ১টি ফেরত (০টি দরজায় নিতে অস্বীকার), ১টি বাতিল।',
  );

  // The recipient asked for it to be hidden, and an admin did.
  await call(server, 'POST', '/api/admin/recipient-records/visibility', {
    token: admin.token,
    body: { phone: '01712345678', hidden: true },
  });
  await page.goto('/ship/book');
  await recipient.getByLabel('Mobile number').fill('01712345678');
  await expect(record).toHaveText('This number’s delivery record is hidden at its owner’s request.');
});
