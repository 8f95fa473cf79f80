import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, user } from '#server/db/schema.ts';
import type { Booking } from '#shared/consignment.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL, startTwoInstances, type TwoInstances } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const withInvoice = (merchantInvoice: string, phone = STANDARD_PARCEL.recipient.phone) => ({
  ...STANDARD_PARCEL,
  recipient: { ...STANDARD_PARCEL.recipient, phone },
  merchantInvoice,
});

/** Issue 39 item 10: a sender's invoice number names one of their parcels, on the website and through /api/v1. */
describe.each(testDatabaseKinds())('a sender’s invoice numbers on %s', (kind) => {
  let server: TestServer;
  let sender: SignedInCustomer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    const admin = await signInAdmin(server);
    sender = await signUpCustomer(server);
    await approvedMerchant(server, admin, sender);
    key = (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: sender.token, body: { name: 'Shop' } })).body
      .key;
  });
  afterAll(() => server?.stop());

  const book = (body: unknown, headers: Record<string, string> = {}) =>
    call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body, headers });

  it('refuses a second parcel with the same invoice number, naming the first, on the site and through the API', async () => {
    const first = await book(withInvoice('INV-1001'));
    expect(first.status).toBe(201);
    const message = `Invoice INV-1001 is already on your parcel ${first.body.trackingCode}: give this parcel another invoice number, or cancel that one first.`;
    const again = await book(withInvoice('INV-1001', '01912345678'));
    expect(again).toMatchObject({
      status: 409,
      body: { error: { code: 'duplicate_invoice', message, fields: { merchantInvoice: message } } },
    });
    const throughApi = await call(server, 'POST', '/api/v1/consignments', {
      body: withInvoice('INV-1001', '01912345678'),
      headers: { authorization: `Bearer ${key}` },
    });
    expect(throughApi).toMatchObject({ status: 409, body: { error: { code: 'duplicate_invoice', message } } });
    const bangla = await call(server, 'POST', '/api/consignments', {
      token: sender.token,
      body: withInvoice('INV-1001'),
      headers: { 'accept-language': 'bn' },
    });
    expect(bangla.body.error.message).toBe(
      `ইনভয়েস INV-1001 আপনার পার্সেল ${first.body.trackingCode}-এ আগেই দেওয়া আছে: এই পার্সেলে অন্য ইনভয়েস নম্বর দিন, অথবা আগে ওই পার্সেলটি বাতিল করুন।`,
    );
    const [owner] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, sender.email));
    const kept = await server.db.select().from(consignments).where(eq(consignments.merchantInvoice, 'INV-1001'));
    expect(kept.map((row) => row.userId)).toEqual([owner?.id]);
  });

  it('lets another sender use the same number, and the sender rebook it once its parcel is cancelled', async () => {
    const first = await book(withInvoice('INV-2002'));
    const someoneElse = await signUpCustomer(server);
    const theirs = await call(server, 'POST', '/api/consignments', { token: someoneElse.token, body: withInvoice('INV-2002') });
    expect(theirs.status).toBe(201);
    const cancelled = await call(server, 'POST', `/api/consignments/${first.body.trackingCode}/cancel`, { token: sender.token });
    expect(cancelled.status).toBe(200);
    const rebooked = await book(withInvoice('INV-2002'));
    expect(rebooked.status).toBe(201);
    // The invoice and phone lookup finds the live parcel, not the cancelled one: but two senders' parcels match, so neither.
    const lookup = await call(server, 'POST', '/api/track/lookup', {
      body: { invoice: 'INV-2002', phone: STANDARD_PARCEL.recipient.phone },
    });
    expect(lookup.status).toBe(404);
    const alone = await book(withInvoice('INV-2003'));
    await call(server, 'POST', `/api/consignments/${alone.body.trackingCode}/cancel`, { token: sender.token });
    const rebookedAlone = await book(withInvoice('INV-2003'));
    const found = await call(server, 'POST', '/api/track/lookup', {
      body: { invoice: 'INV-2003', phone: STANDARD_PARCEL.recipient.phone },
    });
    expect(found.body).toEqual({ trackingCode: rebookedAlone.body.trackingCode });
  });

  it('answers a repeated request with its Idempotency-Key by its first booking, not a 409', async () => {
    const headers = { 'idempotency-key': 'order-3003' };
    const first = await book(withInvoice('INV-3003'), headers);
    const repeated = await book(withInvoice('INV-3003'), headers);
    expect(first.status).toBe(201);
    expect(repeated).toMatchObject({ status: 201, body: first.body });
  });
});

describe.skipIf(withoutPostgres())('one invoice number booked twice at once (race test, needs PostgreSQL)', () => {
  let shop: TwoInstances;
  let sender: SignedInCustomer;
  beforeAll(async () => {
    shop = await startTwoInstances();
    sender = await signUpCustomer(shop.first);
  });
  afterAll(() => shop?.stop());

  it('books one parcel and answers the other 409 naming it', async () => {
    const { first, second, races } = shop;
    const answers = await races.overlap('consignment booked', 2, () =>
      Promise.all(
        [first, second].map((server, index) =>
          call(server, 'POST', '/api/consignments', {
            token: sender.token,
            body: withInvoice('INV-RACE', index ? '01912345678' : '01812345678'),
          }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const booked = answers.find((answer) => answer.status === 201);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.error.message).toContain(booked?.body.trackingCode);
    const rows = await first.db.select().from(consignments).where(eq(consignments.merchantInvoice, 'INV-RACE'));
    expect(rows).toHaveLength(1);
  });
});
