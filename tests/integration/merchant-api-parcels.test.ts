import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentEvents, consignments, paymentIntents } from '#server/db/schema.ts';
import { BD_MOBILE_MESSAGE, type Booking, type Consignment } from '#shared/consignment.ts';
import type { LedgerPage } from '#shared/merchant.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { ParcelsPage } from '#shared/parcel-lists.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { copyParcel, payParcelFee, STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const toPhone = (phone: string) => ({ recipient: { ...STANDARD_PARCEL.recipient, phone } });

/**
 * Issue 41: a merchant's parcels through /api/v1, as a shop's server asks for them: listed a page at a
 * time and filtered, found by the shop's invoice number, cancelled before pickup, with an API key.
 */
describe.each(testDatabaseKinds())('parcels through the merchant API on %s', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let merchant: SignedInCustomer;
  let other: SignedInCustomer;
  let key: string;
  let otherKey: string;

  const makeKey = async (who: SignedInCustomer, name: string) =>
    (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: who.token, body: { name } })).body;

  beforeAll(async () => {
    // The request log is kept, to read what it says of a phone or an invoice; the API's limit is out of the way.
    server = await startTestServer({ kind, logLevel: 'info', env: { API_REQUESTS_PER_MERCHANT: '1000' } });
    admin = await signInAdmin(server);
    merchant = await signUpCustomer(server);
    other = await signUpCustomer(server);
    await approvedMerchant(server, admin, merchant);
    await approvedMerchant(server, admin, other);
    key = (await makeKey(merchant, 'Shop')).key;
    otherKey = (await makeKey(other, 'Theirs')).key;
    // A server's start and migrations take over a minute on a machine shared with other runs.
  }, 180_000);
  afterAll(() => server?.stop());

  // biome-ignore lint/suspicious/noExplicitAny: as `call` does, tests read answer bodies as loosely as a client script would
  const v1 = <T = any>(method: string, path: string, bearer = key, headers: Record<string, string> = {}, body?: unknown) =>
    call<T>(server, method, `/api/v1${path}`, { body, headers: { authorization: `Bearer ${bearer}`, ...headers } });

  const book = async (more: Record<string, unknown> = {}, bearer = key) => {
    const booked = await v1<Booking>('POST', '/consignments', bearer, {}, { ...STANDARD_PARCEL, ...more });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    return booked.body.trackingCode;
  };

  const list = async (filter: Record<string, string>, bearer = key) => {
    const page = await v1<ParcelsPage>('GET', `/consignments?${new URLSearchParams(filter)}`, bearer);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return page.body;
  };
  const codes = async (filter: Record<string, string>) =>
    (await list(filter)).parcels.map((parcel) => parcel.trackingCode).sort();

  const byInvoice = (invoice: string, bearer = key, headers: Record<string, string> = {}) =>
    v1<Consignment>('GET', `/consignments/by-invoice?${new URLSearchParams({ invoice })}`, bearer, headers);
  const cancel = (trackingCode: string, bearer = key) => v1<Consignment>('POST', `/consignments/${trackingCode}/cancel`, bearer);

  it('walks every parcel of the merchant’s, newest first, a page at a time: none missed or repeated, none of another’s', async () => {
    const first = await book();
    await copyParcel(server, first, 'SCAPIWALK', 120);
    await copyParcel(server, await book({}, otherKey), 'SCAPITHEIRS', 30);
    const history = [first, ...Array.from({ length: 120 }, (_, index) => `SCAPIWALK${index + 1}`)];

    const seen: Consignment[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(cursor ? { cursor } : {});
      pages++;
      expect(page.parcels.length).toBeLessThanOrEqual(50);
      seen.push(...page.parcels);
      cursor = page.next ?? undefined;
    } while (cursor);

    const seenCodes = seen.map((parcel) => parcel.trackingCode);
    expect(pages).toBe(3);
    expect(new Set(seenCodes).size).toBe(seenCodes.length);
    expect([...seenCodes].sort()).toEqual([...history].sort());
    expect(seenCodes[0]).toBe(first);
    const times = seen.map((parcel) => parcel.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // The other merchant's key lists its own 31, on one page, and none of these.
    const theirs = await list({}, otherKey);
    expect([theirs.parcels.length, theirs.next]).toEqual([31, null]);
    expect(theirs.parcels.filter((parcel) => history.includes(parcel.trackingCode))).toEqual([]);
    expect((await v1('GET', '/consignments?cursor=nonsense')).status).toBe(400);
  });

  it('filters by status, booked between shop days, invoice and the recipient’s phone in any typed form, combined', async () => {
    const a = await book({ merchantInvoice: 'WOO-5001', ...toPhone('01911222333') });
    const b = await book({ merchantInvoice: 'WOO-5002', ...toPhone('01911222333') });
    const c = await book({ merchantInvoice: 'WOO-5003' });
    // Another merchant's parcel with the same invoice and phone is never listed.
    await book({ merchantInvoice: 'WOO-5001', ...toPhone('01911222333') }, otherKey);
    await server.db.execute(sql`update consignments set status = 'at_hub', hub = 'dhaka' where tracking_code = ${b}`);
    await server.db.execute(sql`update consignments set created_at = '2026-01-10 20:00:00+00' where tracking_code = ${c}`);

    expect(await codes({ invoice: 'WOO-5001' })).toEqual([a]);
    expect(await codes({ invoice: ' WOO-5001 ' })).toEqual([a]);
    expect(await codes({ invoice: 'WOO-50' })).toEqual([]);
    expect(await codes({ phone: '01911222333' })).toEqual([a, b].sort());
    expect(await codes({ phone: '+880 1911-222333' })).toEqual([a, b].sort());
    expect(await codes({ phone: '০১৯১১২২২৩৩৩' })).toEqual([a, b].sort());
    expect(await codes({ phone: '01911222333', status: 'at_hub' })).toEqual([b]);
    expect(await codes({ phone: '01911222333', invoice: 'WOO-5002' })).toEqual([b]);
    expect(await codes({ phone: '01911222333', invoice: 'WOO-5003' })).toEqual([]);
    expect(await codes({ status: 'at_hub' })).toEqual([b]);
    // 2026-01-10 20:00 UTC is the 11th in Dhaka (UTC+6): booked on the 11th, shop days, not UTC days.
    expect(await codes({ from: '2026-01-11', to: '2026-01-11' })).toEqual([c]);
    expect(await codes({ from: '2026-01-10', to: '2026-01-10' })).toEqual([]);
    expect(await codes({ to: '2026-01-11' })).toEqual([c]);
    expect((await list({ from: '2026-01-12' })).parcels.map((parcel) => parcel.trackingCode)).not.toContain(c);

    const wrongPhone = await v1('GET', '/consignments?phone=12345');
    expect([wrongPhone.status, wrongPhone.body.error.fields]).toEqual([400, { phone: BD_MOBILE_MESSAGE }]);
    expect((await v1('GET', '/consignments?status=lost')).status).toBe(400);
    expect((await v1('GET', '/consignments?from=yesterday')).status).toBe(400);
  });

  it('finds a parcel by its invoice number: the live one, else the one cancelled last; 404 for none or another’s', async () => {
    const first = await book({ merchantInvoice: 'ORD/2026/7' });
    expect((await byInvoice('ORD/2026/7')).body).toMatchObject({
      trackingCode: first,
      status: 'booked',
      merchantInvoice: 'ORD/2026/7',
    });
    expect((await cancel(first)).status).toBe(200);
    expect((await byInvoice('ORD/2026/7')).body).toMatchObject({ trackingCode: first, status: 'cancelled' });
    const second = await book({ merchantInvoice: 'ORD/2026/7' });
    expect((await byInvoice('ORD/2026/7')).body).toMatchObject({ trackingCode: second, status: 'booked' });
    expect((await cancel(second)).status).toBe(200);
    expect((await byInvoice('ORD/2026/7')).body).toMatchObject({ trackingCode: second, status: 'cancelled' });
    const third = await book({ merchantInvoice: 'ORD/2026/7' });
    expect((await byInvoice(' ORD/2026/7 ')).body.trackingCode).toBe(third);

    const none = await byInvoice('ORD/2026/8');
    expect([none.status, none.body]).toEqual([
      404,
      { error: { code: 'not_found', message: 'No parcel of yours has this invoice number.' } },
    ]);
    expect((await byInvoice('ORD/2026/8', key, { 'accept-language': 'bn' })).body).toMatchObject({
      error: { message: 'এই ইনভয়েস নম্বরে আপনার কোনো পার্সেল নেই।' },
    });
    await book({ merchantInvoice: 'THEIRS-1' }, otherKey);
    expect((await byInvoice('THEIRS-1')).status).toBe(404);
    expect((await byInvoice('THEIRS-1', otherKey)).status).toBe(200);
    expect((await byInvoice('x'.repeat(61))).status).toBe(400);
  });

  it('cancels before pickup as the website does: a card-paid fee refunded, nothing on the ledger, the invoice free again', async () => {
    const paid = await book({ merchantInvoice: 'SHOP-9' });
    // A merchant's fee has no card step since decision 165: this is a parcel booked before it, its fee by card.
    await server.db.update(consignments).set({ feePayment: 'card' }).where(eq(consignments.trackingCode, paid));
    await payParcelFee(server, merchant, paid);
    const cancelled = await cancel(paid);
    expect([cancelled.status, cancelled.body]).toMatchObject([200, { trackingCode: paid, status: 'cancelled', feePaid: true }]);
    const [parcel] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, paid));
    const [event] = await server.db
      .select()
      .from(consignmentEvents)
      .where(and(eq(consignmentEvents.consignmentId, parcel?.id ?? ''), eq(consignmentEvents.status, 'cancelled')));
    expect(event?.note).toMatch(/^Fee refunded \(.+\)\.$/);
    expect(event?.actorId).toBe(parcel?.userId);
    const payments = await server.db
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.consignmentId, parcel?.id ?? ''));
    expect(payments).toEqual([{ status: 'refunded' }]);

    // A parcel with cash to collect, its fee to come out of that cash: cancelled, its ledger stays empty.
    const cod = await book({ codAmount: 150_000 });
    expect((await cancel(cod)).body.status).toBe('cancelled');
    const ledger = await v1<LedgerPage>('GET', '/ledger');
    expect(ledger.body).toEqual({ lines: [], older: null, newer: null, balance: 0 });

    expect(await book({ merchantInvoice: 'SHOP-9' })).toEqual(expect.any(String));
    const again = await cancel(paid);
    expect(again).toMatchObject({ status: 409, body: { error: { message: 'This parcel is already cancelled.' } } });
  });

  it('refuses a parcel past pickup with the website’s answer, and another merchant’s parcel as unknown', async () => {
    // A merchant's parcel is picked up at once: its fee comes out of its account (decision 165).
    const picked = await book();
    const scan = await call(server, 'POST', '/api/ops/scans', {
      token: admin.token,
      body: { codes: [picked], status: 'picked_up' },
    });
    expect(scan.body.results[0]).toMatchObject({ moved: true });
    const late = await cancel(picked);
    expect(late).toMatchObject({
      status: 409,
      body: { error: { message: 'A parcel that is picked up cannot be marked cancelled.' } },
    });
    const onWebsite = await call(server, 'POST', `/api/consignments/${picked}/cancel`, { token: merchant.token });
    expect([late.status, late.body]).toEqual([onWebsite.status, onWebsite.body]);

    const theirs = await book({}, otherKey);
    const refused = await cancel(theirs);
    expect([refused.status, refused.body]).toEqual([
      404,
      { error: { code: 'not_found', message: 'No parcel of yours has this tracking code.' } },
    ]);
    expect((await v1<Consignment>('GET', `/consignments/${theirs}`, otherKey)).body.status).toBe('booked');
  });

  it('refuses a revoked key on every parcel route', async () => {
    const made = await makeKey(merchant, 'Old shop');
    const parcel = await book({ merchantInvoice: 'REVOKED-1' }, made.key);
    expect((await v1('GET', '/consignments', made.key)).status).toBe(200);
    expect((await call(server, 'DELETE', `/api/merchant/api-keys/${made.id}`, { token: merchant.token })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/consignments'],
      ['GET', '/consignments/by-invoice?invoice=REVOKED-1'],
      ['POST', `/consignments/${parcel}/cancel`],
    ] as const)
      expect((await v1(method, path, made.key)).status, `${method} ${path}`).toBe(401);
    expect((await v1<Consignment>('GET', `/consignments/${parcel}`)).body.status).toBe('booked');
  });

  it('keeps a phone and an invoice asked for out of the request log', async () => {
    await list({ phone: '+880 1911-222333', invoice: 'WOO-5001' });
    expect((await byInvoice('WOO-5001')).status).toBe(200);
    const urls = () => server.log.filter((line) => line.msg === 'request completed').map((line) => String(line.url));
    // A line is written just after its answer is sent.
    await holdsWithin(2_000, async () => urls().includes('/api/v1/consignments/by-invoice?invoice'));
    expect(urls()).toEqual(
      expect.arrayContaining(['/api/v1/consignments?phone&invoice', '/api/v1/consignments/by-invoice?invoice']),
    );
    expect(JSON.stringify(server.log)).not.toMatch(/1911222333|1911-222333|১৯১১|WOO-5001/);
  });
});
