import type { Booking } from '#shared/consignment.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { signatureVerifies, startWebhookReceiver } from '../helpers/webhook-receiver.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

// The receiver is on 127.0.0.1 over plain http, which only this setting allows; the worker looks often.
test.use({ serverOptions: { seed: true, env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, outboxTiming: { pollMs: 100 } } });

test('a merchant adds a webhook endpoint, copies its secret, reads the delivery log, resends and removes it (R-WEBHOOKS)', async ({
  page,
  server,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const owner = await signUpCustomer(server, { name: 'Asha Rahman' });
    const admin = await signInAdmin(server);
    await approvedMerchant(server, admin, owner);
    await signInBrowser(page, server, owner);
    await page.goto('/dashboard/merchant');

    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No endpoints yet')).toBeVisible();
    // Nothing is sent while the address is missing or no event is chosen.
    for (const box of await section.getByRole('checkbox').all()) await box.uncheck();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(section.getByText('Give the full address of your endpoint, starting with https://')).toBeVisible();
    await expect(section.getByText('Choose at least one event')).toBeVisible();

    await section.getByLabel('Endpoint address (https://…)').fill(receiver.url);
    await section.getByRole('checkbox', { name: /A parcel’s status changes/ }).check();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await section.getByTestId('new-webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const endpoint = section.getByTestId('webhook-endpoint');
    await expect(endpoint).toContainText(receiver.url);
    await expect(endpoint).toContainText('A parcel’s status changes');
    await expect(endpoint).not.toContainText('A payout is paid');
    await expectAxeCleanAtEveryWidth(page, 'merchant webhooks');

    // A move of the merchant's parcel reaches the receiver, signed with the secret the page showed.
    const { trackingCode } = (
      await call<Booking>(server, 'POST', '/api/consignments', { token: owner.token, body: STANDARD_PARCEL })
    ).body;
    // A merchant's parcel is picked up at once: its fee comes out of its account (decision 165).
    await call(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes: [trackingCode], status: 'picked_up' } });
    await expect.poll(() => receiver.received.length).toBe(1);
    expect(signatureVerifies(receiver.received[0] as (typeof receiver.received)[number], secret)).toBe(true);

    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const delivery = endpoint.getByTestId('webhook-delivery');
    await expect(delivery).toContainText('consignment.status_changed');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('HTTP 200');
    await delivery.getByRole('button', { name: 'Resend' }).click();
    await expect(endpoint.getByTestId('webhook-delivery')).toHaveCount(2);
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]?.event.id).toBe(receiver.received[0]?.event.id);

    // In Bangla too.
    await page.goto('/bn/dashboard/merchant');
    await expect(page.getByRole('heading', { name: 'ওয়েবহুক' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'এন্ডপয়েন্ট যোগ করুন' })).toBeVisible();

    await page.goto('/dashboard/merchant');
    await page.getByTestId('webhook-endpoint').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('No endpoints yet')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
