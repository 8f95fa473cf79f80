import { readFileSync } from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, smsOutbox } from '#server/db/schema.ts';
import { BULK_BOOKING_MESSAGES, type BulkBooking } from '#shared/bulk-booking.ts';
import { STORE_MESSAGES } from '#shared/store.ts';
import { bulkBookingFile } from '../helpers/bulk-file.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

type Answer = BulkBooking & { error: { code: string; message: string; fields: Record<string, string> } };

/** Issue 30, R-BULK-BOOKING: a merchant's spreadsheet of parcels, booked all at once or not at all. */
describe.each(testDatabaseKinds())('bulk booking from a CSV file (R-BULK-BOOKING, %s)', (kind) => {
  let server: TestServer;
  let merchant: SignedInCustomer;
  let other: SignedInCustomer;
  /** The 5,000-parcel booking, once booked. */
  let large: BulkBooking;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    const admin = await signInAdmin(server);
    merchant = await signUpCustomer(server);
    other = await signUpCustomer(server);
    await approvedMerchant(server, admin, merchant);
    await approvedMerchant(server, admin, other);
  });
  afterAll(() => server?.stop());

  /** The merchant page's upload: multipart/form-data with the file, the service and the pickup address. */
  async function upload(customer: SignedInCustomer, csv: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ service: 'standard', pickup: '0', ...fields })) form.set(name, value);
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'parcels.csv');
    const response = await fetch(`${server.url}/api/merchant/bulk-bookings`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${customer.token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Answer };
  }
  const parcelsOf = async (bulkBookingId?: string) => {
    const [row] = await server.db
      .select({ parcels: count() })
      .from(consignments)
      .where(bulkBookingId ? eq(consignments.bulkBookingId, bulkBookingId) : sql`true`);
    return row?.parcels ?? 0;
  };

  it('a 5,000-line file with 3 bad lines is refused naming exactly those lines, and books nothing', async () => {
    const before = await parcelsOf();
    const file = bulkBookingFile(5000, {
      17: { phone: '0123' },
      2500: { area: 'Atlantis' },
      4999: { weight_kg: 'heavy' },
    });
    const refused = await upload(merchant, file);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(BULK_BOOKING_MESSAGES.refused);
    // The header is line 1, so the file's 17th parcel is on line 18.
    expect(Object.keys(refused.body.error.fields)).toEqual(['line 18', 'line 2501', 'line 5000']);
    expect(refused.body.error.fields['line 18']).toMatch(/^phone: Enter a Bangladeshi mobile number/);
    expect(refused.body.error.fields['line 2501']).toMatch(/^area: no area is called “Atlantis”: write /);
    expect(refused.body.error.fields['line 5000']).toBe(BULK_BOOKING_MESSAGES.weight);
    expect(await parcelsOf()).toBe(before);
  });

  it('the same file, fixed, books all 5,000 parcels at the rate card’s prices, and texts each recipient', async () => {
    const booked = await upload(merchant, bulkBookingFile(5000));
    expect(booked.status).toBe(201);
    expect(booked.body.parcels).toBe(5000);
    expect(await parcelsOf(booked.body.id)).toBe(5000);
    const [fees] = await server.db
      .select({ total: sql<number>`sum(${consignments.total})`.mapWith(Number), codPaid: count() })
      .from(consignments)
      .where(eq(consignments.bulkBookingId, booked.body.id));
    expect(booked.body.total).toBe(fees?.total);
    const [texts] = await server.db.select({ texts: count() }).from(smsOutbox).where(eq(smsOutbox.kind, 'parcel-booked'));
    expect(texts?.texts).toBeGreaterThanOrEqual(5000);
    const listed = await call<BulkBooking[]>(server, 'GET', '/api/merchant/bulk-bookings', { token: merchant.token });
    // Every line has a house and a road (R-ADDRESS-QUALITY); the vague lines are the upload's answer only.
    const { vagueAddresses, ...kept } = booked.body;
    expect(vagueAddresses).toEqual([]);
    expect(listed.body[0]).toEqual(kept);
    large = booked.body;
  });

  it('areas are matched however they are written, and a name two areas share is refused with the district to add', async () => {
    const file = bulkBookingFile(
      4,
      {
        1: { area: 'mirpur dhaka' },
        2: { area: 'Dhanmandi, Dhaka' },
        3: { area: 'মিরপুর, ঢাকা' },
        4: { area: 'dhaka-savar' },
      },
      'AREA-',
    );
    const booked = await upload(merchant, file);
    expect(booked.status).toBe(201);
    const areas = await server.db
      .select({ area: consignments.recipientAreaId })
      .from(consignments)
      .where(eq(consignments.bulkBookingId, booked.body.id));
    expect(areas.map(({ area }) => area).sort()).toEqual(['dhaka-dhanmondi', 'dhaka-mirpur', 'dhaka-mirpur', 'dhaka-savar']);
    const ambiguous = await upload(merchant, bulkBookingFile(1, { 1: { area: 'Mirpur' } }, 'AMBIGUOUS-'));
    // What to write instead, in the area column (issue 42): each area of the name with its district.
    expect(ambiguous.body.error.fields['line 2']).toBe(
      'area: several areas are called “Mirpur”: write one of these in the area column: Mirpur, Kushtia; Mirpur, Dhaka.',
    );
  });

  it('one bulk booking’s labels print at a time: another asked meanwhile is told when to ask again (decision 100)', async () => {
    const print = (booking: BulkBooking, customer = merchant) =>
      fetch(booking.labelsUrl, { headers: { authorization: `Bearer ${customer.token}` } });
    const small = (await upload(merchant, bulkBookingFile(2, {}, 'SMALL-'))).body;
    const others = (await upload(other, bulkBookingFile(1, {}, 'OTHER-'))).body;
    // 5,000 pages are far more than the server writes ahead of a reader that has not read yet.
    const first = await print(large);
    expect(first.status).toBe(200);
    const meanwhile = await print(small);
    expect(meanwhile.status).toBe(503);
    expect(meanwhile.headers.get('retry-after')).toBe('60');
    expect(((await meanwhile.json()) as Answer).error).toEqual({
      code: 'service_unavailable',
      message: BULK_BOOKING_MESSAGES.printing,
    });
    // Another merchant's print waits too: the slot is the server's.
    expect((await print(others, other)).status).toBe(503);
    // The reader leaves halfway: the slot is given back once the server sees its connection close.
    await first.body?.cancel();
    let next = await print(small);
    for (const deadline = Date.now() + 10_000; next.status === 503 && Date.now() < deadline; next = await print(small))
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(next.status).toBe(200);
    expect(
      Buffer.from(await next.arrayBuffer())
        .toString('latin1')
        .match(/\/Type \/Page\b/g),
    ).toHaveLength(2);
    // Read to its end, it is given back as well.
    const last = await print(large);
    expect(last.status).toBe(200);
    await last.body?.cancel();
  });

  it('a file without the columns, an empty file and a store not the merchant’s are refused with what to do', async () => {
    const noHeader = await upload(merchant, 'name,phone\nA,01711000000\n');
    expect(noHeader.body.error.fields).toEqual({ 'line 1': BULK_BOOKING_MESSAGES.unknownColumns });
    const empty = await upload(merchant, bulkBookingFile(0));
    expect(empty.body.error.fields).toEqual({ 'line 2': BULK_BOOKING_MESSAGES.empty });
    const tooMany = await upload(merchant, bulkBookingFile(5001));
    expect(tooMany.body.error.fields).toEqual({ 'line 5002': BULK_BOOKING_MESSAGES.tooMany });
    const noStore = await upload(merchant, bulkBookingFile(1), { store: crypto.randomUUID() });
    expect(noStore.status).toBe(400);
    expect(noStore.body.error.fields).toEqual({ storeId: STORE_MESSAGES.notFound });
  });

  it('only approved merchants book in bulk, and a file’s labels print as one PDF for its merchant only', async () => {
    const customer = await signUpCustomer(server);
    expect((await upload(customer, bulkBookingFile(1))).status).toBe(403);
    const booked = await upload(merchant, bulkBookingFile(3, {}, 'LABEL-'));
    const labels = await fetch(booked.body.labelsUrl, { headers: { authorization: `Bearer ${merchant.token}` } });
    expect(labels.status).toBe(200);
    expect(labels.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await labels.arrayBuffer()).toString('latin1');
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(3);
    const stranger = await fetch(booked.body.labelsUrl, { headers: { authorization: `Bearer ${other.token}` } });
    expect(stranger.status).toBe(404);
  });

  it('the template downloads, and its example line books as it is', async () => {
    const template = await fetch(`${server.url}/api/merchant/bulk-bookings/template.csv`);
    expect(template.headers.get('content-type')).toContain('text/csv');
    // The other merchant: the first has booked INV-1001, the template's example, in its 5,000-line file.
    const booked = await upload(other, await template.text());
    expect(booked.status).toBe(201);
    expect(booked.body.parcels).toBe(1);
  });

  it('refuses a file that repeats an invoice number, or uses one a parcel of the merchant has, naming each line', async () => {
    const repeated = await upload(other, bulkBookingFile(3, { 3: { invoice: 'DUP-1' } }, 'DUP-'));
    expect(repeated.status).toBe(400);
    expect(repeated.body.error.fields).toEqual({
      'line 4': 'Invoice DUP-1 is on line 2 too: each parcel needs its own invoice number.',
    });
    const first = await upload(other, bulkBookingFile(2, {}, 'TAKEN-'));
    expect(first.status).toBe(201);
    const [holder] = await server.db
      .select({ trackingCode: consignments.trackingCode })
      .from(consignments)
      .where(eq(consignments.merchantInvoice, 'TAKEN-2'));
    const again = await upload(other, bulkBookingFile(3, { 1: { invoice: 'FREE-1' }, 3: { invoice: 'FREE-3' } }, 'TAKEN-'));
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toEqual({
      'line 3': `Invoice TAKEN-2 is already on your parcel ${holder?.trackingCode}: give this parcel another invoice number, or cancel that one first.`,
    });
    // A bad line does not hide a taken number: both are named at once (decision 138).
    const both = await upload(other, bulkBookingFile(2, { 1: { invoice: 'FREE-4', phone: '12345' } }, 'TAKEN-'));
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.error.fields)).toEqual(['line 2', 'line 3']);
    expect(both.body.error.fields['line 3']).toContain(`your parcel ${holder?.trackingCode}`);
    // Another merchant's numbers are theirs: the same file books for the first merchant.
    expect((await upload(merchant, bulkBookingFile(2, {}, 'TAKEN-'))).status).toBe(201);
  });

  it('a line with several problems names every one, each by its column (issue 42)', async () => {
    const file = bulkBookingFile(2, { 2: { phone: '12345', weight_kg: 'heavy', area: 'Gulshn Dhaka' } }, 'TWO-');
    const refused = await upload(other, file);
    expect(refused.status).toBe(400);
    const problems = refused.body.error.fields['line 3']?.split('\n');
    expect(problems).toEqual([BULK_BOOKING_MESSAGES.weight, expect.stringMatching(/^phone: Enter a Bangladeshi mobile number/)]);
    // An area no area is called: the area column is told what to write, as the suggestions name them.
    const typo = await upload(other, bulkBookingFile(1, { 1: { area: 'Bashundhara' } }, 'AREA-TYPO-'));
    expect(typo.body.error.fields['line 2']).toBe(
      'area: no area is called “Bashundhara”: write one of these in the area column: Vatara, Dhaka.',
    );
    // In Bangla, each problem in Bangla.
    const form = new FormData();
    form.set('service', 'standard');
    form.set('file', new Blob([file], { type: 'text/csv' }), 'parcels.csv');
    const bangla = await fetch(`${server.url}/api/merchant/bulk-bookings`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${other.token}`, 'accept-language': 'bn' },
      body: form,
    });
    const banglaProblems = ((await bangla.json()) as Answer).error.fields['line 3']?.split('\n') ?? [];
    expect(banglaProblems).toHaveLength(2);
    for (const problem of banglaProblems) expect(problem).toMatch(/[\u0980-\u09FF]/);
  });

  /** The parcels a booked file made, by invoice. */
  const bookedParcels = async (bulkBookingId: string) =>
    new Map(
      (
        await server.db
          .select({
            invoice: consignments.merchantInvoice,
            phone: consignments.recipientPhone,
            name: consignments.recipientName,
            area: consignments.recipientAreaId,
            cod: consignments.codAmount,
            weight: consignments.weightGrams,
            items: consignments.itemDescription,
            quantity: consignments.quantity,
          })
          .from(consignments)
          .where(eq(consignments.bulkBookingId, bulkBookingId))
      ).map((parcel) => [parcel.invoice, parcel]),
    );
  const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

  it('a WooCommerce order export books one parcel an order, with the weight the form gives (issue 41)', async () => {
    const shop = await signUpCustomer(server);
    await approvedMerchant(server, await signInAdmin(server), shop);
    const noWeight = await upload(shop, fixture('woocommerce-orders.csv'));
    expect(noWeight.status).toBe(400);
    expect(Object.values(noWeight.body.error.fields)).toEqual(Array(12).fill(BULK_BOOKING_MESSAGES.noWeight));
    const booked = await upload(shop, fixture('woocommerce-orders.csv'), { defaultWeightKg: '0.5' });
    expect(booked.status).toBe(201);
    expect(booked.body.parcels).toBe(12);
    const parcels = await bookedParcels(booked.body.id);
    expect([...parcels.keys()].sort()).toEqual(Array.from({ length: 12 }, (_, at) => String(5101 + at)));
    expect(parcels.get('5101')).toMatchObject({
      name: 'রহিমা খাতুন',
      phone: '01711234567',
      area: 'dhaka-mirpur',
      cod: 125000,
      weight: 500,
    });
    // Paid by bKash or card: nothing to collect. The shipping phone before the billing one.
    expect(parcels.get('5102')).toMatchObject({ phone: '01819345678', area: 'dhaka-dhanmondi', cod: 0, quantity: 2 });
    expect(parcels.get('5106')).toMatchObject({ phone: '01811789013', area: 'sylhet-sylhet-sadar', cod: 99000 });
    // Only a billing address (5103); a city and no postcode (5107).
    expect(parcels.get('5103')).toMatchObject({ area: 'dhaka-mohammadpur', cod: 76000 });
    expect(parcels.get('5107')).toMatchObject({ area: 'chattogram-panchlaish', cod: 145000 });
    const codOrders = [...parcels.values()].filter((parcel) => parcel.cod > 0).map((parcel) => parcel.invoice);
    expect(codOrders.sort()).toEqual(['5101', '5103', '5104', '5106', '5107', '5109', '5110', '5112']);
  });

  it('a Shopify order export books one parcel an order, its item lines joined (issue 41)', async () => {
    const shop = await signUpCustomer(server);
    await approvedMerchant(server, await signInAdmin(server), shop);
    const booked = await upload(shop, fixture('shopify-orders.csv'), { defaultWeightKg: '1' });
    expect(booked.status).toBe(201);
    expect(booked.body.parcels).toBe(10);
    const parcels = await bookedParcels(booked.body.id);
    expect([...parcels.keys()].sort()).toEqual(['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010']);
    expect(parcels.get('1001')).toMatchObject({
      name: 'মিতু আক্তার',
      phone: '01711000101',
      area: 'dhaka-mirpur',
      cod: 185000,
      items: 'Block-print saree, Cotton scarf',
      quantity: 3,
      weight: 1000,
    });
    expect(parcels.get('1004')).toMatchObject({ phone: '01611000104', quantity: 4, cod: 318000 });
    expect(parcels.get('1002')).toMatchObject({ cod: 0, area: 'dhaka-gulshan' });
    expect(parcels.get('1003')).toMatchObject({ phone: '01911000103', area: 'sylhet-sylhet-sadar', cod: 72000 });
    const codOrders = [...parcels.values()].filter((parcel) => parcel.cod > 0).map((parcel) => parcel.invoice);
    expect(codOrders.sort()).toEqual(['1001', '1003', '1004', '1006', '1007', '1009', '1010']);
  });

  it('columns of another shape are chosen once, and remembered for the merchant’s next file like it (issue 41)', async () => {
    const shop = await signUpCustomer(server);
    await approvedMerchant(server, await signInAdmin(server), shop);
    const file = (order: string) =>
      `Order ID,Customer,Mobile,Full address,Thana,KG,Collect\r\n${order},Karim Mia,01711000000,"House 1, Road 2","Savar, Dhaka",1.5,500\r\n`;
    const unknown = await upload(shop, file('OWN-1'));
    expect(unknown.body.error.fields).toEqual({ 'line 1': BULK_BOOKING_MESSAGES.unknownColumns });
    const choices = {
      invoice: 'Order ID',
      recipient_name: 'Customer',
      phone: 'Mobile',
      address: 'Full address',
      area: 'Thana',
      weight_kg: 'KG',
      cod_taka: 'Collect',
    };
    const notThere = await upload(shop, file('OWN-1'), { columns: JSON.stringify({ ...choices, note: 'Remarks' }) });
    expect(notThere.body.error.fields).toEqual({ 'line 1': BULK_BOOKING_MESSAGES.columnNotInFile('Remarks') });
    const chosen = await upload(shop, file('OWN-1'), { columns: JSON.stringify(choices) });
    expect(chosen.status).toBe(201);
    expect(await bookedParcels(chosen.body.id)).toEqual(
      new Map([['OWN-1', expect.objectContaining({ area: 'dhaka-savar', weight: 1500, cod: 50000, phone: '01711000000' })]]),
    );
    // The next file with these columns, in another order and case, is read with them without asking.
    const again = await upload(
      shop,
      'collect,kg,thana,full address,mobile,customer,order id\r\n0,2,"Gulshan, Dhaka","House 9",01811000000,Rina,OWN-2\r\n',
    );
    expect(again.status).toBe(201);
    expect(await bookedParcels(again.body.id)).toEqual(
      new Map([['OWN-2', expect.objectContaining({ area: 'dhaka-gulshan', weight: 2000, cod: 0, name: 'Rina' })]]),
    );
    // Another merchant's choices are its own.
    expect((await upload(other, file('OWN-3'))).body.error.fields).toEqual({ 'line 1': BULK_BOOKING_MESSAGES.unknownColumns });
  });
});
