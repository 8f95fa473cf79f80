import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments } from '#server/db/schema.ts';
import type { Booking, Consignment } from '#shared/consignment.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { ParcelsPage } from '#shared/parcel-lists.ts';
import { STORE_MESSAGES, type Store, type StoreList } from '#shared/store.ts';
import { approvedMerchant, MERCHANT_APPLICATION } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A merchant's booking as the API takes it: no pickup of its own, the store's instead. */
const { pickup: _pickup, ...API_PARCEL } = STANDARD_PARCEL;

const DHANMONDI = {
  name: 'Dhanmondi outlet',
  phone: '01711000099',
  address: 'House 7, Road 27',
  areaId: 'Dhanmondi, Dhaka',
};

/**
 * Issue 41: a merchant's stores (pickup points) through /api/v1 and the parcels booked at them: the
 * application's pickup address is the first store; a booking names one or goes to the default, and its
 * pickup is the store's whatever the client sent; another merchant's store is unknown, an archived one refused.
 */
describe.each(testDatabaseKinds())('stores through the merchant API on %s', (kind) => {
  let server: TestServer;
  let merchant: SignedInCustomer;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { API_REQUESTS_PER_MERCHANT: '1000' } });
    const admin = await signInAdmin(server);
    merchant = await signUpCustomer(server);
    const other = await signUpCustomer(server);
    await approvedMerchant(server, admin, merchant);
    await approvedMerchant(server, admin, other);
    const makeKey = async (who: SignedInCustomer) =>
      (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: who.token, body: { name: 'Shop' } })).body.key;
    key = await makeKey(merchant);
    otherKey = await makeKey(other);
  }, 180_000);
  afterAll(() => server?.stop());

  // biome-ignore lint/suspicious/noExplicitAny: as `call` does, tests read answer bodies as loosely as a client script would
  const v1 = <T = any>(method: string, path: string, body?: unknown, bearer = key) =>
    call<T>(server, method, `/api/v1${path}`, { body, headers: { authorization: `Bearer ${bearer}` } });
  const storesOf = async (bearer = key) => (await v1<StoreList>('GET', '/stores', undefined, bearer)).body.stores;
  const parcel = async (code: string) => (await v1<Consignment>('GET', `/consignments/${code}`)).body;

  it('the application’s pickup address is the first store, the default; a new store is listed after it', async () => {
    const [first, ...rest] = await storesOf();
    const applied = MERCHANT_APPLICATION.pickupAddresses[0];
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ name: applied?.name, phone: applied?.phone, address: applied?.address, isDefault: true });
    expect(first?.area.id).toBe(applied?.areaId);

    const added = await v1<Store>('POST', '/stores', DHANMONDI);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // An area is taken by its name as a booking's is, and kept as its id.
    expect(added.body).toMatchObject({ name: DHANMONDI.name, isDefault: false, area: { id: 'dhaka-dhanmondi' } });
    expect((await storesOf()).map((store) => store.name)).toEqual([applied?.name, DHANMONDI.name]);

    const bad = await v1('POST', '/stores', { ...DHANMONDI, name: ' ', phone: '0123' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['name', 'phone']);
  });

  it('a booking naming a store is picked up there, with the store’s name, phone and address, whatever the body says', async () => {
    const dhanmondi = (await storesOf()).find((store) => store.name === DHANMONDI.name) as Store;
    const booked = await v1<Booking>('POST', '/consignments', {
      ...API_PARCEL,
      storeId: dhanmondi.id,
      pickup: { name: 'Someone Else', phone: '01999999999', address: 'Elsewhere', areaId: 'cumilla-debidwar' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const read = await parcel(booked.body.trackingCode);
    expect(read.storeId).toBe(dhanmondi.id);
    expect(read.pickup).toMatchObject({ name: DHANMONDI.name, phone: DHANMONDI.phone, address: DHANMONDI.address });
    expect(read.pickup.area.id).toBe('dhaka-dhanmondi');

    // None named: the default store.
    const plain = await v1<Booking>('POST', '/consignments', API_PARCEL);
    const [home] = await storesOf();
    expect((await parcel(plain.body.trackingCode)).storeId).toBe(home?.id);

    // The list by store finds the one picked up at Dhanmondi, and only it.
    const page = await v1<ParcelsPage>('GET', `/consignments?store=${dhanmondi.id}`);
    expect(page.body.parcels.map((found) => found.trackingCode)).toEqual([booked.body.trackingCode]);
    const badFilter = await v1('GET', '/consignments?store=dhanmondi');
    expect(badFilter.status).toBe(400);
  });

  it('another merchant’s store is as unknown as none: 404 to read or change, refused on a booking and a batch', async () => {
    const [theirs] = await storesOf(otherKey);
    const id = theirs?.id as string;
    expect((await v1('PATCH', `/stores/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await v1('DELETE', `/stores/${id}`)).status).toBe(404);
    expect((await storesOf(otherKey))[0]?.name).toBe(theirs?.name);

    const refused = await v1('POST', '/consignments', { ...API_PARCEL, storeId: id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ storeId: STORE_MESSAGES.notFound });

    const batch = await v1('POST', '/consignments/batch', {
      parcels: [API_PARCEL, { ...API_PARCEL, storeId: id }],
    });
    expect(batch.status).toBe(422);
    expect(batch.body.error.problems).toEqual([{ index: 1, field: 'store', message: STORE_MESSAGES.notFound }]);
    const booked = await server.db.select({ id: consignments.id }).from(consignments).where(eq(consignments.storeId, id));
    expect(booked).toEqual([]);
  });

  it('the default moves with isDefault; the default cannot be archived; an archived store takes no booking', async () => {
    const [home, dhanmondi] = (await storesOf()) as [Store, Store];
    expect((await v1('DELETE', `/stores/${home.id}`)).status).toBe(409);

    const made = await v1<Store>('PATCH', `/stores/${dhanmondi.id}`, { isDefault: true, phone: '01711000098' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ isDefault: true, phone: '01711000098' });
    const now = await storesOf();
    expect(now.map((store) => [store.id, store.isDefault])).toEqual([
      [dhanmondi.id, true],
      [home.id, false],
    ]);
    const plain = await v1<Booking>('POST', '/consignments', API_PARCEL);
    expect((await parcel(plain.body.trackingCode)).pickup.phone).toBe('01711000098');

    const archived = await v1<Store>('DELETE', `/stores/${home.id}`);
    expect(archived.status).toBe(200);
    expect((await storesOf()).map((store) => store.id)).toEqual([dhanmondi.id]);
    const refused = await v1('POST', '/consignments', { ...API_PARCEL, storeId: home.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ storeId: STORE_MESSAGES.archived });
    expect((await v1('PATCH', `/stores/${home.id}`, { name: 'Back' })).status).toBe(404);
  });

  it('the parcel details merchants send round-trip through a single booking and a batch, and bad ones name their field', async () => {
    const details = {
      itemDescription: 'সুতি শাড়ি',
      quantity: 3,
      declaredValue: 250000,
      alternativePhone: '+880 1912-345678',
      recipientEmail: 'karim@example.com',
      deliveryType: 'hub',
      note: 'Call before coming',
    };
    const booked = await v1<Booking>('POST', '/consignments', { ...API_PARCEL, ...details });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await parcel(booked.body.trackingCode)).toMatchObject({ ...details, alternativePhone: '01912345678' });

    const plain = await parcel((await v1<Booking>('POST', '/consignments', API_PARCEL)).body.trackingCode);
    expect(plain).toMatchObject({ itemDescription: null, quantity: null, alternativePhone: null, deliveryType: 'home' });

    const bad = await v1('POST', '/consignments', {
      ...API_PARCEL,
      quantity: 0,
      recipientEmail: 'karim@',
      deliveryType: 'office',
      alternativePhone: '123',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['alternativePhone', 'deliveryType', 'quantity', 'recipientEmail']);

    const batch = await v1('POST', '/consignments/batch', {
      parcels: [
        { ...API_PARCEL, ...details },
        { ...API_PARCEL, quantity: 1001 },
      ],
    });
    expect(batch.status).toBe(422);
    expect(batch.body.error.problems).toEqual([{ index: 1, field: 'quantity', message: expect.stringContaining('1000') }]);
    const good = await v1('POST', '/consignments/batch', { parcels: [{ ...API_PARCEL, ...details }] });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(await parcel(good.body.parcels[0].trackingCode)).toMatchObject({ ...details, alternativePhone: '01912345678' });
  });

  it('a CSV bulk booking takes the details’ columns and a store, and the website’s merchant booking is picked up at a store', async () => {
    const dhanmondi = (await storesOf()).find((store) => store.name === DHANMONDI.name) as Store;
    const csv = [
      'recipient_name,phone,address,area,weight_kg,item_description,quantity,declared_value_taka,alternative_phone,email,delivery_type',
      'Rahima Khatun,01711000001,House 1,"Mirpur, Dhaka",0.5,Cotton saree,2,1250.50,01811000000,rahima@example.com,hub',
    ].join('\n');
    const form = new FormData();
    form.set('service', 'standard');
    form.set('store', dhanmondi.id);
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'parcels.csv');
    const uploaded = await fetch(`${server.url}/api/merchant/bulk-bookings`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${merchant.token}` },
      body: form,
    });
    const bulk = (await uploaded.json()) as { id: string };
    expect(uploaded.status, JSON.stringify(bulk)).toBe(201);
    const [row] = await server.db.select().from(consignments).where(eq(consignments.bulkBookingId, bulk.id));
    expect(row).toMatchObject({
      storeId: dhanmondi.id,
      pickupName: DHANMONDI.name,
      itemDescription: 'Cotton saree',
      quantity: 2,
      declaredValue: 125050,
      alternativePhone: '01811000000',
      recipientEmail: 'rahima@example.com',
      deliveryType: 'hub',
    });

    const badFile = new FormData();
    badFile.set('service', 'standard');
    badFile.set(
      'file',
      new Blob([`${csv.split('\n')[0]}\nRahima,01711000001,House 1,"Mirpur, Dhaka",0.5,Saree,two,,,,`], { type: 'text/csv' }),
      'bad.csv',
    );
    const refused = await fetch(`${server.url}/api/merchant/bulk-bookings`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${merchant.token}` },
      body: badFile,
    });
    const refusal = (await refused.json()) as { error: { fields: Record<string, string> } };
    expect(refused.status).toBe(400);
    expect(refusal.error.fields['line 2']).toMatch(/^quantity: /);

    // The website: a merchant's typed pickup is not read; the store's is.
    const web = await call<Booking>(server, 'POST', '/api/consignments', {
      token: merchant.token,
      body: { ...STANDARD_PARCEL, storeId: dhanmondi.id },
    });
    expect(web.status, JSON.stringify(web.body)).toBe(201);
    expect((await parcel(web.body.trackingCode)).pickup.name).toBe(DHANMONDI.name);
  });

  it('a sender who is no merchant gives the pickup itself, and has no store to name', async () => {
    const customer = await signUpCustomer(server);
    const { pickup, ...rest } = STANDARD_PARCEL;
    const noPickup = await call(server, 'POST', '/api/consignments', { token: customer.token, body: rest });
    expect(noPickup.status).toBe(400);
    expect(Object.keys(noPickup.body.error.fields)).toEqual(['pickup']);
    const [someStore] = await storesOf();
    const named = await call(server, 'POST', '/api/consignments', {
      token: customer.token,
      body: { ...STANDARD_PARCEL, storeId: someStore?.id },
    });
    expect(named.status).toBe(400);
    expect(named.body.error.fields).toEqual({ storeId: STORE_MESSAGES.notFound });
    const own = await call<Booking>(server, 'POST', '/api/consignments', { token: customer.token, body: STANDARD_PARCEL });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const [row] = await server.db
      .select({ pickupName: consignments.pickupName, storeId: consignments.storeId })
      .from(consignments)
      .where(eq(consignments.trackingCode, own.body.trackingCode));
    expect(row).toEqual({ pickupName: pickup?.name, storeId: null });
  });
});
