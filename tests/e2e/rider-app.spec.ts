import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { consignmentEvents, consignments } from '#server/db/schema.ts';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const parcelTo = (name: string, phone: string): ConsignmentInput => ({
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name, phone, address: 'House 4, Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 250_000,
});

/** A rider with parcels out for delivery, each with the code its recipient was sent. */
async function riderWithRun(server: TestServer, recipients: string[]) {
  const admin = await signInAdmin(server);
  const sender = await signUpCustomer(server, { name: 'Asha Rahman' });
  await approvedMerchant(server, admin, sender);
  const rider = await signUpCustomer(server, { name: 'Jamal Rider' });
  await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
  const parcels: { name: string; trackingCode: string; deliveryCode: string }[] = [];
  for (const [index, name] of recipients.entries()) {
    const body = parcelTo(name, `0181234${String(5000 + index)}`);
    const { trackingCode } = (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body })).body;
    for (const [status, extra] of [
      ['picked_up', {}],
      ['at_hub', { hub: 'sylhet' }],
      ['out_for_delivery', { rider: rider.email }],
    ] as const)
      await call(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes: [trackingCode], status, ...extra } });
    parcels.push({ name, trackingCode, deliveryCode: '' });
  }
  await server.app.smsWorker.deliverDue();
  const texts = (await call<{ text: string }[]>(server, 'GET', '/api/mailbox/sms', { token: admin.token })).body;
  for (const parcel of parcels)
    parcel.deliveryCode =
      texts
        .find((sms) => sms.text.includes(parcel.trackingCode) && /code \d{6}/.test(sms.text))
        ?.text.match(/code (\d{6})/)?.[1] ?? '';
  return { rider, parcels };
}

