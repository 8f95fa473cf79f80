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
    // The dashboard's drawer fades in at desktop widths: axe reads colours once it has.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
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
async function scan(
  page: Page,
  codes: string[],
  status: string,
  options: { hub?: string; reason?: string; rider?: string } = {},
) {
  await page.getByLabel('Tracking codes').fill(codes.join('\n'));
  await page.getByLabel('New status').selectOption({ label: status });
  if (options.hub) await page.getByLabel('Hub', { exact: true }).selectOption({ label: options.hub });
  if (options.reason) await page.getByLabel('Why the delivery failed').selectOption({ label: options.reason });
  if (options.rider) await page.getByLabel('Rider').selectOption({ label: options.rider });
  await page.getByRole('button', { name: 'Apply to every code' }).click();
  await expect(page.getByLabel('Tracking codes')).toHaveValue('');
  return page.getByTestId('scan-result');
}

test('a parcel goes through the hubs, fails once and is delivered with the code from the SMS outbox; anyone with its code sees every step in English and Bangla, and nothing personal', async ({
  page,
  server,
  browser,
}) => {
  const sender = await signUpCustomer(server, { name: 'Asha Rahman' });
  const { trackingCode } = (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: PARCEL })).body;
  const admin = await signInAdmin(server);
  const operator = await signUpCustomer(server, { name: 'Rafiq Hub' });
  const rider = await signUpCustomer(server, { name: 'Jamal Rider' });
  /** Each person in a browser of their own, signed in. */
  const browserOf = async (who: typeof admin) => {
    const context = await browser.newContext({ baseURL: server.url });
    const own = await context.newPage();
    await signInBrowser(own, server, who);
    return own;
  };

  // An admin makes the new accounts a hub operator and a rider on the Make Admin page.
  await signInBrowser(page, server, admin);
  await page.goto('/dashboard/makeAdmin');
  await page.getByLabel(`Staff role of ${operator.email}`).selectOption({ label: 'Hub operator' });
  await expect(page.getByText('The role is saved.')).toBeVisible();
  await page.getByLabel(`Staff role of ${rider.email}`).selectOption({ label: 'Rider' });
  await expect(page.getByText('The role is saved.').first()).toBeVisible();
  await expect(page.getByLabel(`Staff role of ${rider.email}`)).toHaveValue('rider');

  // The operator scans it from pickup to the delivery hub and sends it out with the rider.
  const hub = await browserOf(operator);
  await hub.goto('/dashboard');
  await hub.getByRole('link', { name: 'Scan parcels' }).click();
  await expect(hub.getByRole('heading', { name: 'Scan parcels' })).toBeVisible();
  let results = await scan(hub, [trackingCode.toLowerCase(), 'SC0000000000X'], 'Picked up');
  await expect(results).toHaveText([
    `${trackingCode}Picked up`,
    'SC0000000000XNo parcel has this tracking code. Check it on your receipt or label.',
  ]);
  await expect(hub.getByRole('main').getByRole('status')).toHaveText('1 parcel moved · 1 refused');
  await scan(hub, [trackingCode], 'At a hub', { hub: 'Dhaka hub (Tejgaon)' });
  await scan(hub, [trackingCode], 'In transit', { hub: 'Dhaka hub (Tejgaon)' });
  results = await scan(hub, [trackingCode], 'At the delivery hub', { hub: 'Sylhet hub' });
  await expect(results).toHaveText([`${trackingCode}At the delivery hub`]);
  await expectAxeCleanAtEveryWidth(hub, 'scan screen');
  await scan(hub, [trackingCode], 'Out for delivery', { rider: `Jamal Rider (${rider.email})` });

  // The rider cannot reach the recipient: a failed attempt, with its reason.
  const run = await browserOf(rider);
  await run.goto('/dashboard');
  await run.getByRole('link', { name: 'My run' }).click();
  const stop = run.getByTestId('run-stop');
  await expect(stop).toContainText('Karim Mia');
  await expect(stop).toContainText('14 Station Road, Zindabazar');
  await expect(stop.getByRole('link', { name: 'Call 01812345678' })).toHaveAttribute('href', 'tel:01812345678');
  await expect(stop).toContainText('Collect ৳2,500.00');
  await expectAxeCleanAtEveryWidth(run, 'rider run');
  await stop.getByLabel('Could not deliver because').selectOption({ label: 'Recipient unreachable' });
  await stop.getByRole('button', { name: 'Not delivered' }).click();
  await expect(run.getByText('No parcels are out for delivery with you.')).toBeVisible();

  // Out again the next time; the recipient's new code is read from the SMS outbox in the Mailbox.
  await scan(hub, [trackingCode], 'Out for delivery', { rider: `Jamal Rider (${rider.email})` });
  await server.app.smsWorker.deliverDue();
  await page.goto('/dashboard/mailbox');
  const sent = page
    .getByTestId('text-message')
    .filter({ hasText: `${trackingCode} is out for delivery` })
    .first();
  await expect(sent).toContainText('To: 01812345678');
  const deliveryCode = (await sent.textContent())?.match(/code (\d{6})/)?.[1] ?? '';
  expect(deliveryCode).toMatch(/^\d{6}$/);

  await run.reload();
  await expect(stop).toContainText('Attempt 2');
  await stop
    .getByRole('textbox', { name: 'Recipient’s code' })
    .first()
    .fill(deliveryCode === '000000' ? '111111' : '000000');
  await stop.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(stop.getByRole('alert')).toHaveText('That is not the recipient’s code: 4 tries left.');
  await stop.getByRole('textbox', { name: 'Recipient’s code' }).first().fill(deliveryCode);
  await stop.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(run.getByText('No parcels are out for delivery with you.')).toBeVisible();

  // Anyone with the code, signed in or not, follows it from /track.
  const visitor = await browser.newContext({ baseURL: server.url });
  try {
    const tracker = await visitor.newPage();
    await tracker.goto('/track');
    await tracker.getByLabel('Tracking code').fill(trackingCode.toLowerCase());
    await tracker.getByRole('button', { name: 'Track', exact: true }).click();
    await expect(tracker).toHaveURL(new RegExp(`/track/${trackingCode}$`));
    await expect(tracker.getByRole('heading', { level: 1 })).toContainText('Delivered');
    const steps = tracker.getByRole('listitem').filter({ has: tracker.locator('time') });
    await expect(steps.locator('p').filter({ hasNot: tracker.locator('time') })).toHaveText([
      'Delivered.',
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
      for (const secret of [
        '01812345678',
        '01711000000',
        'Station Road',
        'Zindabazar',
        'House 12',
        'GADGET-7781',
        'Mia',
        deliveryCode,
      ])
        expect(html).not.toContain(secret);
    expect(english).toContain('Arrived at Sylhet hub, the delivery hub.');

    await tracker.goto(`/bn/track/${trackingCode}`);
    await expect(tracker.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(tracker.getByRole('heading', { level: 1 })).toContainText('ডেলিভারি হয়েছে');
    await expect(tracker.getByText('সিলেট হাব-এ পৌঁছেছে, এটিই ডেলিভারি হাব।')).toBeVisible();
    await expect(tracker.getByText('ডেলিভারি হয়নি: প্রাপকের সঙ্গে যোগাযোগ করা যায়নি।')).toBeVisible();
    await expectAxeCleanAtEveryWidth(tracker, 'tracking page in Bangla');

    await tracker.goto('/track/SC0000000000X');
    await expect(tracker.getByRole('heading', { name: 'Parcel not found' })).toBeVisible();
  } finally {
    await visitor.close();
    await hub.context().close();
    await run.context().close();
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
