import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, merchants } from '#server/db/schema.ts';
import { BD_MOBILE_MESSAGE, type Booking, type Consignment, type ConsignmentInput } from '#shared/consignment.ts';
import type { ConsignmentBatch } from '#shared/consignment-batch.ts';
import { LIMITS } from '#shared/limits.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { ParcelsPage } from '#shared/parcel-lists.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { parcelBatch } from '../helpers/parcel-batch.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A sender's parcels a day in this test: the first merchant's 500 and a few, and the second's budget to fill. */
const PARCELS_A_DAY = 520;

/** Issue 41: a batch of parcels booked in one JSON call of the merchant API, all or none. */
describe.skipIf(withoutPostgres())('a batch of parcels through the merchant API (PostgreSQL)', () => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let owner: SignedInCustomer;
  let merchantId: string;
  let key: string;
  beforeAll(async () => {
    // Every parcel of the first batch is read back through the API: far more calls than a minute's share.
    server = await startTestServer({
      kind: 'postgres',
      env: { API_REQUESTS_PER_MERCHANT: '5000', PARCELS_PER_SENDER_PER_DAY: String(PARCELS_A_DAY) },
    });
    admin = await signInAdmin(server);
    ({ owner, merchantId, key } = await newMerchant());
  });
  afterAll(() => server?.stop());

  async function newMerchant() {
    const customer = await signUpCustomer(server);
    const merchant = await approvedMerchant(server, admin, customer);
    const made = await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', {
      token: customer.token,
      body: { name: 'Shop' },
    });
    return { owner: customer, merchantId: merchant.id, key: made.body.key };
  }

  // biome-ignore lint/suspicious/noExplicitAny: as `call` does, tests read answer bodies as loosely as a client script would
  const v1 = <T = any>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; as?: string } = {},
  ) =>
    call<T>(server, method, `/api/v1${path}`, {
      body: options.body,
      headers: { authorization: `Bearer ${options.as ?? key}`, ...options.headers },
    });

  /** Its answer is a ConsignmentBatch, or a refusal. */
  const bookBatch = (parcels: unknown[], options: { headers?: Record<string, string>; as?: string } = {}) =>
    v1('POST', '/consignments/batch', { ...options, body: { parcels } });

  /** How many parcels a merchant has, as the database holds them. */
  const parcelsOf = async (merchant: string) => {
    const [row] = await server.db
      .select({ parcels: count() })
      .from(consignments)
      .innerJoin(merchants, eq(merchants.userId, consignments.userId))
      .where(eq(merchants.id, merchant));
    return row?.parcels ?? 0;
  };

  it('books 500 parcels in one call: each listed in the batch’s order with its own code, in My Parcels and through the API', async () => {
    const parcels = parcelBatch(500, 'BATCH-');
    const started = performance.now();
    const booked: { status: number; body: ConsignmentBatch } = await bookBatch(parcels);
    const ms = performance.now() - started;
    console.info(
      `500 parcels (${Buffer.byteLength(JSON.stringify({ parcels }))} bytes) booked in one call in ${Math.round(ms)} ms`,
    );
    expect(booked.status, JSON.stringify(booked.body).slice(0, 500)).toBe(201);
    const codes = booked.body.parcels.map((parcel: Booking) => parcel.trackingCode);
    expect(new Set(codes).size).toBe(500);
    expect(
      booked.body.parcels.every((parcel: Booking) => parcel.status === 'booked' && parcel.labelUrl.includes(parcel.trackingCode)),
    ).toBe(true);
    expect(booked.body.total).toBe(booked.body.parcels.reduce((sum: number, parcel: Booking) => sum + parcel.total, 0));
    // The labels' address opens with the key that booked the batch (issue 41), not the website's session only.
    expect(booked.body.labelsUrl).toBe(`${server.url}/api/v1/consignments/batch/${booked.body.id}/labels.pdf`);
    expect(await parcelsOf(merchantId)).toBe(500);

    // Each parcel through the API: the one sent at that place in the batch.
    for (const [index, code] of codes.entries()) {
      const parcel = await v1<Consignment>('GET', `/consignments/${code}`);
      expect([parcel.status, parcel.body.merchantInvoice, parcel.body.recipient.phone]).toEqual([
        200,
        `BATCH-${index}`,
        parcels[index]?.recipient.phone,
      ]);
    }
    // Each in My Parcels on the website, page after page.
    const listed = new Set<string>();
    for (let cursor: string | null = ''; cursor !== null; ) {
      const page: { body: ParcelsPage } = await call<ParcelsPage>(
        server,
        'GET',
        `/api/consignments${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        { token: owner.token },
      );
      for (const parcel of page.body.parcels) listed.add(parcel.trackingCode);
      cursor = page.body.next;
    }
    expect(codes.filter((code: string) => !listed.has(code))).toEqual([]);
    // The website lists the batch with the merchant's bulk bookings, and prints its labels as one PDF.
    const bulk = await call(server, 'GET', '/api/merchant/bulk-bookings', { token: owner.token });
    expect(bulk.body).toContainEqual(expect.objectContaining({ id: booked.body.id, parcels: 500, total: booked.body.total }));
    const website = await fetch(`${server.url}/api/merchant/bulk-bookings/${booked.body.id}/labels.pdf`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect([website.status, website.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    await website.body?.cancel();
    // The same labels with the key, streamed; another merchant's key finds no such batch.
    const labels = await fetch(booked.body.labelsUrl, { headers: { authorization: `Bearer ${key}` } });
    expect([labels.status, labels.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect((await labels.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const stranger = (await newMerchant()).key;
    expect((await fetch(booked.body.labelsUrl, { headers: { authorization: `Bearer ${stranger}` } })).status).toBe(404);
    expect((await fetch(booked.body.labelsUrl)).status).toBe(401);
  }, 120_000);

  it('one bad parcel among 500: 422 naming its index and its field as the forms name it, and nothing booked', async () => {
    const before = await parcelsOf(merchantId);
    const parcels = parcelBatch(500, 'ONE-BAD-');
    parcels[317] = { ...(parcels[317] as ConsignmentInput), weightGrams: 0 };
    const refused = await bookBatch(parcels);
    expect([refused.status, refused.body.error.code]).toEqual([422, 'batch_refused']);
    expect(refused.body.error.message).toBe(
      'Nothing was booked: correct the parcels listed in problems and send the batch again.',
    );
    expect(refused.body.error.problems).toEqual([{ index: 317, field: 'weight', message: 'Weight must be more than 0' }]);
    expect(await parcelsOf(merchantId)).toBe(before);
  });

  it('names every problem of every parcel, not only the first, in the request’s language', async () => {
    const before = await parcelsOf(merchantId);
    const parcels = parcelBatch(4, 'TWO-BAD-');
    const first = parcels[0] as ConsignmentInput;
    const third = parcels[2] as ConsignmentInput;
    parcels[0] = { ...first, recipient: { ...first.recipient, phone: '12345' } };
    parcels[2] = { ...third, recipient: { ...third.recipient, areaId: 'Atlantis' } };
    const problems = [
      { index: 0, field: 'recipient.phone', message: BD_MOBILE_MESSAGE },
      { index: 2, field: 'recipient.area', message: 'No area is called “Atlantis”: choose one of the suggestions.' },
    ];
    const refused = await bookBatch(parcels);
    expect([refused.status, refused.body.error.problems]).toEqual([422, problems]);
    const inBangla = await bookBatch(parcels, { headers: { 'accept-language': 'bn' } });
    expect(inBangla.status).toBe(422);
    expect(inBangla.body.error.message).toMatch(/^[^A-Za-z]*[\u0980-\u09FF]/);
    expect(inBangla.body.error.problems.map(({ index, field }: { index: number; field: string }) => [index, field])).toEqual([
      [0, 'recipient.phone'],
      [2, 'recipient.area'],
    ]);
    expect(inBangla.body.error.problems[0].message).toBe(
      'বাংলাদেশি মোবাইল নম্বর দিন: ০১৩ থেকে ০১৯ দিয়ে শুরু ১১ অঙ্কের, যেমন ০১৭১১০০০০০০',
    );
    expect(inBangla.body.error.problems[1].message).toBe('“Atlantis” নামে কোনো এলাকা নেই: প্রস্তাবিত এলাকাগুলোর একটি বেছে নিন।');
    expect(await parcelsOf(merchantId)).toBe(before);
  });

  it('refuses an invoice number on two parcels of the batch, or already on one of the merchant’s parcels', async () => {
    const held = await v1<Booking>('POST', '/consignments', { body: { ...STANDARD_PARCEL, merchantInvoice: 'HELD-1' } });
    expect(held.status).toBe(201);
    const before = await parcelsOf(merchantId);
    const parcels = parcelBatch(3, 'DUP-').map((parcel, index) => ({
      ...parcel,
      merchantInvoice: ['DUP-1', 'DUP-1', 'HELD-1'][index],
    }));
    const refused = await bookBatch(parcels);
    expect([refused.status, refused.body.error.problems]).toEqual([
      422,
      [
        {
          index: 1,
          field: 'merchantInvoice',
          message: 'Invoice DUP-1 is on the parcel at index 0 too: each parcel needs its own invoice number.',
        },
        {
          index: 2,
          field: 'merchantInvoice',
          message: `Invoice HELD-1 is already on your parcel ${held.body.trackingCode}: give this parcel another invoice number, or cancel that one first.`,
        },
      ],
    ]);
    expect(await parcelsOf(merchantId)).toBe(before);
  });

  it('with an Idempotency-Key: the same batch again answers the first booking and books nothing; another batch is 422', async () => {
    const parcels = parcelBatch(2, 'ONCE-');
    const headers = { 'idempotency-key': 'batch-2026-11-29' };
    const first = await bookBatch(parcels, { headers });
    expect(first.status).toBe(201);
    const booked = await parcelsOf(merchantId);
    // The same parcels with their fields in another order are the same batch.
    const reordered = parcels.map(({ recipient, ...rest }) => ({ recipient, ...rest }));
    const again = await bookBatch(reordered, { headers });
    expect([again.status, again.body]).toEqual([201, first.body]);
    expect(await parcelsOf(merchantId)).toBe(booked);
    const other = await bookBatch(parcelBatch(3, 'ONCE-'), { headers });
    expect([other.status, other.body.error.code]).toEqual([422, 'idempotency_key_reused']);
    expect(await parcelsOf(merchantId)).toBe(booked);
  });

  it('counts toward the sender’s parcels a day with its other bookings: a batch that would pass it is refused whole', async () => {
    const shop = await newMerchant();
    expect((await v1('POST', '/consignments', { as: shop.key, body: STANDARD_PARCEL })).status).toBe(201);
    expect((await bookBatch(parcelBatch(20, 'FIRST-'), { as: shop.key })).status).toBe(201);
    // 21 booked: 500 more would pass 520.
    const over = await bookBatch(parcelBatch(500, 'OVER-'), { as: shop.key });
    expect([over.status, over.body.error.code]).toEqual([429, 'too_many_requests']);
    expect(over.body.error.message).toMatch(/^You may book 520 parcels in 24 hours and have booked 21: these would pass it\./);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await parcelsOf(shop.merchantId)).toBe(21);
    expect((await bookBatch(parcelBatch(499, 'FITS-'), { as: shop.key })).status).toBe(201);
    expect(await parcelsOf(shop.merchantId)).toBe(PARCELS_A_DAY);
    expect((await v1('POST', '/consignments', { as: shop.key, body: STANDARD_PARCEL })).status).toBe(429);
  }, 60_000);

  it('takes 500 parcels at their longest in Bangla (past the 1 MB of other bodies), and refuses a larger body with 413', async () => {
    const before = await parcelsOf(merchantId);
    const longest = (letter: string, length: number) => letter.repeat(length);
    const parcels = parcelBatch(500, 'LONG-').map((parcel, index) => ({
      ...parcel,
      pickup: { ...parcel.pickup, name: longest('আ', 100), address: longest('ঢ', LIMITS.addressMaxLength) },
      recipient: { ...parcel.recipient, name: longest('র', 100), address: longest('ব', LIMITS.addressMaxLength) },
      merchantInvoice: `${longest('ই', LIMITS.merchantInvoiceMaxLength - 3)}${String(index).padStart(3, '0')}`,
      note: longest('ন', LIMITS.parcelNoteMaxLength),
      weightGrams: 0,
    }));
    const size = Buffer.byteLength(JSON.stringify({ parcels }));
    expect(size).toBeGreaterThan(LIMITS.bodyMaxBytes);
    const refused = await bookBatch(parcels);
    expect(refused.status).toBe(422);
    expect(refused.body.error.problems.map(({ index }: { index: number }) => index)).toEqual(parcels.map((_, index) => index));
    const tooLarge = await bookBatch([{ ...STANDARD_PARCEL, note: 'x'.repeat(LIMITS.consignmentBatchBodyMaxBytes) }]);
    expect([tooLarge.status, tooLarge.body.error.code]).toEqual([413, 'payload_too_large']);
    expect(await parcelsOf(merchantId)).toBe(before);
  });

  it('takes 1 to 500 parcels: an empty batch and one of 501 are refused (400)', async () => {
    for (const parcels of [[], parcelBatch(501, 'MANY-')]) {
      const refused = await bookBatch(parcels);
      expect([refused.status, refused.body.error.fields]).toEqual([
        400,
        { parcels: 'parcels must hold 1 to 500 parcels: send more in further batches.' },
      ]);
    }
  });
});
