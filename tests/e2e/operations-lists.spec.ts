import { eq, sql } from 'drizzle-orm';
import { consignments } from '#server/db/schema.ts';
import { shopClock, workingDaysAfter } from '#server/modules/rates/working-days.ts';
import type { Booking } from '#shared/consignment.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { expectAxeCleanAtEveryWidth } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/**
 * Issue 43 (R-OPERATIONS-LISTS, R-HUB-LISTS, R-PICKUPS-AHEAD, R-CASH-HANDINS, R-MAILBOX): Operations → stuck → the
 * parcels, acted on at once; each new page axe-clean at every width, in English and Bangla. The pages' checks are
 * tests of their own, one per language: thirty axe runs with their screenshots in one test outlasted its time on a
 * slow machine running two workers.
 */

/** Three parcels booked and taken to the Dhaka hub; the first two three days ago, past STUCK_AFTER_HOURS (48). */
async function parcelsAtTheHub(server: TestServer) {
  const admin = await signInAdmin(server);
  const merchant = await signUpCustomer(server, { name: 'Asha Rahman' });
  await approvedMerchant(server, admin, merchant);
  const book = async () =>
    (
      await call<Booking>(server, 'POST', '/api/consignments', {
        token: merchant.token,
        body: { ...STANDARD_PARCEL, codAmount: 100_000 },
      })
    ).body.trackingCode;
  const [stuck, alsoStuck, moving] = [await book(), await book(), await book()];
  const scan = (codes: string[], move: Record<string, string>) =>
    call(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes, ...move } });
  await scan([stuck, alsoStuck, moving], { status: 'picked_up' });
  await scan([stuck, alsoStuck, moving], { status: 'at_hub', hub: 'dhaka' });
  for (const code of [stuck, alsoStuck])
    await server.db
      .update(consignments)
      .set({ statusChangedAt: sql`now() - interval '3 days'` })
      .where(eq(consignments.trackingCode, code));
  return { admin, merchant, stuck, alsoStuck, moving };
}

test('Operations → stuck → the parcels, given to a rider at once; a pickup ahead sent a rider from its day', async ({
  page,
  server,
}) => {
  test.slow();
  const { admin, merchant, stuck, alsoStuck, moving } = await parcelsAtTheHub(server);
  const rider: SignedInCustomer = await signUpCustomer(server, { name: 'Jamal Rider' });
  await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });

  await signInBrowser(page, server, admin);
  await page.goto('/dashboard/operations');
  const stuckPart = page.getByRole('region', { name: /^Stuck for more than 48 hours/ });
  await expect(stuckPart).toContainText(stuck);
  await expectAxeCleanAtEveryWidth(page, 'operations');
  await stuckPart.getByRole('link', { name: 'Every stuck parcel, to act on' }).click();
  await expect(page).toHaveURL(/\/dashboard\/allParcels\?stuck=yes$/);
  await expect(page.getByTestId('operations-filter')).toContainText('Stuck: too long in one status');
  await expect(page.getByTestId('parcels-count')).toHaveText('2 parcels match.');
  await expect(page.getByRole('link', { name: stuck })).toBeVisible();
  await expect(page.getByRole('link', { name: alsoStuck })).toBeVisible();
  await expect(page.getByRole('link', { name: moving })).toHaveCount(0);

  // Both chosen at once and given to a rider: each answers for itself.
  await page.getByRole('checkbox', { name: 'Choose every parcel on this page' }).check();
  await expect(page.getByTestId('chosen-parcels')).toHaveText('2 parcels chosen');
  await expectAxeCleanAtEveryWidth(page, 'stuck parcels chosen');
  await page.getByLabel('What to do').selectOption('rider');
  await page.getByRole('combobox', { name: /^Rider/ }).selectOption(rider.email);
  await page.getByRole('button', { name: 'Apply to the chosen parcels' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'moved' })).toHaveText('2 parcels moved');
  await expect(page.getByTestId('scan-result')).toHaveCount(2);
  await expect(page.getByTestId('parcels-count')).toHaveText('0 parcels match.');
  const run = await call<{ trackingCode: string }[]>(server, 'GET', '/api/rider/run', { token: rider.token });
  expect(run.body.map((parcel) => parcel.trackingCode).sort()).toEqual([stuck, alsoStuck].sort());

  // A pickup two working days ahead: its day is a button with the pickup waiting for a rider, who is sent from the list.
  const pickupDay = workingDaysAfter(shopClock(new Date(), 'Asia/Dhaka').day, 2);
  const asked = await call(server, 'POST', '/api/pickups', {
    token: merchant.token,
    body: { ...STANDARD_PARCEL.pickup, day: pickupDay, window: '15-18', parcels: 4 },
  });
  expect(asked.status).toBe(201);
  await page.goto('/dashboard/pickups');
  const dayButton = page.getByTestId('pickup-day').filter({ hasText: '1 without a rider' });
  await dayButton.click();
  const pickup = page.getByTestId('day-pickup');
  await pickup.getByRole('combobox', { name: /^Rider/ }).selectOption(rider.email);
  await pickup.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Rider sent.')).toBeVisible();
  await expect(page.getByTestId('pickup-day').filter({ hasText: 'without a rider' })).toHaveCount(0);
});

for (const prefix of ['', '/bn']) {
  test(`the hub's, stuck parcels', Operations', pickups' and Mailbox's pages at ${prefix || '/'}, axe-clean at every width`, async ({
    page,
    server,
  }) => {
    test.slow();
    const { admin, moving } = await parcelsAtTheHub(server);
    await signInBrowser(page, server, admin);
    await page.goto(`${prefix}/dashboard/hub?hub=dhaka&list=on_hand`);
    await expect(page.getByRole('link', { name: moving })).toBeVisible();
    await expectAxeCleanAtEveryWidth(page, `hub parcels${prefix.replace('/', ' ')}`);
    await page.goto(`${prefix}/dashboard/allParcels?stuck=yes`);
    await expect(page.getByTestId('operations-filter')).toBeVisible();
    await expectAxeCleanAtEveryWidth(page, `stuck parcels${prefix.replace('/', ' ')}`);
    await page.goto(`${prefix}/dashboard/operations`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAxeCleanAtEveryWidth(page, `operations${prefix.replace('/', ' ')}`);
    await page.goto(`${prefix}/dashboard/pickups`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAxeCleanAtEveryWidth(page, `pickups${prefix.replace('/', ' ')}`);
    await page.goto(`${prefix}/dashboard/mailbox?tab=texts`);
    await expect(page.getByTestId('text-message').first()).toBeVisible();
    await expectAxeCleanAtEveryWidth(page, `mailbox texts${prefix.replace('/', ' ')}`);
  });
}
