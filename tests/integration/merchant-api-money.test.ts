import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLedger, payouts } from '#server/db/schema.ts';
import { nextPayoutRun } from '#server/modules/merchants/payout-run.ts';
import type { Merchant } from '#shared/merchant.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import { approvedMerchant, makePayoutsNow } from '../helpers/merchants.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Issue 41: a merchant's COD balance and payouts through the API, as the merchant page shows them (R-PAYOUTS). */
describe.each(testDatabaseKinds())('the balance and payouts through the merchant API on %s', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let merchant: Merchant;
  let owner: SignedInCustomer;
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    const keyOf = async (who: SignedInCustomer) =>
      (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: who.token, body: { name: 'Shop' } })).body.key;
    owner = await signUpCustomer(server);
    merchant = await approvedMerchant(server, admin, owner);
    key = await keyOf(owner);
    const other = await signUpCustomer(server);
    await approvedMerchant(server, admin, other);
    otherKey = await keyOf(other);
  });
  afterAll(() => server?.stop());

  const v1 = (path: string, as = key) =>
    // biome-ignore lint/suspicious/noExplicitAny: answers read as loosely as a client script would
    call<any>(server, 'GET', `/api/v1${path}`, { headers: { authorization: `Bearer ${as}` } });

  it('the balance is the merchant page’s, owed until a payout settles it, and names the next Tuesday’s run', async () => {
    await server.db.insert(merchantLedger).values([
      { merchantId: merchant.id, kind: 'correction', amount: 150_000, note: 'cash collected' },
      { merchantId: merchant.id, kind: 'correction', amount: -6_000, note: 'a fee' },
    ]);
    const before = await v1('/balance');
    expect(before.status).toBe(200);
    const page = (await call<{ balance: number }>(server, 'GET', '/api/merchant/ledger', { token: owner.token })).body;
    expect(before.body).toMatchObject({ balance: 144_000, currency: 'BDT' });
    expect(before.body.balance).toBe(page.balance);
    const next = nextPayoutRun(server.config.timeZone);
    expect(before.body).toMatchObject({ nextPayoutDay: next.day, nextPayoutAt: next.at.toISOString() });
    expect(new Date(`${before.body.nextPayoutDay}T12:00:00Z`).getUTCDay()).toBe(2);
    expect(Date.parse(before.body.nextPayoutAt)).toBeGreaterThan(Date.now());
    // Another merchant's key sees its own balance, nothing of this one's.
    expect((await v1('/balance', otherKey)).body.balance).toBe(0);
    expect((await call(server, 'GET', '/api/v1/balance')).status).toBe(401);

    await makePayoutsNow(server, admin);
    expect((await v1('/balance')).body.balance).toBe(0);
  });

  it('lists the payouts newest first, a page at a time, as the website does, and only the merchant’s own', async () => {
    // Fifty-one more payouts (numbers after the run's), so a second page exists.
    const made = await server.db
      .insert(payouts)
      .values(
        Array.from({ length: 51 }, (_, index) => ({
          merchantId: merchant.id,
          amount: 1_000 + index,
          lines: 1,
          cutoff: new Date(Date.now() - (60 - index) * 86_400_000),
        })),
      )
      .returning({ number: payouts.number });
    expect(made).toHaveLength(51);
    const first = await v1('/payouts');
    expect(first.status).toBe(200);
    expect(first.body.payouts).toHaveLength(50);
    const web = (await call<{ number: string }[]>(server, 'GET', '/api/merchant/payouts', { token: owner.token })).body;
    expect(first.body.payouts).toEqual(web);
    const numbers = first.body.payouts.map((payout: { number: string }) => Number(payout.number.replace('PO-', '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(first.body.older).toBe(numbers.at(-1));
    const second = await v1(`/payouts?before=${first.body.older}`);
    // The one left of the 51, and the run's payout of the first test.
    expect(second.body.payouts).toHaveLength(2);
    expect(second.body.older).toBeNull();
    expect(second.body.payouts[1]).toMatchObject({ amount: 144_000, merchant: { id: merchant.id } });
    expect((await v1('/payouts', otherKey)).body).toEqual({ payouts: [], older: null });
  });
});
