import { inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments } from '#server/db/schema.ts';
import { readPayoutRun, startPayoutRun, workPayoutRuns } from '#server/modules/merchants/payout-run.ts';
import type { Booking, Consignment, MerchantConsignmentInput } from '#shared/consignment.ts';
import type { LedgerPage } from '#shared/merchant.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { ScanResult } from '#shared/tracking.ts';
import { bulkBookingFile } from '../helpers/bulk-file.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { approvedMerchant, makePayoutsNow } from '../helpers/merchants.ts';
import { payParcelFee, STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** A merchant's parcel with no cash to collect, as its shop's integration books it. */
const NO_CASH: MerchantConsignmentInput = {
  service: 'standard',
  recipient: STANDARD_PARCEL.recipient,
  weightGrams: 800,
  codAmount: 0,
};
const WEEK_MS = 7 * 86_400_000;

/**
 * Issue 41, decision 165: an approved merchant's fees come out of its COD ledger. A parcel of its with no
 * cash has no card step (`feePayment: account`), is picked up at once and debits its fee when delivered; the
 * balance may go negative, no payout pays it, and the next payout nets it. Customers still pay by card.
 */
describe.each(testDatabaseKinds())('a merchant’s fees out of its COD ledger (decision 165, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let rider: SignedInCustomer;
  let owner: SignedInCustomer;
  let key: string;
  let noCash: Booking;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    rider = await signUpCustomer(server, { name: 'Rider One' });
    await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
    owner = await signUpCustomer(server, { name: 'Asha Rahman' });
    await approvedMerchant(server, admin, owner);
    key = (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: owner.token, body: { name: 'Shop' } })).body
      .key;
  });
  afterAll(() => server?.stop());

  const v1 = <T>(method: string, path: string, body?: unknown) =>
    call<T>(server, method, `/api/v1${path}`, { headers: { authorization: `Bearer ${key}` }, body });
  const scan = (code: string, status: string, extra: Record<string, string> = {}) =>
    call<{ results: ScanResult[] }>(server, 'POST', '/api/ops/scans', {
      token: admin.token,
      body: { codes: [code], status, ...extra },
    });
  const feePaymentsOf = async (codes: string[]) =>
    (
      await server.db
        .select({ code: consignments.trackingCode, feePayment: consignments.feePayment })
        .from(consignments)
        .where(inArray(consignments.trackingCode, codes))
    )
      .sort((a, b) => codes.indexOf(a.code) - codes.indexOf(b.code))
      .map((row) => row.feePayment);
  /** Out for delivery and delivered by the rider with the code the recipient was texted, `cash` taken. */
  async function deliver(code: string, cash: number) {
    await scan(code, 'at_hub', { hub: 'dhaka' });
    await scan(code, 'out_for_delivery', { rider: rider.email });
    await server.app.smsWorker.deliverDue();
    const texts = (await call<{ text: string }[]>(server, 'GET', '/api/mailbox/sms', { token: admin.token })).body;
    const typed = texts.find((sms) => sms.text.includes(code) && /code \d{6}/.test(sms.text))?.text.match(/code (\d{6})/)?.[1];
    const done = await call(server, 'POST', `/api/rider/deliveries/${code}`, {
      token: rider.token,
      body: { outcome: 'delivered', code: typed, codCollected: cash },
    });
    expect(done.body.status, JSON.stringify(done.body)).toBe('delivered');
  }
  const ledger = async () => (await call<LedgerPage>(server, 'GET', '/api/merchant/ledger', { token: owner.token })).body;
  const labelText = async (code: string, lang: 'en' | 'bn') => {
    const response = await fetch(`${server.url}/api/v1/consignments/${code}/label.pdf?lang=${lang}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    return (await extractText(pdf, { mergePages: true })).text;
  };

  it('a merchant’s parcel with no cash has no card step: its fee is from its account, and it is picked up at once', async () => {
    // A `card` the merchant sends is not read: a merchant's fee never waits for a card.
    const booked = await v1<Booking>('POST', '/consignments', { ...NO_CASH, feePayment: 'card' });
    expect(booked.status).toBe(201);
    noCash = booked.body;
    const read = await v1<Consignment>('GET', `/consignments/${noCash.trackingCode}`);
    expect(read.body).toMatchObject({ feePayment: 'account', feePaid: true, codAmount: 0 });
    // The website's parcel page reads the same; there is nothing to pay by card.
    const paying = await call(server, 'POST', `/api/consignments/${noCash.trackingCode}/payment-intent`, { token: owner.token });
    expect(paying.status).toBe(409);
    expect(paying.body.error.message).toBe(
      'This parcel’s fee comes out of your account (your COD balance): there is nothing to pay by card.',
    );
    expect(await labelText(noCash.trackingCode, 'en')).toContain('Fee from the merchant’s account');
    expect((await scan(noCash.trackingCode, 'picked_up')).body.results).toMatchObject([{ moved: true }]);
  });

  it('every door books a merchant’s parcel so: the website, a batch, a CSV file; cash that covers the fee pays it', async () => {
    const onSite = await call<Booking>(server, 'POST', '/api/consignments', { token: owner.token, body: STANDARD_PARCEL });
    const batch = await v1<{ parcels: Booking[] }>('POST', '/consignments/batch', {
      parcels: [
        { ...NO_CASH, merchantInvoice: 'B-1' },
        // Less cash than the fee: the rest comes out of the account, no card and no refusal.
        { ...NO_CASH, merchantInvoice: 'B-2', codAmount: 1_000 },
        { ...NO_CASH, merchantInvoice: 'B-3', codAmount: 150_000 },
      ],
    });
    expect([onSite.status, batch.status]).toEqual([201, 201]);
    const form = new FormData();
    form.set('service', 'standard');
    form.set('file', new Blob([bulkBookingFile(3, {}, 'CSV-')], { type: 'text/csv' }), 'parcels.csv');
    const file = await fetch(`${server.url}/api/merchant/bulk-bookings`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(file.status).toBe(201);
    const [fromFile] = await server.db
      .select({ code: consignments.trackingCode })
      .from(consignments)
      .where(inArray(consignments.merchantInvoice, ['CSV-3']));
    const codes = [onSite.body.trackingCode, ...batch.body.parcels.map((parcel) => parcel.trackingCode), fromFile?.code ?? ''];
    expect(await feePaymentsOf(codes)).toEqual(['account', 'account', 'account', 'cod', 'account']);
  });

  it('delivered with no cash, it debits its delivery fee once: the balance goes negative, as the API shows it', async () => {
    await deliver(noCash.trackingCode, 0);
    const page = await ledger();
    expect(page.lines.map((line) => [line.trackingCode, line.kind, line.amount])).toEqual([
      [noCash.trackingCode, 'delivery_fee', -noCash.deliveryFee],
    ]);
    expect(page.balance).toBe(-noCash.deliveryFee);
    const balance = await v1<{ balance: number }>('GET', '/balance');
    expect(balance.body.balance).toBe(-noCash.deliveryFee);
  });

  it('the payout run pays no negative balance; the next week’s payout is reduced by it', async () => {
    expect(await makePayoutsNow(server, admin)).toMatchObject({ state: 'done', payouts: 0 });
    expect((await v1('GET', '/payouts')).body).toEqual({ payouts: [], older: null });
    expect((await v1<{ balance: number }>('GET', '/balance')).body.balance).toBe(-noCash.deliveryFee);

    // A parcel with cash is delivered during the week; next Tuesday's run nets the debt.
    const cash = (await v1<Booking>('POST', '/consignments', { ...NO_CASH, codAmount: 250_000 })).body;
    await scan(cash.trackingCode, 'picked_up');
    await deliver(cash.trackingCode, 250_000);
    const nextWeek = new Date(Date.now() + WEEK_MS);
    const run = await startPayoutRun(server.db, server.config.timeZone, nextWeek);
    await workPayoutRuns(server.db, { worker: 'next week' });
    expect(await holdsWithin(30_000, async () => (await readPayoutRun(server.db, run.day))?.state === 'done')).toBe(true);
    const payouts = (await v1<{ payouts: { amount: number; lines: number }[] }>('GET', '/payouts')).body.payouts;
    expect(payouts).toMatchObject([{ amount: 250_000 - cash.deliveryFee - cash.codFee - noCash.deliveryFee, lines: 4 }]);
    expect((await v1<{ balance: number }>('GET', '/balance')).body.balance).toBe(0);
  });

  it('a customer who is no merchant still pays by card before pickup', async () => {
    const customer = await signUpCustomer(server);
    const booked = await call<Booking>(server, 'POST', '/api/consignments', { token: customer.token, body: STANDARD_PARCEL });
    const read = await call<Consignment>(server, 'GET', `/api/consignments/${booked.body.trackingCode}`, {
      token: customer.token,
    });
    expect(read.body).toMatchObject({ feePayment: 'card', feePaid: false });
    expect((await scan(booked.body.trackingCode, 'picked_up')).body.results).toMatchObject([{ moved: false }]);
    await payParcelFee(server, customer, booked.body.trackingCode);
    expect((await scan(booked.body.trackingCode, 'picked_up')).body.results).toMatchObject([{ moved: true }]);
  });
});
