import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLedger } from '#server/db/schema.ts';
import type { Payout } from '#shared/merchant.ts';
import type { PayoutRun } from '#shared/payout-run.ts';
import { approvedMerchant, MERCHANT_APPLICATION, makePayoutsNow } from '../helpers/merchants.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 42: "Make the payouts now" is made only when the admin confirms it (R-PAYOUT-CONFIRM); a payout
 * names the account it is paid into, whole for the admin who transfers it and starred for its merchant
 * (R-PAYOUT-ACCOUNT), and the merchant reads the day it was paid.
 */
describe.each(testDatabaseKinds())('payouts: confirmation, account and paid day (%s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let owner: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    owner = await signUpCustomer(server, { name: 'Asha Rahman' });
    const merchant = await approvedMerchant(server, admin, owner);
    await server.db
      .insert(merchantLedger)
      .values({ merchantId: merchant.id, kind: 'correction', amount: 120_000, note: 'opening' });
  }, 60_000);
  afterAll(() => server?.stop());

  const payoutsOf = async (path: string, who: SignedInCustomer) =>
    (await call<Payout[]>(server, 'GET', path, { token: who.token })).body;

  it('refuses a run the admin has not confirmed, and makes nothing', async () => {
    for (const body of [undefined, {}, { confirm: false }, { confirm: 'yes' }]) {
      const refused = await call(server, 'POST', '/api/admin/payouts/run', { token: admin.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('Tick “Yes, make the payouts now” first');
    }
    const bangla = await call(server, 'POST', '/api/admin/payouts/run', {
      token: admin.token,
      body: {},
      headers: { 'accept-language': 'bn' },
    });
    expect(JSON.stringify(bangla.body)).not.toContain('Tick');
    expect(
      (await call<PayoutRun | null>(server, 'GET', '/api/admin/payouts/runs/current', { token: admin.token })).body,
    ).toBeNull();
    expect(await payoutsOf('/api/admin/payouts', admin)).toEqual([]);
  });

  it('names the account: whole for the admin, starred for the merchant, who reads the day it is paid', async () => {
    await makePayoutsNow(server, admin);
    const [made] = await payoutsOf('/api/admin/payouts', admin);
    expect(made).toMatchObject({ amount: 120_000, account: { kind: 'wallet', wallet: 'bkash', number: '01711000000' } });
    expect(MERCHANT_APPLICATION.payoutMethod).toMatchObject({ number: '01711000000' });
    const [own] = await payoutsOf('/api/merchant/payouts', owner);
    expect(own).toMatchObject({ account: { kind: 'wallet', wallet: 'bkash', number: '*******0000' }, paidAt: null });

    await call(server, 'POST', `/api/admin/payouts/${made?.id}/paid`, { token: admin.token, body: { reference: 'BKASH-7QF31' } });
    const [paid] = await payoutsOf('/api/merchant/payouts', owner);
    expect(paid?.paidAt).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(paid?.paidAt ?? '')).toBeLessThan(60_000);
  });
});
