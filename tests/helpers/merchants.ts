import type { Merchant, MerchantApplicationInput } from '#shared/merchant.ts';
import { STANDARD_PARCEL } from './parcels.ts';
import { call, type ShopAddress, type SignedInCustomer } from './shop-client.ts';

export const MERCHANT_APPLICATION: MerchantApplicationInput = {
  businessName: 'Asha Gadgets',
  pickupAddresses: [STANDARD_PARCEL.pickup],
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
