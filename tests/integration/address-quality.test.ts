import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/auth-schema.ts';
import { consignments } from '#server/db/schema.ts';
import type { BulkBooking } from '#shared/bulk-booking.ts';
import type { Booking, Consignment } from '#shared/consignment.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { RunParcel } from '#shared/tracking.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A parcel to Mirpur, Dhaka with the given recipient's address. */
const toMirpur = (address: string) => ({
  ...STANDARD_PARCEL,
  recipient: { ...STANDARD_PARCEL.recipient, address, areaId: 'dhaka-mirpur' },
});

/**
 * Issue 44, R-ADDRESS-QUALITY (decision 170): every booking, from the website, the API and a bulk file, keeps
 * how findable its recipient's address is and answers it; a vague or bare address still books.
 */
describe.each(testDatabaseKinds())('an address checked before a rider leaves (R-ADDRESS-QUALITY, %s)', (kind) => {
  let server: TestServer;
  let sender: SignedInCustomer;
  let merchant: SignedInCustomer;
  let key: NewApiKey;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    sender = await signUpCustomer(server);
    merchant = await signUpCustomer(server);
    await approvedMerchant(server, admin, merchant);
    key = (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: merchant.token, body: { name: 'Shop' } }))
      .body;
  });
  afterAll(() => server?.stop());

  const qualityKept = async (trackingCodes: string[]) =>
    Object.fromEntries(
      (
        await server.db
          .select({ code: consignments.trackingCode, quality: consignments.recipientAddressQuality })
          .from(consignments)
          .where(inArray(consignments.trackingCode, trackingCodes))
      ).map(({ code, quality }) => [code, quality]),
    );

  it('the website keeps and answers the level, and books a bare or vague address all the same', async () => {
    const book = (address: string) =>
      call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: toMirpur(address) });
    const bare = await book('মিরপুর ১০, ঢাকা');
    const vague = await book('near the mosque');
    const good = await book('বাড়ি ১২, রোড ৫, ব্লক সি');
    expect([bare.status, vague.status, good.status]).toEqual([201, 201, 201]);
    expect([bare.body.addressQuality, vague.body.addressQuality, good.body.addressQuality]).toEqual(['bare', 'vague', 'good']);
    expect(await qualityKept([bare.body.trackingCode, vague.body.trackingCode, good.body.trackingCode])).toEqual({
      [bare.body.trackingCode]: 'bare',
      [vague.body.trackingCode]: 'vague',
      [good.body.trackingCode]: 'good',
    });
    const page = await call<Consignment>(server, 'GET', `/api/consignments/${vague.body.trackingCode}`, { token: sender.token });
    expect(page.body.addressQuality).toBe('vague');
  });

  it('a rider’s run answers it, so the rider calls first', async () => {
    const rider = await signUpCustomer(server, { name: 'Rider One' });
    await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
    const [riderRow] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, rider.email));
    const booked = await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: toMirpur('Mirpur') });
    await server.db
      .update(consignments)
      .set({ status: 'out_for_delivery', riderId: riderRow?.id })
      .where(eq(consignments.trackingCode, booked.body.trackingCode));
    const run = await call<RunParcel[]>(server, 'GET', '/api/rider/run', { token: rider.token });
    expect(run.body.map(({ trackingCode, addressQuality }) => ({ trackingCode, addressQuality }))).toEqual([
      { trackingCode: booked.body.trackingCode, addressQuality: 'bare' },
    ]);
  });

  it('the API keeps and answers it; a parcel booked before it was kept answers without it', async () => {
    const headers = { authorization: `Bearer ${key.key}` };
    const booked = await call<Booking>(server, 'POST', '/api/v1/consignments', {
      headers,
      body: toMirpur('Flat 3B, Rupayan Tower, opposite Jamuna Future Park'),
    });
    expect(booked.status).toBe(201);
    expect(booked.body.addressQuality).toBe('good');
    const code = booked.body.trackingCode;
    const read = async () => (await call<Consignment>(server, 'GET', `/api/v1/consignments/${code}`, { headers })).body;
    expect((await read()).addressQuality).toBe('good');
    await server.db.update(consignments).set({ recipientAddressQuality: null }).where(eq(consignments.trackingCode, code));
    expect(await read()).not.toHaveProperty('addressQuality');
  });

  it('a bulk file keeps each line’s level and answers the lines a rider may not find', async () => {
    const form = new FormData();
    form.set('service', 'standard');
    const csv = [
      'recipient_name,phone,address,area,weight_kg',
      'Rahima Khatun,01711000001,"House 12, Road 5, Block C","Mirpur, Dhaka",0.5',
      'Karim Mia,01711000002,Mirpur,"Mirpur, Dhaka",0.5',
      'Nasrin Akter,01711000003,Shapla Market,"Mirpur, Dhaka",0.5',
    ].join('\n');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'parcels.csv');
    const response = await fetch(`${server.url}/api/merchant/bulk-bookings`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${merchant.token}` },
      body: form,
    });
    const booking = (await response.json()) as BulkBooking;
    expect(response.status, JSON.stringify(booking)).toBe(201);
    const kept = await server.db
      .select({ phone: consignments.recipientPhone, quality: consignments.recipientAddressQuality })
      .from(consignments)
      .where(eq(consignments.bulkBookingId, booking.id))
      .orderBy(consignments.recipientPhone);
    expect(kept).toEqual([
      { phone: '01711000001', quality: 'good' },
      { phone: '01711000002', quality: 'bare' },
      { phone: '01711000003', quality: 'vague' },
    ]);
    expect(booking.vagueAddresses?.map(({ line, addressQuality }) => ({ line, addressQuality }))).toEqual([
      { line: 3, addressQuality: 'bare' },
      { line: 4, addressQuality: 'vague' },
    ]);
  });
});
