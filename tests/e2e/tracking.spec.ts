import { AxeBuilder } from '@axe-core/playwright';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: '14 Station Road, Zindabazar', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 250_000,
  merchantInvoice: 'GADGET-7781',
};

/** Serious or critical axe findings at a phone's, a tablet's and a desktop's width, with a screenshot at each. */
async function expectAxeCleanAtEveryWidth(page: Page, what: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      `${what} at ${width} px`,
    ).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${what.replaceAll(' ', '-')}-${width}.png`), fullPage: true });
  }
}

/** Applies one status (and hub, and reason) to the codes typed on the scan screen, and reads each code's result. */
async function scan(page: Page, codes: string[], status: string, options: { hub?: string; reason?: string } = {}) {
  await page.getByLabel('Tracking codes').fill(codes.join('\n'));
  await page.getByLabel('New status').selectOption({ label: status });
  if (options.hub) await page.getByLabel('Hub', { exact: true }).selectOption({ label: options.hub });
  if (options.reason) await page.getByLabel('Why the delivery failed').selectOption({ label: options.reason });
  await page.getByRole('button', { name: 'Apply to every code' }).click();
  await expect(page.getByLabel('Tracking codes')).toHaveValue('');
  return page.getByTestId('scan-result');
}

test('a parcel scanned through the hubs shows every step to anyone with its code, in English and in Bangla, and nothing personal', async ({
  page,
  server,
  browser,
}) => {
  const sender = await signUpCustomer(server, { name: 'Asha Rahman' });
  const { trackingCode } = (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: PARCEL })).body;
  const admin = await signInAdmin(server);
  const operator = await signUpCustomer(server, { name: 'Rafiq Hub' });

  // An admin makes the new account a hub operator on the Make Admin page.
  await signInBrowser(page, server, admin);
  await page.goto('/dashboard/makeAdmin');
  await page.getByLabel(`Staff role of ${operator.email}`).selectOption({ label: 'Hub operator' });
  await expect(page.getByText('The role is saved.')).toBeVisible();

  // The operator scans it from pickup to the delivery hub, then out for delivery, a failed attempt, and out again.
  await signInBrowser(page, server, operator);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Scan parcels' }).click();
  await expect(page.getByRole('heading', { name: 'Scan parcels' })).toBeVisible();
  let results = await scan(page, [trackingCode.toLowerCase(), 'SC0000000000X'], 'Picked up');
  await expect(results).toHaveText([
    `${trackingCode}Picked up`,
    'SC0000000000XNo parcel has this tracking code. Check it on your receipt or label.',
  ]);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('1 parcel moved · 1 refused');
  await scan(page, [trackingCode], 'At a hub', { hub: 'Dhaka hub (Tejgaon)' });
  await scan(page, [trackingCode], 'In transit', { hub: 'Dhaka hub (Tejgaon)' });
  results = await scan(page, [trackingCode], 'At the delivery hub', { hub: 'Sylhet hub' });
  await expect(results).toHaveText([`${trackingCode}At the delivery hub`]);
  await expectAxeCleanAtEveryWidth(page, 'scan screen');
  await scan(page, [trackingCode], 'Out for delivery');
  results = await scan(page, [trackingCode], 'Delivery failed', { reason: 'Recipient unreachable' });
  await expect(results).toHaveText([`${trackingCode}Delivery failed`]);
  await scan(page, [trackingCode], 'Out for delivery');

  // Anyone with the code, signed in or not, follows it from /track.
  const visitor = await browser.newContext({ baseURL: server.url });
  try {
    const tracker = await visitor.newPage();
    await tracker.goto('/track');
    await tracker.getByLabel('Tracking code').fill(trackingCode.toLowerCase());
    await tracker.getByRole('button', { name: 'Track', exact: true }).click();
    await expect(tracker).toHaveURL(new RegExp(`/track/${trackingCode}$`));
    await expect(tracker.getByRole('heading', { level: 1 })).toContainText('Out for delivery');
    const steps = tracker.getByRole('listitem').filter({ has: tracker.locator('time') });
    await expect(steps.locator('p').filter({ hasNot: tracker.locator('time') })).toHaveText([
      'Out for delivery: a rider is bringing it.',
      'Not delivered: the recipient could not be reached.',
      'Out for delivery: a rider is bringing it.',
      'Arrived at Sylhet hub, the delivery hub.',
      'Left Dhaka hub (Tejgaon) for the next hub.',
      'Arrived at Dhaka hub (Tejgaon).',
      'Picked up from the sender.',
      'Booked by the sender.',
    ]);
    await expect(tracker.getByText('Sylhet, for Karim M.')).toBeVisible();
    await expectAxeCleanAtEveryWidth(tracker, 'tracking page');

    const english = await (await visitor.request.get(`/track/${trackingCode}`)).text();
    const bangla = await (await visitor.request.get(`/bn/track/${trackingCode}`)).text();
    for (const html of [english, bangla])
      for (const secret of ['01812345678', '01711000000', 'Station Road', 'Zindabazar', 'House 12', 'GADGET-7781', 'Mia'])
        expect(html).not.toContain(secret);
    expect(english).toContain('Arrived at Sylhet hub, the delivery hub.');

    await tracker.goto(`/bn/track/${trackingCode}`);
    await expect(tracker.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(tracker.getByRole('heading', { level: 1 })).toContainText('ডেলিভারির পথে');
    await expect(tracker.getByText('সিলেট হাব-এ পৌঁছেছে, এটিই ডেলিভারি হাব।')).toBeVisible();
    await expect(tracker.getByText('ডেলিভারি হয়নি: প্রাপকের সঙ্গে যোগাযোগ করা যায়নি।')).toBeVisible();
    await expectAxeCleanAtEveryWidth(tracker, 'tracking page in Bangla');

    await tracker.goto('/track/SC0000000000X');
    await expect(tracker.getByRole('heading', { name: 'Parcel not found' })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('without JavaScript, the tracking forms lead to the parcel: by code, and by invoice number and phone in a POST', async ({
  browser,
  server,
}) => {
  const sender = await signUpCustomer(server);
  const { trackingCode } = (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: PARCEL })).body;
  const plain = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  try {
    const page = await plain.newPage();
    await page.goto('/track');
    await page.getByLabel('Tracking code').fill('not a code');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await expect(page.getByText('A tracking code starts with SC')).toBeVisible();
    await page.getByLabel('Tracking code').fill(trackingCode.toLowerCase());
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/track/${trackingCode}$`));
    await expect(page.getByText('Booked by the sender.')).toBeVisible();

    await page.goto('/bn/track');
    await page.getByLabel('ইনভয়েস নম্বর').fill('GADGET-7781');
    await page.getByLabel('আপনার ফোন নম্বর').fill('01899999999');
    await page.getByRole('button', { name: 'আমার পার্সেল খুঁজুন' }).click();
    await expect(page.getByText('এই ইনভয়েস নম্বর ও প্রাপকের ফোন নম্বরে কোনো পার্সেল নেই।')).toBeVisible();
    // The phone went in the body: the address is the form's own.
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel('আপনার ফোন নম্বর').fill('০১৮১২৩৪৫৬৭৮');
    await page.getByRole('button', { name: 'আমার পার্সেল খুঁজুন' }).click();
    await expect(page).toHaveURL(new RegExp(`/bn/track/${trackingCode}$`));
    await expect(page.getByText('প্রেরক বুক করেছেন।')).toBeVisible();
  } finally {
    await plain.close();
  }
});
