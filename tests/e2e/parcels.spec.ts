import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { extractText, getDocumentProxy } from 'unpdf';
import { MESSAGES } from '#shared/messages.ts';
import { signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/** Serious or critical axe findings at a phone's, a tablet's and a desktop's width. */
async function expectAxeCleanAtEveryWidth(page: Page, what: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } } })
      .analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      `${what} at ${width} px`,
    ).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${what.replaceAll(' ', '-')}-${width}.png`) });
  }
}

test('a customer books a parcel from "Book a Transport Now": quote, book, pay the fee with the test card, print the label, see it in My Parcels', async ({
  page,
  server,
}) => {
  const customer = await signUpCustomer(server, { name: 'Asha Rahman' });
  await signInBrowser(page, server, customer);

  await page.goto('/');
  await page.getByRole('link', { name: 'Book a Transport Now' }).click();
  await expect(page).toHaveURL(/\/ship$/);
  await expect(page.getByRole('heading', { name: 'Send a parcel', level: 1 })).toBeVisible();

  // The area fields suggest places as they are typed, a typo forgiven.
  const from = page.getByLabel('From');
  await from.fill('Gulshn');
  await expect(page.locator('datalist option[value="Gulshan, Dhaka"]')).toBeAttached();
  await from.fill('Gulshan, Dhaka');
  await page.getByLabel('To', { exact: true }).fill('Sylhet Sadar, Sylhet');
  await page.getByLabel('Weight (kg)').fill('1.5');
  await page.getByRole('button', { name: 'Get prices' }).click();
  await expect(page).toHaveURL(/\/ship\?from=Gulshan%2C\+Dhaka&to=Sylhet\+Sadar%2C\+Sylhet&weight=1.5/);
  const express = page.getByTestId('quote-express');
  await expect(express).toContainText('৳180.00');
  await expect(page.getByTestId('quote-same-day')).toContainText('Same-day delivery stays within one city.');
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
