import { eq } from 'drizzle-orm';
import { user } from '#server/db/auth-schema.ts';
import { consignments } from '#server/db/schema.ts';
import { bulkBookingFile } from '../helpers/bulk-file.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const HINT = 'Add a house or holding number and a road, block or landmark, so the rider finds it.';

/**
 * Issue 44, R-ADDRESS-QUALITY (decision 170): the booking form says under the recipient's address, as it is
 * typed, what a rider needs; a vague address still books, and its parcel's page says to call first.
 */
test('the recipient’s address gets a hint as it is typed, in English and Bangla, and a vague one still books', async ({
  page,
  server,
}) => {
  test.slow();
  const sender = await signUpCustomer(server, { name: 'Asha Rahman' });
  await signInBrowser(page, server, sender);

  await page.goto('/ship/book?service=express&from=Gulshan%2C+Dhaka&to=Mirpur%2C+Dhaka&weight=1');
  const pickup = page.getByRole('group', { name: 'Pick up from' });
  await pickup.getByLabel('Mobile number').fill('01711000000');
  await pickup.getByLabel('Address').fill('House 12, Road 5');
  const recipient = page.getByRole('group', { name: 'Deliver to' });
  await recipient.getByLabel('Name').fill('Karim Mia');
  await recipient.getByLabel('Mobile number').fill('01812345678');
  const address = recipient.getByLabel('Address');
  await address.fill('Mirpur');
  await expect(address).toHaveAccessibleDescription(`This is only the area’s name. ${HINT}`);
  await expectAxeCleanAtEveryWidth(page, 'booking form with an address hint');
  await address.fill('near the mosque');
  await expect(address).toHaveAccessibleDescription(HINT);
  await address.fill('House 12, Road 5, Block C');
  await expect(recipient.getByText(HINT)).toHaveCount(0);
  // The pickup's address is the sender's own: no hint there.
  await pickup.getByLabel('Address').fill('Gulshan');
  await expect(pickup.getByText(HINT)).toHaveCount(0);
  await pickup.getByLabel('Address').fill('House 12, Road 5');

  // A hint, not a refusal: the vague address books, and the parcel's page marks it.
  await address.fill('near the mosque');
  await expect(page.getByTestId('booking-price')).toContainText('Total');
  await page.getByRole('button', { name: 'Book this parcel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/parcels\//);
  await expect(page.getByTestId('vague-address')).toHaveText('Vague address: call first');
  await expectAxeCleanAtEveryWidth(page, 'parcel page with a vague address');

  await page.goto('/bn/ship/book');
  const bangla = page.getByRole('group', { name: 'ডেলিভারির ঠিকানা' });
  await bangla.getByLabel('এলাকা').fill('মিরপুর, ঢাকা');
  const banglaAddress = bangla.getByLabel('ঠিকানা');
  await banglaAddress.fill('মিরপুর');
  await expect(banglaAddress).toHaveAccessibleDescription(
    'এটি শুধু এলাকার নাম। বাড়ি বা হোল্ডিং নম্বর এবং একটি রোড, ব্লক বা কাছের কোনো চিহ্ন (ল্যান্ডমার্ক) লিখুন, যাতে রাইডার ঠিকানাটি খুঁজে পান।',
  );
  await expectAxeCleanAtEveryWidth(page, 'Bangla booking form with an address hint');
  await banglaAddress.fill('বাড়ি ১২, রোড ৫, ব্লক সি');
  await expect(banglaAddress).toHaveAccessibleDescription('');
});

test('a merchant’s file books its vague addresses and lists their lines to call first', async ({ page, server }) => {
  test.slow();
  const owner = await signUpCustomer(server, { name: 'Asha Rahman' });
  await approvedMerchant(server, await signInAdmin(server), owner);
  await signInBrowser(page, server, owner);
  await page.goto('/dashboard/merchant');
  const section = page.getByRole('region', { name: 'Book from a spreadsheet' });
  // Parcel 1 goes to Savar, parcel 2 to Gulshan (the helper's areas); parcel 3 has a house and a road.
  const csv = bulkBookingFile(3, { 1: { address: 'সাভার' }, 2: { address: 'near the mosque' } });
  await section.getByLabel('CSV file').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await section.getByRole('button', { name: 'Book the parcels' }).click();
  await expect(section.getByRole('status')).toContainText('Booked 3 parcels');
  const lines = page.getByTestId('vague-addresses').getByRole('listitem');
  await expect(lines).toHaveText([/^Line 2 \(SC\w+\): only the area’s name$/, /^Line 3 \(SC\w+\): vague address$/]);
  await expectAxeCleanAtEveryWidth(page, 'bulk booking with vague addresses');
});

test('a rider’s run marks a parcel whose address is only the area’s name: call first', async ({ page, server }) => {
  test.slow();
  const admin = await signInAdmin(server);
  const sender = await signUpCustomer(server);
  const rider = await signUpCustomer(server, { name: 'Jamal Rider' });
  await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
  const [riderRow] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, rider.email));
  const booked = await call(server, 'POST', '/api/consignments', {
    token: sender.token,
    body: { ...STANDARD_PARCEL, recipient: { ...STANDARD_PARCEL.recipient, address: 'Debidwar, Cumilla' } },
  });
  // Out for delivery with the rider, as the hub's scan leaves it (tracking.spec.ts walks the scans).
  await server.db
    .update(consignments)
    .set({ status: 'out_for_delivery', riderId: riderRow?.id })
    .where(eq(consignments.trackingCode, booked.body.trackingCode));
  await signInBrowser(page, server, rider);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'My run' }).click();
  const stop = page.getByTestId('run-stop');
  await expect(stop).toContainText('Debidwar, Cumilla');
  await expect(stop.getByTestId('vague-address')).toHaveText('Only the area’s name: call first');
  await expectAxeCleanAtEveryWidth(page, 'rider run with a bare address');
});
