import { eq } from 'drizzle-orm';
import { consignments } from '#server/db/schema.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const SHOTS = process.env.RETURN_SHOTS_DIR;

test('a merchant asks a delivered parcel’s item back on its page; staff bring it back from Operations; the page shows the charge (R-RETURN-REQUESTS)', async ({
  page,
  browser,
  server,
}) => {
  test.slow();
  const owner = await signUpCustomer(server, { name: 'Asha Rahman' });
  const admin = await signInAdmin(server);
  await approvedMerchant(server, admin, owner);
  const booked = await call<{ trackingCode: string; deliveryFee: number }>(server, 'POST', '/api/consignments', {
    token: owner.token,
    body: { ...STANDARD_PARCEL, codAmount: 150_000 },
  });
  const code = booked.body.trackingCode;
  // Delivered as the rider's delivery leaves it (parcel-delivery.test.ts covers that step).
  await server.db.update(consignments).set({ status: 'delivered' }).where(eq(consignments.trackingCode, code));
  await signInBrowser(page, server, owner);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dashboard/parcels/${code}`);

  const form = page.getByRole('form', { name: 'Ask for it back' });
  await form.getByRole('button', { name: 'Ask for it back' }).click();
  await expect(form.getByText('Say why the item comes back')).toBeVisible();
  await form.getByLabel('What should happen').selectOption({ label: 'Exchange: deliver a new item, bring the old one back' });
  await form.getByLabel('Reason').fill('Wrong size: the customer wants the large one');
  await form.getByLabel('Phone at the pickup').fill('01911000222');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/return-form-375.png`, fullPage: true });
  await form.getByRole('button', { name: 'Ask for it back' }).click();

  const request = page.getByTestId('return-request');
  await expect(request).toContainText('Exchange: deliver a new item, bring the old one back');
  await expect(request).toContainText('Requested');
  await expect(request).toContainText('is charged once the item is back with you');
  // One request on its way: the form is gone until it ends.
  await expect(form).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAxeCleanAtEveryWidth(page, 'a parcel with a return request');
  if (SHOTS)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/return-request-${width}.png`, fullPage: true });
    }

  // Staff move it along on Operations, one button a step, until the item is back with the merchant.
  const staff = await browser.newPage({ baseURL: server.url });
  await signInBrowser(staff, server, admin);
  await staff.goto('/dashboard/operations');
  const open = staff.getByTestId('open-return').filter({ hasText: code });
  for (const next of ['Collected from the recipient', 'At the hub', 'Returned to the merchant']) {
    await open.getByRole('button', { name: `Mark: ${next}` }).click();
    await expect(staff.getByText('Return request moved.').last()).toBeVisible();
  }
  await expect(open).toHaveCount(0);
  await staff.close();
  await page.reload();
  await expect(request).toContainText('Returned to the merchant');
  await expect(request).toContainText(/Charged ৳120\.00/);
});
