import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, merchants } from '#server/db/schema.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL, startTwoInstances, type TwoInstances } from '../helpers/parcels.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';

/** Twenty requests: more than one instance's connection pool (10), so two instances share them. */
const REQUESTS = 20;

describe.skipIf(withoutPostgres())('the merchant API on two instances (race test, needs PostgreSQL)', () => {
  let shop: TwoInstances;
  let key: NewApiKey;
  let merchantId: string;
  let revoke: () => Promise<unknown>;
  beforeAll(async () => {
    shop = await startTwoInstances();
    const admin = await signInAdmin(shop.first);
    const owner = await signUpCustomer(shop.first);
    merchantId = (await approvedMerchant(shop.first, admin, owner)).id;
    key = (await call<NewApiKey>(shop.first, 'POST', '/api/merchant/api-keys', { token: owner.token, body: { name: 'Store' } }))
      .body;
    // The owner's session is what revokes; kept for the last test.
    revoke = () => call(shop.second, 'DELETE', `/api/merchant/api-keys/${key.id}`, { token: owner.token });
  });
  afterAll(() => shop?.stop());
  const v1 = (
    instance: TwoInstances['first'],
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ) => call(instance, method, `/api/v1${path}`, { body, headers: { authorization: `Bearer ${key.key}`, ...headers } });

  it(`${REQUESTS} concurrent POST /api/v1/consignments with one Idempotency-Key make one consignment`, async () => {
    const { first, second, races } = shop;
    const answers = await races.overlap('consignment booked', REQUESTS, () =>
      Promise.all(
        Array.from({ length: REQUESTS }, (_, index) =>
          v1(index % 2 ? second : first, 'POST', '/consignments', { 'idempotency-key': 'shop-order-77' }, STANDARD_PARCEL),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(REQUESTS).fill(201));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(races.arrivals('consignment booked')).toBe(1);
    const [owner] = await first.db.select({ userId: merchants.userId }).from(merchants).where(eq(merchants.id, merchantId));
    const rows = await first.db
      .select({ trackingCode: consignments.trackingCode })
      .from(consignments)
      .where(eq(consignments.userId, owner?.userId ?? ''));
    expect(rows).toEqual([{ trackingCode: answers[0]?.body.trackingCode }]);
  });

  it('a key revoked on one instance is refused at once on the other', async () => {
    expect((await v1(shop.first, 'GET', '/ledger')).status).toBe(200);
    await revoke();
    expect((await v1(shop.first, 'GET', '/ledger')).status).toBe(401);
    expect((await v1(shop.second, 'GET', '/ledger')).status).toBe(401);
  });
});
