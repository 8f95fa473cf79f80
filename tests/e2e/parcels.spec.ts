import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { mailOutbox } from '#server/db/schema.ts';
import { dayAfter, shopClock, workingDaysAfter } from '#server/modules/rates/working-days.ts';
import { BD_MOBILE_MESSAGE } from '#shared/consignment.ts';
import { MESSAGES } from '#shared/messages.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const today = () => shopClock(new Date(), 'Asia/Dhaka').day;
const dayAhead = (days: number) => dayAfter(today(), days);
const workingDayAhead = (days: number) => workingDaysAfter(today(), days);

test('a customer books a parcel from "Book a Transport Now": quote, book, pay the fee with the test card, print the label, see it in My Parcels', async ({
  page,
  server,
}) => {
  // Axe on four pages at three widths: a journey, not a check (it ran out of 60 s on a loaded machine).
  test.slow();
  const customer = await signUpCustomer(server, { name: 'Asha Rahman' });
  await signInBrowser(page, server, customer);

  await page.goto('/');
  await page.getByRole('link', { name: 'Book a Transport Now' }).click();
  await expect(page).toHaveURL(/\/ship$/);
  await expect(page.getByRole('heading', { name: 'Send a parcel', level: 1 })).toBeVisible();

  // The area fields suggest places as they are typed, a typo forgiven.
  const from = page.getByLabel('From');
  await from.fill('Gulshn');
  await expect(page.locator('datalist option[value="Gulshan, Dhaka"]:not([label])')).toBeAttached();
  // The neighbourhoods within it too, each saying the area that prices it (decision 158).
  await expect(page.locator('datalist option[label="Gulshan 2 (1212) — Gulshan, Dhaka"]')).toHaveAttribute(
    'value',
    'Gulshan, Dhaka',
  );
  await from.fill('Gulshan, Dhaka');
  await page.getByLabel('To', { exact: true }).fill('Sylhet Sadar, Sylhet');
  await page.getByLabel('Weight (kg)').fill('1.5');
  await page.getByRole('button', { name: 'Get prices' }).click();
  await expect(page).toHaveURL(/\/ship\?from=Gulshan%2C\+Dhaka&to=Sylhet\+Sadar%2C\+Sylhet&weight=1.5/);
  const express = page.getByTestId('quote-express');
  await expect(express).toContainText('৳180.00');
  await expect(page.getByTestId('quote-same-day')).toContainText('Same-day delivery stays within one city.');
  // The services this route cannot take come after those it can, which a phone shows first (issue 42).
  const cards = await page.locator('[data-testid^="quote-"]').evaluateAll((items) => items.map((item) => item.dataset.testid));
  expect(cards.slice(-2)).toEqual(['quote-same-day', 'quote-cargo']);
  await expectAxeCleanAtEveryWidth(page, 'ship quote');

  await express.getByRole('link', { name: 'Book Express' }).click();
  await expect(page).toHaveURL(/\/ship\/book\?service=express/);
  const pickup = page.getByRole('group', { name: 'Pick up from' });
  await expect(pickup.getByLabel('Name')).toHaveValue('Asha Rahman');
  await expect(pickup.getByLabel('Area')).toHaveValue('Gulshan, Dhaka');
  await pickup.getByLabel('Mobile number').fill('+880 1711-000000');
  await pickup.getByLabel('Address').fill('House 12, Road 5');
  const recipient = page.getByRole('group', { name: 'Deliver to' });
  await recipient.getByLabel('Name').fill('Karim Mia');
  await recipient.getByLabel('Mobile number').fill('01212345678');
  await recipient.getByLabel('Address').fill('Station Road');
  await expect(page.getByTestId('booking-price')).toContainText('Total ৳180.00');
  await page.getByRole('button', { name: 'Book this parcel' }).click();
  await expect(recipient.getByText(/Enter a Bangladeshi mobile number/)).toBeVisible();
  await recipient.getByLabel('Mobile number').fill('01812345678');
  await expectAxeCleanAtEveryWidth(page, 'booking form');
  await page.getByRole('button', { name: 'Book this parcel' }).click();

  await expect(page).toHaveURL(/\/dashboard\/parcels\/SC[0-9A-Z]{11}$/);
  const trackingCode = page.url().split('/').at(-1) as string;
  await expect(page.getByText('Your parcel is booked.')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Pay the fee: ৳180.00' })).toBeVisible();
  await expectAxeCleanAtEveryWidth(page, 'parcel to pay');
  await main.getByLabel('Card number').fill('4242 4242 4242 4242');
  await main.getByLabel('Expiry').fill(`12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`);
  await main.getByLabel('CVC').fill('123');
  await main.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.locator('.Toastify').getByText(MESSAGES.paymentComplete)).toBeVisible();
  await expect(main.getByText('(paid by card)')).toBeVisible();
  await expect(main.getByRole('heading', { name: /Pay the fee/ })).toBeHidden();

  // The label: a PDF holding the tracking code (under its barcode) and the tracking address (under its QR code).
  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Print label' }).click();
  const label = await download;
  expect(label.suggestedFilename()).toBe(`label-${trackingCode}.pdf`);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await label.path()) as string)));
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain(trackingCode);
  expect(text).toContain(`${server.url}/track/${trackingCode}`);
  expect(text).toContain('Karim Mia');

  await page.getByRole('link', { name: 'My Parcels' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/parcels$/);
  const row = page.getByRole('row').filter({ hasText: trackingCode });
  await expect(row).toContainText('Karim Mia');
  await expect(row).toContainText('৳180.00');
  await expect(row).not.toContainText('Fee to pay');
  await expectAxeCleanAtEveryWidth(page, 'my parcels');
});

