import { sql } from 'drizzle-orm';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/** Issue 40: My Parcels walks back with "Older" on a phone, searches by phone off the address; admins list every parcel. */
test('My Parcels goes back with Older at 375 px and searches by phone without it in the address; admins filter every parcel', async ({
  page,
  server,
  browser,
}) => {
  test.slow();
  const sender = await signUpCustomer(server, { name: 'Asha Rahman' });
  const first = (await call(server, 'POST', '/api/consignments', { token: sender.token, body: STANDARD_PARCEL })).body
    .trackingCode;
  // 60 older copies of it, so the first booked is on the second page.
  await server.db.execute(sql`
    insert into consignments (tracking_code, user_id, service, zone, status, pickup_name, pickup_phone, pickup_address,
      pickup_area_id, recipient_name, recipient_phone, recipient_address, recipient_area_id, weight_grams, cod_amount,
      delivery_fee, cod_fee, total, fee_payment, estimated_earliest, estimated_latest, created_at)
    select 'SCE2E' || n, user_id, service, zone, status, pickup_name, pickup_phone, pickup_address, pickup_area_id,
      recipient_name, recipient_phone, recipient_address, recipient_area_id, weight_grams, cod_amount, delivery_fee,
      cod_fee, total, fee_payment, estimated_earliest, estimated_latest, created_at - n * interval '1 minute'
    from consignments, generate_series(1, 60) as n where tracking_code = ${first}`);
  const newest = (
    await call(server, 'POST', '/api/consignments', {
      token: sender.token,
      body: { ...STANDARD_PARCEL, recipient: { ...STANDARD_PARCEL.recipient, phone: '01911222333' } },
    })
  ).body.trackingCode;

  await page.setViewportSize({ width: 375, height: 800 });
  await signInBrowser(page, server, sender);
  await page.goto('/dashboard/parcels');
  await expect(page.getByRole('link', { name: newest })).toBeVisible();
  await expect(page.getByRole('link', { name: 'SCE2E60' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Older' }).click();
  await expect(page.getByRole('link', { name: 'SCE2E60' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Older' })).toBeDisabled();
  await page.getByRole('button', { name: 'Newer' }).click();
  await expect(page.getByRole('link', { name: newest })).toBeVisible();
  // The page fits a phone: nothing wider than the screen but the table's own scroll region.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByLabel('Tracking code, invoice, recipient’s phone or name').fill('+880 1911-222333');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: /^SC/ })).toHaveCount(1);
  await expect(page.getByRole('link', { name: newest })).toBeVisible();
  expect(page.url()).not.toContain('1911');
  // Each parcel's cash to collect has its column; the days booked narrow the list (issue 41).
  await expect(page.getByRole('columnheader', { name: 'Cash to collect' })).toBeVisible();
  await page.getByLabel('Booked from').fill('2099-01-01');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: /^SC/ })).toHaveCount(0);

  const adminPage = await browser.newPage({ baseURL: server.url });
  await signInBrowser(adminPage, server, await signInAdmin(server));
  await adminPage.goto('/dashboard');
  await adminPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Parcels', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/dashboard\/allParcels$/);
  await expect(adminPage.getByTestId('parcels-count')).toContainText(/\d+ parcels match\./);
  await adminPage.getByLabel('Tracking code, invoice or recipient’s phone').fill('01911222333');
  await adminPage.getByRole('button', { name: 'Show parcels' }).click();
  await expect(adminPage.getByTestId('parcels-count')).toHaveText('1 parcel matches.');
  await adminPage.getByRole('link', { name: newest }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/dashboard/parcels/${newest}$`));
  await adminPage.close();
});
