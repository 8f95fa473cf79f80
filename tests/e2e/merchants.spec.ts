import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
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

test('a customer applies as a merchant, is approved, sees the cash of a delivered parcel in the ledger, and is paid out', async ({
  page,
  server,
  browser,
}) => {
  test.slow();
  const owner = await signUpCustomer(server, { name: 'Asha Rahman' });
  const admin = await signInAdmin(server);
  const rider = await signUpCustomer(server, { name: 'Rider One' });
  await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });

  // The customer applies on the Merchant page; a wrong wallet number is named before anything is sent.
  await signInBrowser(page, server, owner);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Merchant', exact: true }).click();
  const form = page.getByRole('form', { name: 'Apply as a merchant' });
  await form.getByLabel('Business name').fill('Asha Gadgets');
  await form.getByLabel('Phone').fill('01711000000');
  await form.getByLabel('Address').fill('House 12, Road 5');
  await form.getByLabel('Area').fill('Gulshan, Dhaka');
  await form.getByLabel('Wallet', { exact: true }).selectOption({ label: 'bKash' });
  await form.getByLabel('Wallet number').fill('12345');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText('Enter a Bangladeshi mobile number')).toBeVisible();
  await expectAxeCleanAtEveryWidth(page, 'merchant application');
  await form.getByLabel('Wallet number').fill('01711 000000');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Thank you for applying.')).toBeVisible();

  // An admin approves it on the Merchants page.
  const adminContext = await browser.newContext({ baseURL: server.url });
  try {
    const desk = await adminContext.newPage();
    await signInBrowser(desk, server, admin);
    await desk.goto('/dashboard/merchants');
    const application = desk.getByTestId('merchant-application').filter({ hasText: 'Asha Gadgets' });
    await expect(application).toContainText('bKash: 01711000000');
    await expectAxeCleanAtEveryWidth(desk, 'merchants for admins');
    await application.getByRole('button', { name: 'Approve' }).click();
    await expect(desk.getByText('No application is waiting.')).toBeVisible();

    // A parcel of the merchant's is delivered with its cash (the network's steps through the API).
    const { trackingCode, deliveryFee, codFee } = (
      await call<Booking>(server, 'POST', '/api/consignments', { token: owner.token, body: PARCEL })
    ).body;
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

    // The merchant sees the cash in, the fees out, and the balance.
    const balance = 250_000 - deliveryFee - codFee;
    const taka = (poisha: number) => `৳${(poisha / 100).toLocaleString('en', { minimumFractionDigits: 2 })}`;
    await page.reload();
    await expect(page.getByTestId('merchant-balance')).toHaveText(taka(balance));
    await expect(page.getByTestId('ledger-line')).toHaveCount(3);
    await expect(page.getByTestId('ledger-line').last()).toContainText(`Cash collected${trackingCode}${taka(250_000)}Owed`);
    await expectAxeCleanAtEveryWidth(page, 'merchant ledger');

    // The admin makes the payouts and marks this one paid with the transfer's reference.
    await desk.reload();
    // Each balance names where the run pays it (issue 42).
    await expect(desk.getByTestId('merchant-balance').filter({ hasText: 'Asha Gadgets' })).toContainText('bKash: 01711000000');
    // The server makes them only once the admin has ticked the box (issue 42); then the run works in the
    // background and its progress bar follows it (issue 40).
    await desk.getByRole('button', { name: 'Make the payouts now' }).click();
    await expect(desk.getByRole('alert').filter({ hasText: 'Tick' })).toHaveText('Tick “Yes, make the payouts now” first');
    await expect(desk.getByTestId('payout-run')).toHaveCount(0);
    await desk.getByLabel('Yes, make the payouts now').check();
    await desk.getByRole('button', { name: 'Make the payouts now' }).click();
    const progress = desk.getByRole('progressbar', { name: 'Merchants settled by the payout run' });
    await expect(progress).toHaveAttribute('aria-valuetext', /^(\d+) of \1 merchants$/);
    await expect(desk.getByTestId('payout-run')).toContainText(/are made: \d+ payouts?\./);
    await expectAxeCleanAtEveryWidth(desk, 'payout run progress');
    const payout = desk.getByTestId('payout').filter({ hasText: 'Asha Gadgets' });
    await expect(payout).toContainText(taka(balance));
    // Where the money goes, whole for the admin who makes the transfer (issue 42).
    await expect(payout.getByTestId('payout-account')).toHaveText('bKash: 01711000000');
    await payout.getByLabel(/^Reference of PO-/).fill('BKASH-TRX-7QF31');
    await payout.getByRole('button', { name: 'Mark paid' }).click();
    await expect(payout).toContainText('BKASH-TRX-7QF31');

    await page.reload();
    await expect(page.getByTestId('merchant-balance')).toHaveText(taka(0));
    await expect(page.getByTestId('payout')).toContainText('BKASH-TRX-7QF31');
    // The merchant reads the day it was paid, and their own number starred (issue 42).
    await expect(page.getByTestId('payout-paid-at')).toContainText(String(new Date().getFullYear()));
    await expect(page.getByTestId('payout-account')).toHaveText('bKash: *******0000');
    await expect(page.getByTestId('ledger-line').first()).toContainText('PO-');

    // The merchant makes an API key for their own shop, sees it once, and revokes it.
    await page.getByLabel('Name of the new key').fill('Shopify store');
    await page.getByRole('button', { name: 'Make a key' }).click();
    const apiKey = (await page.getByTestId('new-api-key').textContent()) ?? '';
    expect(apiKey).toMatch(/^sk_/);
    const ledgerWith = (bearer: string) =>
      fetch(`${server.url}/api/v1/ledger`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await ledgerWith(apiKey)).status).toBe(200);
    const listed = page.getByTestId('api-key').filter({ hasText: 'Shopify store' });
    await expect(listed).toContainText(apiKey.slice(0, 10));
    await expect(listed).not.toContainText(apiKey);
    await listed.getByRole('button', { name: 'Revoke' }).click();
    await expect(listed).toContainText('Revoked');
    expect((await ledgerWith(apiKey)).status).toBe(401);
  } finally {
    await adminContext.close();
  }
});
