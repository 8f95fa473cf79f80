import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import type { Payout } from '#shared/merchant.ts';
import { approvedMerchant, makePayoutsNow } from '../helpers/merchants.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 250_000,
};

test('finance downloads the bKash file, imports the portal’s result with the payout failed, and reads the reconciliation, in both languages', async ({
  page,
  server,
}) => {
  test.slow();
  const admin = await signInAdmin(server);
  const owner = await signUpCustomer(server, { name: 'Asha Rahman' });
  const rider = await signUpCustomer(server, { name: 'Rider One' });
  await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
  await approvedMerchant(server, admin, owner);
  const { trackingCode } = (await call<Booking>(server, 'POST', '/api/consignments', { token: owner.token, body: PARCEL })).body;
  for (const move of [
    { status: 'picked_up' },
    { status: 'at_hub', hub: 'sylhet' },
    { status: 'out_for_delivery', rider: rider.email },
  ])
    await call(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes: [trackingCode], ...move } });
  await server.app.smsWorker.deliverDue();
  const texts = (await call<{ text: string }[]>(server, 'GET', '/api/mailbox/sms', { token: admin.token })).body;
  const code = texts.find((sms) => sms.text.includes(`${trackingCode} is out`))?.text.match(/code (\d{6})/)?.[1];
  await call(server, 'POST', `/api/rider/deliveries/${trackingCode}`, {
    token: rider.token,
    body: { outcome: 'delivered', code, codCollected: 250_000 },
  });
  await makePayoutsNow(server, admin);
  const [payout] = (await call<Payout[]>(server, 'GET', '/api/admin/payouts', { token: admin.token })).body;
  if (!payout) throw new Error('no payout was made');

  await signInBrowser(page, server, admin);
  await page.goto('/dashboard/merchants');
  const files = page.getByRole('region', { name: 'Payout files' });
  const downloading = page.waitForEvent('download');
  await files.getByRole('button', { name: /^Download bKash/ }).click();
  const sheet = await downloading;
  expect(sheet.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-\d{2}-bkash\.csv$/);
  await expect(files.getByRole('button', { name: /^Download BEFTN/ })).toBeDisabled();
  await expectAxeCleanAtEveryWidth(page, 'payout files');

  // A result file with a status the template does not know is refused, naming its line.
  const upload = (csv: string) =>
    files
      .getByLabel(/^Import a result file/)
      .setInputFiles({ name: 'result.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await upload(`Reference,Status,Transaction ID,Reason\r\n${payout.number},Pending,,\r\n`);
  await files.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(files.getByRole('alert')).toContainText('Line 2: The status must say paid or failed');
  await upload(`Reference,Status,Transaction ID,Reason\r\n${payout.number},Failed,,Wallet not found\r\n`);
  await files.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(files.getByRole('status')).toContainText('0 paid, 1 failed');
  const row = page.getByTestId('payout').filter({ hasText: payout.number });
  await expect(row).toContainText('Failed, back in the balance: Wallet not found');
  await expect(row.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

  const reconciliation = page.getByRole('region', { name: 'Reconciliation' });
  await expect(reconciliation.getByRole('status')).toHaveText('The day closes to the poisha.');
  await expectAxeCleanAtEveryWidth(page, 'payout result and reconciliation');

  await page.goto('/bn/dashboard/merchants');
  await expect(page.getByRole('heading', { name: 'পেআউট ফাইল' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'হিসাব মেলানো' })).toBeVisible();
  await expectAxeCleanAtEveryWidth(page, 'payout files in Bangla');
});
