import { and, count, eq, inArray } from 'drizzle-orm';
import { consignmentEvents, consignments } from '#server/db/schema.ts';
import type { Booking } from '#shared/consignment.ts';
import { parcelsAtHub } from '../helpers/bags.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/**
 * Issue 43, R-BAGS: a bag of 200 parcels filled at Dhaka, sent and received at Chattogram in two scans of its
 * label, each parcel with its two events; one parcel taken out of the sack on the road is listed missing
 * when the others are scanned out, and one from another load scanned with them is listed extra.
 */
test('a bag of 200 parcels is dispatched and received in two scans; the one taken out on the road is listed missing', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000);
  const admin = await signInAdmin(server);
  const merchant = await signUpCustomer(server, { name: 'Asha Rahman' });
  await approvedMerchant(server, admin, merchant);
  const booked = (await call<Booking>(server, 'POST', '/api/consignments', { token: merchant.token, body: STANDARD_PARCEL })).body
    .trackingCode;
  const codes = await parcelsAtHub(server.db, booked, 200, 'dhaka');
  const [stray] = await parcelsAtHub(server.db, booked, 1, 'chattogram');
  await signInBrowser(page, server, admin);

  await page.goto('/dashboard/bags');
  await expect(page.getByRole('heading', { name: 'Bags', exact: true })).toBeVisible();
  await expect(page.getByText('No bag yet.')).toBeVisible();
  await expectAxeCleanAtEveryWidth(page, 'bags empty');
  await page.getByLabel('From the hub').selectOption({ label: 'Dhaka hub (Tejgaon)' });
  await page.getByLabel('To the hub').selectOption({ label: 'Chattogram hub' });
  await page.getByRole('button', { name: 'Open the bag', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/bags\/BG[0-9A-Z]{9}$/);
  const bagCode = page.url().split('/').at(-1) as string;

  // The 200 codes as a scanner types them, one per line.
  await page.getByLabel('Tracking codes').fill(codes.join('\n'));
  await page.getByRole('button', { name: 'Put in the bag' }).click();
  await expect(page.getByText('200 parcels done')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('bag-parcel')).toHaveCount(100);
  await expectAxeCleanAtEveryWidth(page, 'bag open');
  await page.getByRole('button', { name: 'Close the bag' }).click();
  await expect(page.getByRole('button', { name: 'Print the bag’s label' })).toBeVisible();
  await expectAxeCleanAtEveryWidth(page, 'bag closed');

  // Scan one: the bag's label at Dhaka sends every parcel in it.
  await page.goto('/dashboard/bags');
  await page.getByLabel('Bag code').fill(bagCode.toLowerCase());
  await page.getByRole('button', { name: 'Dispatch the bag' }).click();
  await expect(page.getByText(`Bag ${bagCode} left Dhaka hub (Tejgaon) with its 200 parcels.`)).toBeVisible({ timeout: 30_000 });
  const moved = async (status: 'in_transit' | 'at_hub', hub: string) => {
    const [row] = await server.db
      .select({ parcels: count() })
      .from(consignmentEvents)
      .innerJoin(consignments, eq(consignments.id, consignmentEvents.consignmentId))
      .where(
        and(
          inArray(consignments.trackingCode, codes),
          eq(consignmentEvents.status, status),
          eq(consignmentEvents.hub, hub),
          eq(consignments.status, status),
        ),
      );
    return row?.parcels;
  };
  expect(await moved('in_transit', 'dhaka')).toBe(200);

  // Scan two: the same label at Chattogram receives them all.
  await page.getByLabel('Bag code').fill(bagCode);
  await page.getByRole('button', { name: 'Receive the bag' }).click();
  await expect(page.getByText(`Bag ${bagCode} arrived at Chattogram hub with its 200 parcels`)).toBeVisible({ timeout: 30_000 });
  expect(await moved('at_hub', 'chattogram')).toBe(200);
  await expect(page.getByRole('row', { name: new RegExp(bagCode) })).toContainText('Arrived');
  await expectAxeCleanAtEveryWidth(page, 'bags');

  // The first parcel was taken out of the sack on the road: every other is scanned out, and a stray one with them.
  await page.getByRole('link', { name: 'Open the bag’s page' }).click();
  await page.getByLabel('Tracking codes').fill([...codes.slice(1), stray].join('\n'));
  await page.getByRole('button', { name: 'Scan out', exact: true }).click();
  await expect(page.getByText('199 parcels done · 1 refused')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('scan-result')).toHaveText([
    `${stray}This parcel was not put in this bag: it is listed as extra.`,
  ]);
  await page.getByRole('button', { name: 'Missing (1)' }).click();
  await expect(page.getByRole('heading', { name: 'Missing parcels' })).toBeVisible();
  await expect(page.getByTestId('bag-parcel')).toHaveCount(1);
  await expect(page.getByTestId('bag-parcel')).toContainText(codes[0] as string);
  await expectAxeCleanAtEveryWidth(page, 'bag arrived missing');
  await page.getByRole('button', { name: 'Extra (1)' }).click();
  await expect(page.getByTestId('bag-parcel')).toContainText(stray as string);

  // The same screens in Bangla.
  await page.goto(`/bn/dashboard/bags/${bagCode}`);
  await expect(page.getByRole('heading', { name: 'নিখোঁজ পার্সেল' })).toBeVisible();
  await expect(page.getByTestId('bag-parcel')).toContainText(codes[0] as string);
  await expectAxeCleanAtEveryWidth(page, 'bag arrived bn');
  await page.goto('/bn/dashboard/bags');
  await expect(page.getByRole('heading', { name: 'ব্যাগ', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(bagCode) })).toContainText('পৌঁছেছে');
  await expectAxeCleanAtEveryWidth(page, 'bags bn');
});