/** The run page, once its service worker controls it and has kept the run for opening offline. */
async function openRunAsApp(page: Page, server: TestServer, rider: SignedInCustomer, path = '/dashboard/run') {
  await signInBrowser(page, server, rider);
  await page.goto(path);
  await expect(page.getByTestId('run-summary')).toBeVisible();
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          const cache = await caches.open('rider-app-v1');
          const kept = await Promise.all(
            ['/api/auth/get-session', '/api/rider/run', '/api/rider/code-seal', location.pathname].map((path) =>
              cache.match(path),
            ),
          );
          return kept.every(Boolean);
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

const stopOf = (page: Page, name: string) => page.getByTestId('run-stop').filter({ hasText: name });

test.describe('the rider app on a phone with no signal (issue 43, R-RIDER-OFFLINE)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('outcomes recorded offline are kept through a reload and reach the server once when the network returns; a wrong code comes back refused', async ({
    page,
    server,
  }) => {
    const { rider, parcels } = await riderWithRun(server, ['Karim Mia', 'Rahim Uddin', 'Salma Begum', 'Nasrin Akter']);
    const [withCode, failed, withPhoto, wrongCode] = parcels as [(typeof parcels)[0], ...typeof parcels];
    await openRunAsApp(page, server, rider);
    await expect(page.getByTestId('run-summary')).toContainText('Parcels4');

    await page.context().setOffline(true);
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    const record = async (name: string, fill: (stop: ReturnType<typeof stopOf>) => Promise<void>) => {
      const stop = stopOf(page, name);
      await stop.getByRole('button', { name: new RegExp(name) }).click();
      await fill(stop);
      await expect(stop.getByTestId('outcome-queued')).toBeVisible();
      await expect(page.getByText('Kept on this phone: it is sent when the network returns.').first()).toBeVisible();
    };
    await record(withCode.name, async (stop) => {
      await stop.getByLabel('Recipient’s code').fill(withCode.deliveryCode);
      await stop.getByRole('button', { name: 'Record: delivered' }).click();
    });
    await record(failed?.name ?? '', async (stop) => {
      await stop.getByText('Not delivered', { exact: true }).click();
      await stop.getByLabel('Could not deliver because').selectOption('unreachable');
      await stop.getByRole('button', { name: 'Record: not delivered' }).click();
    });
    await record(withPhoto?.name ?? '', async (stop) => {
      await stop.getByText('No code? Take a photo of the handover').click();
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8b5a2b' } })
        .jpeg()
        .toBuffer();
      await stop.getByLabel('Photo of the handover').setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo });
      await stop.getByLabel('Who took the parcel').fill('Salma’s neighbour');
      await stop.getByRole('button', { name: 'Record: delivered' }).click();
    });
    const wrong = wrongCode?.deliveryCode === '000000' ? '111111' : '000000';
    await record(wrongCode?.name ?? '', async (stop) => {
      await stop.getByLabel('Recipient’s code').fill(wrong);
      await stop.getByRole('button', { name: 'Record: delivered' }).click();
    });
    await expect(page.getByTestId('run-summary')).toContainText('Waiting to send4');
    // The phone keeps the outcomes with each code sealed for the server: no code in the clear.
    const keptOnPhone = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const opening = indexedDB.open('rider-app');
          opening.onsuccess = () => {
            const all = opening.result.transaction('outcomes').objectStore('outcomes').getAll();
            all.onsuccess = () => resolve(JSON.stringify(all.result));
          };
        }),
    );
    expect(keptOnPhone).toContain('"sealedCode":"v1.');
    expect(keptOnPhone).not.toContain(withCode.deliveryCode);
    expect(keptOnPhone).not.toContain(wrong);

    // Reloaded with no network: the page, the run and the four outcomes are all still there.
    await page.reload();
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await expect(page.getByTestId('outcome-queued')).toHaveCount(4);
    await expect(page.getByTestId('run-summary')).toContainText('Waiting to send4');
    await page.screenshot({ path: test.info().outputPath('rider-run-offline-queue-375.png'), fullPage: true });
    // Nothing reached the server meanwhile.
    const statusOf = async (trackingCode: string) =>
      (await server.db.select().from(consignments).where(eq(consignments.trackingCode, trackingCode)))[0]?.status;
    expect(await statusOf(withCode.trackingCode)).toBe('out_for_delivery');

    await page.context().setOffline(false);
    await expect(stopOf(page, wrongCode?.name ?? '').getByTestId('outcome-refused')).toContainText(
      'That is not the recipient’s code: 4 tries left.',
    );
    await expect(page.getByTestId('run-stop')).toHaveCount(1);
    await expect(page.getByTestId('run-summary')).toContainText('Waiting to send0');
    await expectAxeCleanAtEveryWidth(page, 'rider run with a refusal');

    // Each reached the server exactly once.
    const eventsOf = async (trackingCode: string) => {
      const [row] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, trackingCode));
      const events = await server.db
        .select({ status: consignmentEvents.status })
        .from(consignmentEvents)
        .where(eq(consignmentEvents.consignmentId, row?.id ?? ''));
      return { status: row?.status, deliveryCodeTries: row?.deliveryCodeTries, events: events.map((event) => event.status) };
    };
    const once = (events: string[], status: string) => events.filter((each) => each === status).length;
    const delivered = await eventsOf(withCode.trackingCode);
    expect([delivered.status, once(delivered.events, 'delivered')]).toEqual(['delivered', 1]);
    const notDelivered = await eventsOf(failed?.trackingCode ?? '');
    expect([notDelivered.status, once(notDelivered.events, 'delivery_failed')]).toEqual(['delivery_failed', 1]);
    const onPhoto = await eventsOf(withPhoto?.trackingCode ?? '');
    expect([onPhoto.status, once(onPhoto.events, 'delivered')]).toEqual(['delivered', 1]);
    expect(await eventsOf(wrongCode?.trackingCode ?? '')).toMatchObject({ status: 'out_for_delivery', deliveryCodeTries: 1 });

    // The refused one is recorded again with the right code.
    const refused = stopOf(page, wrongCode?.name ?? '');
    await refused.getByRole('button', { name: 'Record again' }).click();
    await refused.getByLabel('Recipient’s code').fill(wrongCode?.deliveryCode ?? '');
    await refused.getByRole('button', { name: 'Record: delivered' }).click();
    await expect(page.getByText('No parcels are out for delivery with you.')).toBeVisible();
  });

  test('the run as compact cards with a summary, call, text and map, in Bangla with Bengali digits; installable', async ({
    page,
    server,
  }) => {
    const { rider } = await riderWithRun(server, ['Karim Mia', 'Rahim Uddin']);
    await openRunAsApp(page, server, rider, '/bn/dashboard/run');
    const summary = page.getByTestId('run-summary');
    await expect(summary).toContainText('পার্সেল২');
    const stop = stopOf(page, 'Karim Mia');
    await expect(stop.getByTestId('run-stop-details')).toHaveCount(0);
    await stop.getByRole('button', { name: /Karim Mia/ }).click();
    await expect(stop.getByLabel('আদায় করা টাকা (৳)')).toHaveValue('২৫০০');
    await expect(stop.getByRole('link', { name: 'কল' })).toHaveAttribute('href', 'tel:01812345000');
    await expect(stop.getByRole('link', { name: 'মেসেজ' })).toHaveAttribute('href', 'sms:01812345000');
    await expect(stop.getByRole('link', { name: 'ম্যাপ' })).toHaveAttribute('href', /google\.com\/maps\/search\/.*Station%20Road/);
    // One card open at a time.
    await stopOf(page, 'Rahim Uddin')
      .getByRole('button', { name: /Rahim Uddin/ })
      .click();
    await expect(page.getByTestId('run-stop-details')).toHaveCount(1);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? ((await (await fetch(link.href)).json()) as Record<string, unknown>) : undefined;
    });
    expect(manifest).toMatchObject({ start_url: '/bn/dashboard/run', display: 'standalone', lang: 'bn' });
    expect(((manifest?.icons ?? []) as { sizes: string }[]).map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    // Chromium's own install criteria (a manifest with its icons, start URL and display, a worker that controls the page).
    const devtools = await page.context().newCDPSession(page);
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito windows, which Chromium never installs from: the one error left.
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    await expectAxeCleanAtEveryWidth(page, 'rider run bn');
  });
});
