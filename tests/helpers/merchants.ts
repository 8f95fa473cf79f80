import type { Merchant, MerchantApplicationInput } from '#shared/merchant.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { PayoutRun } from '#shared/payout-run.ts';
import { holdsWithin } from './eventually.ts';
import { STANDARD_PARCEL } from './parcels.ts';
import { call, type ShopAddress, type SignedInCustomer, signUpCustomer } from './shop-client.ts';

export const MERCHANT_APPLICATION: MerchantApplicationInput = {
  businessName: 'Asha Gadgets',
  pickupAddresses: [STANDARD_PARCEL.pickup as NonNullable<typeof STANDARD_PARCEL.pickup>],
  payoutMethod: { kind: 'wallet', wallet: 'bkash', number: '01711000000' },
};

/** Makes `customer` an approved merchant (issue 30): applies, and the admin approves. */
export async function approvedMerchant(
  server: ShopAddress,
  admin: SignedInCustomer,
  customer: SignedInCustomer,
): Promise<Merchant> {
  const applied = await call<Merchant>(server, 'POST', '/api/merchant/application', {
    token: customer.token,
    body: MERCHANT_APPLICATION,
  });
  const approved = await call<Merchant>(server, 'POST', `/api/admin/merchants/${applied.body.id}/approve`, {
    token: admin.token,
  });
  if (approved.status !== 200) throw new Error(`the merchant was not approved: ${JSON.stringify(approved.body)}`);
  return approved.body;
}

/**
 * "Make the payouts now" as an admin does it (issue 40): starts (or joins) the day's run, which answers
 * at once, then follows its progress until the background worker has finished it.
 */
export async function makePayoutsNow(server: ShopAddress, admin: SignedInCustomer, withinMs = 30_000): Promise<PayoutRun> {
  const started = await call<PayoutRun>(server, 'POST', '/api/admin/payouts/run', {
    token: admin.token,
    body: { confirm: true },
  });
  if (started.status !== 202) throw new Error(`the payout run did not start: ${JSON.stringify(started.body)}`);
  let run = started.body;
  const finished = await holdsWithin(withinMs, async () => {
    run = (await call<PayoutRun>(server, 'GET', '/api/admin/payouts/runs/current', { token: admin.token })).body;
    return run.state === 'done';
  });
  if (!finished) throw new Error(`the payout run did not finish: ${JSON.stringify(run)}`);
  return run;
}

/** A new approved merchant with a live API key and a test one (R-SANDBOX), as the API's tests start from. */
export async function merchantWithApiKeys(
  server: ShopAddress,
  admin: SignedInCustomer,
): Promise<{ owner: SignedInCustomer; merchant: Merchant; live: NewApiKey; test: NewApiKey }> {
  const owner = await signUpCustomer(server);
  const merchant = await approvedMerchant(server, admin, owner);
  const keyOf = async (mode?: string) =>
    (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: owner.token, body: { name: 'Shop', mode } })).body;
  return { owner, merchant, live: await keyOf(), test: await keyOf('test') };
}