test('the quote works without JavaScript: the server renders the prices and the field messages', async ({ browser, server }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/ship');
  await page.getByLabel('From').fill('Savar');
  await page.getByLabel('To', { exact: true }).fill('Atlantis');
  await page.getByLabel('Weight (kg)').fill('2');
  await page.getByRole('button', { name: 'Get prices' }).click();
  await expect(page.getByText('No area is called “Atlantis”: choose one of the suggestions.')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('Mirpur');
  await page.getByRole('button', { name: 'Get prices' }).click();
  await expect(page.getByText('Several areas are called “Mirpur”: add the district, like “Mirpur, Kushtia”.')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('Mirpur, Dhaka');
  await page.getByRole('button', { name: 'Get prices' }).click();
  await expect(page.getByTestId('quote-standard')).toContainText('৳120.00');
  await expect(page.getByText('City and suburbs')).toBeVisible();
  await context.close();
});

test('an admin downloads the rate card, and a file with a bad line is refused by its line number', async ({ page, server }) => {
  await signInBrowser(page, server, await signInAdmin(server));
  await page.goto('/dashboard/rates');
  await expect(page.getByTestId('rate-card')).toContainText('express');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = readFileSync((await (await download).path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'service,zone,minimum_taka,up_to_500g,up_to_1kg,up_to_2kg,up_to_5kg,up_to_10kg,extra_per_500g_taka',
  );

  const broken = csv.replace('standard,suburb,', 'standard,moon,');
  await page.getByLabel('CSV file, in the form of the download').setInputFiles({
    name: 'rates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(broken),
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('alert')).toContainText('Line 7: No zone is called “moon”');
  await expectAxeCleanAtEveryWidth(page, 'rates');

  const dearer = csv.replace('express,same-city,0,80,', 'express,same-city,0,85,');
  await page.getByLabel('CSV file, in the form of the download').setInputFiles({
    name: 'rates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(dearer),
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('The new rate card is in force')).toBeVisible();
  await expect(page.getByRole('row', { name: /^express same-city 0 85 / })).toBeVisible();
});

test('freight: asked for from the Road Freight card, priced by an admin, accepted by the customer, scheduled; each step mailed', async ({
  page,
  browser,
  server,
}) => {
  // Two accounts and axe at every width twice: 50 s on a quiet machine (CI stop 49), over 60 under load.
  test.slow();
  const customer = await signUpCustomer(server, { name: 'Rafiq Traders' });
  await signInBrowser(page, server, customer);
  await page.goto('/');
  await page.getByRole('link', { name: 'Get a quote for Road Freight' }).click();
  await expect(page).toHaveURL(/\/freight\?mode=road$/);
  await expect(page.getByLabel('Service')).toHaveValue('road');
  await page.getByLabel('From').fill('Tongi, Gazipur');
  await page.getByLabel('To', { exact: true }).fill('Chattogram port');
  await page.getByLabel('Goods').fill('12 pallets of garments');
  await page.getByRole('button', { name: 'Ask for a quote' }).click();
  await expect(page.getByText('Give the weight, the volume or both.')).toBeVisible();
  await expect(page.getByText(BD_MOBILE_MESSAGE)).toBeVisible();
  await page.getByLabel('Weight (kg)').fill('4800');
  await page.getByLabel('Ready on').fill(dayAhead(2));
  // The freight team's number to call (issue 42), as people type it.
  await page.getByLabel('Phone').fill('01811 234567');
  await expectAxeCleanAtEveryWidth(page, 'freight form');
  await page.getByRole('button', { name: 'Ask for a quote' }).click();
  await expect(page).toHaveURL(/\/dashboard\/freight$/);
  const card = page.getByTestId('freight-request');
  await expect(card).toContainText('Waiting for a quote');

  const adminPage = await (await browser.newContext({ baseURL: server.url })).newPage();
  await signInBrowser(adminPage, server, await signInAdmin(server));
  await adminPage.goto('/dashboard/freight');
  const adminCard = adminPage.getByTestId('freight-request').filter({ hasText: 'Rafiq Traders' });
  // The admin reads the number to call and the days the load is ready and due (issue 42).
  await expect(adminCard).toContainText('01811234567');
  await expect(adminCard.getByTestId('freight-dates')).toContainText('Ready on');
  await adminCard.getByLabel('Price (৳)').fill('45000');
  await adminCard.getByLabel('Valid until').fill(dayAhead(7));
  await adminCard.getByRole('button', { name: 'Send the quote' }).click();
  await expect(adminCard).toContainText('Quoted');
  await expectAxeCleanAtEveryWidth(adminPage, 'freight admin');

  await page.reload();
  await expect(card).toContainText('Quote ৳45,000.00');
  // Accepting asks first, naming the amount; "Keep it" changes nothing (issue 42).
  await card.getByRole('button', { name: 'Accept the quote' }).click();
  const question = page.getByRole('dialog');
  await expect(question.getByRole('heading')).toContainText('Accept ৳45,000.00 for FR-');
  await question.getByRole('button', { name: 'Keep it' }).click();
  // The dialog leaves the page once its close event has run; until then its own "Accept the quote" is in the card.
  await expect(question).toHaveCount(0);
  await expect(card).toContainText('Quoted');
  await card.getByRole('button', { name: 'Accept the quote' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept the quote' }).click();
  await expect(card).toContainText('Accepted');
  await expect(card.getByTestId('freight-how-to-pay')).toContainText('Pay ৳45,000.00 by bank transfer or bKash');

  await adminPage.reload();
  await adminCard.getByLabel('Moves on').fill(dayAhead(9));
  await adminCard.getByRole('button', { name: 'Schedule' }).click();
  await expect(adminCard).toContainText('Scheduled');
  const mails = await server.db
    .select({ kind: mailOutbox.kind, data: mailOutbox.data })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, customer.email));
  expect(
    mails
      .filter((mail) => mail.kind === 'freight-request')
      .map((mail) => (mail.data as { step: string }).step)
      .sort(),
  ).toEqual(['accepted', 'quoted', 'requested', 'scheduled']);
});

test('a sender asks for a pickup, the admin sees it under its area on that day, and the sender cancels it', async ({
  page,
  browser,
  server,
}) => {
  // Two accounts' pages and axe at three widths, three times.
  test.slow();
  const customer = await signUpCustomer(server, { name: 'Asha Rahman' });
  await signInBrowser(page, server, customer);
  await page.goto('/dashboard/pickup');
  const form = page.getByRole('main');
  await form.getByLabel('Mobile number').fill('01711000000');
  await form.getByLabel('Address', { exact: true }).fill('House 12, Road 5');
  await form.getByLabel('Area').fill('Gulshan, Dhaka');
  const day = workingDayAhead(2);
  await form.getByLabel('Day').fill(day);
  await form.getByLabel('Time').selectOption('12-15');
  await form.getByLabel('Parcels').fill('4');
  await expectAxeCleanAtEveryWidth(page, 'pickup form');
  await page.getByRole('button', { name: 'Book the pickup' }).click();
  await expect(page.getByTestId('my-pickup')).toContainText('Midday, 12:00 to 15:00');
  // The sender's list says how many parcels the courier comes for (issue 42).
  await expect(page.getByTestId('my-pickup')).toContainText('4 parcels');

  const adminPage = await (await browser.newContext({ baseURL: server.url })).newPage();
  await signInBrowser(adminPage, server, await signInAdmin(server));
  await adminPage.goto(`/dashboard/pickups?day=${day}`);
  const area = adminPage.getByRole('region', { name: 'Gulshan, Dhaka' });
  await expect(area.getByTestId('day-pickup')).toContainText('Asha Rahman');
  await expect(area.getByTestId('day-pickup')).toContainText('4 parcels');
  await expectAxeCleanAtEveryWidth(adminPage, 'day pickups');

  // Its asker calls the courier off before the window (issue 42): asked first, then marked, and gone from the day.
  await page.getByRole('button', { name: 'Cancel pickup' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel pickup' }).click();
  await expect(page.getByTestId('my-pickup')).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel pickup' })).toHaveCount(0);
  await expectAxeCleanAtEveryWidth(page, 'pickup list with a cancelled pickup');
  await adminPage.reload();
  await expect(adminPage.getByTestId('day-pickup')).toHaveCount(0);
});

test('a merchant’s pickup form starts from its default store (issue 42)', async ({ page, server }) => {
  const customer = await signUpCustomer(server, { name: 'Asha Rahman' });
  await approvedMerchant(server, await signInAdmin(server), customer);
  await signInBrowser(page, server, customer);
  await page.goto('/dashboard/pickup');
  const form = page.getByRole('main');
  const store = STANDARD_PARCEL.pickup as NonNullable<typeof STANDARD_PARCEL.pickup>;
  await expect(form.getByLabel('Address', { exact: true })).toHaveValue(store.address);
  await expect(form.getByLabel('Mobile number')).toHaveValue(store.phone);
  await expect(form.getByLabel('Area')).toHaveValue('Gulshan, Dhaka');
});

test('cash to collect is a merchant’s: a customer sees the field closed with a link to apply, an approved merchant types it (issue 39)', async ({
  page,
  server,
}) => {
  // Two accounts' forms and axe at three widths.
  test.slow();
  const customer = await signUpCustomer(server, { name: 'Asha Rahman' });
  await signInBrowser(page, server, customer);
  // A quote's cash, carried to the form in its address, is not kept for a customer who cannot book it.
  await page.goto('/ship/book?service=express&cod=1500');
  const cod = page.getByLabel('Cash to collect (৳)');
  await expect(cod).toBeDisabled();
  await expect(cod).toHaveValue('0');
  await expect(page.getByText('Cash on delivery is for merchant accounts.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply as a merchant' })).toHaveAttribute('href', '/dashboard/merchant');
  const feeChoice = page.getByRole('group', { name: 'How you pay the fee' });
  await expect(feeChoice.getByRole('radio')).toHaveCount(0);
  await expect(feeChoice).toContainText('It is picked up once the fee is paid.');
  await expectAxeCleanAtEveryWidth(page, 'booking form of a customer');

  await approvedMerchant(server, await signInAdmin(server), customer);
  await page.goto('/ship/book?service=express&cod=1500');
  await expect(cod).toBeEnabled();
  await expect(cod).toHaveValue('1500');
  await expect(page.getByText('Cash on delivery is for merchant accounts.')).toBeHidden();
  // A merchant's fee has no card step (decision 165): from the cash, else from the COD balance.
  await expect(feeChoice.getByRole('radio')).toHaveCount(0);
  await expect(feeChoice).toContainText('otherwise from your account (your COD balance)');
});

test('a cancelled parcel’s page shows no fee to pay, no card form and no label, also after a reload (issue 39)', async ({
  page,
  server,
}) => {
  test.slow();
  const sender = await signUpCustomer(server, { name: 'Asha Rahman' });
  const { trackingCode } = (await call(server, 'POST', '/api/consignments', { token: sender.token, body: STANDARD_PARCEL })).body;
  await signInBrowser(page, server, sender);
  await page.goto(`/dashboard/parcels/${trackingCode}`);
  const main = page.getByRole('main');
  await expect(main.getByText('Fee to pay')).toBeVisible();
  await main.getByRole('button', { name: 'Cancel parcel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel parcel' }).click();
  await expect(page.locator('.Toastify').getByText('Parcel cancelled.')).toBeVisible();
  for (const seen of ['cancelled', 'reloaded']) {
    if (seen === 'reloaded') await page.reload();
    await expect(main.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(main.getByText('(nothing to pay: the parcel was cancelled)')).toBeVisible();
    await expect(main.getByText('Fee to pay')).toHaveCount(0);
    await expect(main.getByRole('heading', { name: /Pay the fee/ })).toHaveCount(0);
    await expect(main.getByLabel('Card number')).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Print label' })).toHaveCount(0);
    await expect(main.getByText(/check your connection/i)).toHaveCount(0);
  }
  await expectAxeCleanAtEveryWidth(page, 'cancelled parcel');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a jump to a section of a page stops below the sticky navbar, not under it (issue 42)', async ({ page }) => {
    await page.goto('/ship#ship-track-heading');
    const navbar = await page.getByRole('banner').boundingBox();
    const heading = await page.locator('#ship-track-heading').boundingBox();
    expect(heading?.y).toBeGreaterThanOrEqual((navbar?.y ?? 0) + (navbar?.height ?? Number.NaN));
  });
});
