import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAfter, shopClock, workingDaysAfter } from '#server/modules/rates/working-days.ts';
import { BD_MOBILE_MESSAGE } from '#shared/consignment.ts';
import type { FreightRequest } from '#shared/freight.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const today = () => shopClock(new Date(), 'Asia/Dhaka').day;

/**
 * Issue 42: a freight request gives a Bangladeshi mobile the freight team calls (R-FREIGHT-PHONE), and the
 * customer may turn a valid quote down (R-FREIGHT-DECLINE), after which the team may price it again.
 */
describe.each(testDatabaseKinds())('freight: the phone, and declining a quote (%s)', (kind) => {
  let server: TestServer;
  let customer: SignedInCustomer;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    customer = await signUpCustomer(server, { name: 'Rafiq Traders' });
    admin = await signInAdmin(server);
  }, 60_000);
  afterAll(() => server?.stop());

  const freight = () => ({
    mode: 'road',
    origin: 'Tongi, Gazipur',
    destination: 'Chattogram port',
    goods: '12 pallets of garments',
    phone: '+880 1811-234567',
    weightKg: '4800',
    readyDate: workingDaysAfter(today(), 1),
  });
  const request = (body: unknown) =>
    call<FreightRequest & { error?: { fields?: Record<string, string> } }>(server, 'POST', '/api/freight-requests', {
      token: customer.token,
      body,
    });
  const listed = async () => (await call<FreightRequest[]>(server, 'GET', '/api/freight-requests', { token: admin.token })).body;

  it('keeps the phone as people dial it, and refuses a request without one or with a number that is not a mobile', async () => {
    const made = await request(freight());
    expect(made.status).toBe(201);
    expect(made.body.phone).toBe('01811234567');
    expect((await listed()).find((one) => one.id === made.body.id)?.phone).toBe('01811234567');

    const before = (await listed()).length;
    for (const phone of [undefined, '', '12345', '02 9876543']) {
      const refused = await request({ ...freight(), phone });
      expect(refused.status, String(phone)).toBe(400);
      expect(refused.body.error?.fields?.phone).toBe(BD_MOBILE_MESSAGE);
    }
    expect((await listed()).length).toBe(before);
  });

  it('lets the customer decline a valid quote, once; the team may price it again, and it cannot be accepted meanwhile', async () => {
    const { id } = (await request(freight())).body;
    // Nothing to decline before a quote.
    expect((await call(server, 'POST', `/api/freight-requests/${id}/decline`, { token: customer.token })).status).toBe(409);
    await call(server, 'POST', `/api/admin/freight-requests/${id}/quote`, {
      token: admin.token,
      body: { amount: 4_500_000, validUntil: dayAfter(today(), 7) },
    });
    // Only its customer declines it: anyone else sees no such request.
    const stranger = await signUpCustomer(server);
    expect((await call(server, 'POST', `/api/freight-requests/${id}/decline`, { token: stranger.token })).status).toBe(404);

    const declined = await call<FreightRequest>(server, 'POST', `/api/freight-requests/${id}/decline`, { token: customer.token });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', quote: { amount: 4_500_000 } });
    const again = await call(server, 'POST', `/api/freight-requests/${id}/decline`, { token: customer.token });
    expect(again.status).toBe(409);
    expect((await call(server, 'POST', `/api/freight-requests/${id}/accept`, { token: customer.token })).status).toBe(409);

    const requoted = await call<FreightRequest>(server, 'POST', `/api/admin/freight-requests/${id}/quote`, {
      token: admin.token,
      body: { amount: 4_000_000, validUntil: dayAfter(today(), 7) },
    });
    expect(requoted.body).toMatchObject({ status: 'quoted', quote: { amount: 4_000_000 } });
  });
});
