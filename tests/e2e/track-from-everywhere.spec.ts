import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import { checkCharacter } from '#shared/tracking-code.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, type Page, test } from './fixtures.ts';

const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: '14 Station Road, Zindabazar', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 0,
};

const ENGLISH = { box: 'Track a parcel', code: 'Tracking code', track: 'Track', booked: 'Booked by the sender.' };
const BANGLA = { box: 'পার্সেল ট্র্যাক করুন', code: 'ট্র্যাকিং কোড', track: 'ট্র্যাক করুন', booked: 'প্রেরক বুক করেছেন।' };
type Words = typeof ENGLISH;

/** A real parcel, booked through the API by a merchant. */
async function bookedParcel(server: Parameters<typeof signUpCustomer>[0]) {
  const sender = await signUpCustomer(server);
  await approvedMerchant(server, await signInAdmin(server), sender);
  return (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: PARCEL })).body.trackingCode;
}

/** Types the code into the tracking form on the page and lands on the parcel's tracking page. */
async function trackFrom(page: Page, words: Words, code: string, prefix: string) {
  // The home page's and /ship's box, or /track's own form: each a region named "Track a parcel".
  const box = page.getByRole('main').getByRole('region', { name: words.box });
  await box.getByLabel(words.code, { exact: true }).fill(code.toLowerCase());
  await box.getByRole('button', { name: words.track, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/track/${code}$`));
  await expect(page.getByText(words.booked)).toBeVisible();
}

test('from the home page, its tracking box leads to a parcel, in English and Bangla; a code with a typo is told so (issue 42)', async ({
  page,
  server,
}) => {
  const code = await bookedParcel(server);
  await page.goto('/');
  await trackFrom(page, ENGLISH, code, '');

  // One character changed: the code's check character catches it.
  const other = code[5] === '7' ? '8' : '7';
  const typo = `${code.slice(0, 5)}${other}${code.slice(6)}`;
  expect(checkCharacter(typo.slice(2, 12))).not.toBe(typo.at(-1));
  await page.goto('/bn');
  const box = page.getByRole('region', { name: BANGLA.box });
  await box.getByLabel(BANGLA.code, { exact: true }).fill(typo);
  await box.getByRole('button', { name: BANGLA.track, exact: true }).click();
  await expect(page).toHaveURL(/\/bn\/track\?code=/);
  await expect(page.getByText('কোডে টাইপের ভুল আছে')).toBeVisible();

  await page.goto('/bn');
  await trackFrom(page, BANGLA, code, '/bn');
});

test('from the footer of any page, in English and Bangla (issue 42)', async ({ page, server }) => {
  const code = await bookedParcel(server);
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: ENGLISH.box }).click();
  await expect(page).toHaveURL(/\/track$/);
  await trackFrom(page, ENGLISH, code, '');

  await page.goto('/bn/blog');
  await page.getByRole('contentinfo').getByRole('link', { name: BANGLA.box }).click();
  await expect(page).toHaveURL(/\/bn\/track$/);
  await trackFrom(page, BANGLA, code, '/bn');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('from the mobile menu, in English and Bangla (issue 42)', async ({ page, server }) => {
    const code = await bookedParcel(server);
    await page.goto('/ship');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: ENGLISH.track, exact: true }).click();
    await expect(page).toHaveURL(/\/track$/);
    await trackFrom(page, ENGLISH, code, '');

    await page.goto('/bn');
    await page.getByRole('button', { name: 'মেনু খুলুন' }).click();
    await page.getByRole('banner').getByRole('link', { name: BANGLA.track, exact: true }).click();
    await expect(page).toHaveURL(/\/bn\/track$/);
    await trackFrom(page, BANGLA, code, '/bn');
  });
});

test('without JavaScript, the home page and /ship tracking boxes lead to the parcel (issue 42)', async ({ browser, server }) => {
  const code = await bookedParcel(server);
  const plain = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  try {
    const page = await plain.newPage();
    await page.goto('/bn');
    await trackFrom(page, BANGLA, code, '/bn');
    await page.goto('/ship');
    await trackFrom(page, ENGLISH, code, '');
  } finally {
    await plain.close();
  }
});
