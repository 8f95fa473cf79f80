import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLedger } from '#server/db/schema.ts';
import { startTuesdayRun } from '#server/modules/merchants/payout-run.ts';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import { formatCalendarDate } from '#shared/locale-format.ts';
import type { MailboxEntry } from '#shared/mail.ts';
import type { LedgerPage, Merchant, MerchantApplicationInput, MerchantList, Payout } from '#shared/merchant.ts';
import { makePayoutsNow } from '../helpers/merchants.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** The calendar day `at` falls on in Dhaka, the shop's time zone: YYYY-MM-DD. */
const dhakaDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' });

const APPLICATION: MerchantApplicationInput = {
  businessName: 'Asha Gadgets',
  pickupAddresses: [{ name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' }],
  payoutMethod: { kind: 'wallet', wallet: 'bkash', number: '01711 000000' },
};
const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: APPLICATION.pickupAddresses[0] as ConsignmentInput['pickup'],
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 250_000,
};

/** Issue 30: merchant accounts, the COD ledger written with the parcels' moves, and the payouts. */
describe('merchants: application, COD ledger and payouts', () => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let owner: SignedInCustomer;
  let rider: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signInAdmin(server);
    owner = await signUpCustomer(server, { name: 'Asha Rahman' });
    rider = await signUpCustomer(server, { name: 'Rider One' });
    await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
  });
  afterAll(() => server?.stop());

  /** A statement's PDF as its owner downloads it in `language`, as text. */
  const pdfText = async (path: string, language: 'en' | 'bn') => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': language },
    });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), {
      mergePages: true,
    });
    return text;
  };

  const apply = (body: unknown, who = owner) =>
    call<Merchant>(server, 'POST', '/api/merchant/application', { token: who.token, body });
  const decide = (id: string, decision: 'approve' | 'refuse', body?: unknown) =>
    call<Merchant>(server, 'POST', `/api/admin/merchants/${id}/${decision}`, { token: admin.token, body });
  const scan = (codes: string[], status: string, extra: Record<string, string> = {}) =>
    call(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes, status, ...extra } });
  const book = async (merchantInvoice?: string) =>
    (await call<Booking>(server, 'POST', '/api/consignments', { token: owner.token, body: { ...PARCEL, merchantInvoice } })).body;
  const outForDelivery = async (code: string) => {
    await scan([code], 'picked_up');
    await scan([code], 'at_hub', { hub: 'sylhet' });
    await scan([code], 'out_for_delivery', { rider: rider.email });
  };
  const ledger = async () => (await call<LedgerPage>(server, 'GET', '/api/merchant/ledger', { token: owner.token })).body;

  it('a customer applies; an admin refuses with a reason, then approves the corrected application', async () => {
    const invalid = await call(server, 'POST', '/api/merchant/application', {
      token: owner.token,
      body: {
        ...APPLICATION,
        businessName: ' ',
        payoutMethod: { kind: 'wallet', wallet: 'bkash', number: '123' },
      },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error.fields).sort()).toEqual(['businessName', 'payoutMethod.number']);
    expect((await call(server, 'GET', '/api/merchant', { token: owner.token })).status).toBe(404);

    const applied = await apply(APPLICATION);
    expect(applied.status).toBe(201);
    expect(applied.body).toMatchObject({ status: 'pending', businessName: 'Asha Gadgets', balance: 0 });
    expect(applied.body.payoutMethod).toEqual({ kind: 'wallet', wallet: 'bkash', number: '01711000000' });
    expect((await apply(APPLICATION)).status).toBe(409);
    expect((await call(server, 'GET', '/api/admin/merchants', { token: owner.token })).status).toBe(403);

    const waiting = await call<MerchantList>(server, 'GET', '/api/admin/merchants?status=pending', { token: admin.token });
    expect(waiting.body.merchants.map((merchant) => merchant.email)).toEqual([owner.email]);
    const refused = await decide(applied.body.id, 'refuse', { reason: 'The bKash number is not in the business’s name.' });
    expect(refused.body).toMatchObject({ status: 'refused', refusalReason: 'The bKash number is not in the business’s name.' });
    expect((await decide(applied.body.id, 'approve')).status).toBe(409);

    const again = await apply({
      ...APPLICATION,
      payoutMethod: {
        kind: 'bank',
        bankName: 'BRAC Bank',
        branch: 'Gulshan',
        accountName: 'Asha Gadgets',
        accountNumber: '1501-2038-4411-0001',
        // A branch of BRAC Bank in Bangladesh Bank's list (R-PAYOUT-FILES), typed with a space.
        routingNumber: '060 010085',
      },
    });
    expect(again.body).toMatchObject({ status: 'pending', refusalReason: null });
    expect((await decide(again.body.id, 'approve')).body.status).toBe('approved');
    expect((await call<Merchant>(server, 'GET', '/api/merchant', { token: owner.token })).body.status).toBe('approved');
  });

  it('a delivery credits the cash and debits the fees taken from it; a return debits the return charge', async () => {
    const delivered = await book('INV-7781');
    await outForDelivery(delivered.trackingCode);
    // The rider delivers with the code the recipient was texted.
    await server.app.smsWorker.deliverDue();
    const texts = (await call<{ text: string }[]>(server, 'GET', '/api/mailbox/sms', { token: admin.token })).body;
    const code = texts
      .find((sms) => sms.text.includes(delivered.trackingCode) && /code \d{6}/.test(sms.text))
      ?.text.match(/code (\d{6})/)?.[1];
    const done = await call(server, 'POST', `/api/rider/deliveries/${delivered.trackingCode}`, {
      token: rider.token,
      body: { outcome: 'delivered', code, codCollected: 250_000 },
    });
    expect(done.body.status, JSON.stringify(done.body)).toBe('delivered');

    const returned = await book();
    await outForDelivery(returned.trackingCode);
    await call(server, 'POST', `/api/rider/deliveries/${returned.trackingCode}`, {
      token: rider.token,
      body: { outcome: 'failed', reason: 'refused' },
    });
    await scan([returned.trackingCode], 'returning');
    await scan([returned.trackingCode], 'returned');

    const page = await ledger();
    expect(page.lines.map((line) => [line.trackingCode, line.kind, line.amount])).toEqual([
      [returned.trackingCode, 'return_charge', -returned.deliveryFee],
      [delivered.trackingCode, 'cod_fee', -delivered.codFee],
      [delivered.trackingCode, 'delivery_fee', -delivered.deliveryFee],
      [delivered.trackingCode, 'cod_collected', 250_000],
    ]);
    expect(page.balance).toBe(250_000 - delivered.deliveryFee - delivered.codFee - returned.deliveryFee);
    expect(page.lines.every((line) => line.payout === null)).toBe(true);

    // The statement as a spreadsheet opens it (issue 39 item 9): debits are numbers that sum to the
    // balance, not text guarded against formulas; times are Dhaka's; the merchant's invoice is there.
    const csv = await call(server, 'GET', '/api/merchant/ledger.csv', { token: owner.token });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows: Record<string, unknown>[] = parseCsv(csv.body, { columns: true, cast: true });
    const lines = rows.filter((row) => row.kind !== 'total');
    expect(lines.map((row) => [row.tracking_code, row.merchant_invoice, row.kind, row.amount_taka])).toEqual([
      [delivered.trackingCode, 'INV-7781', 'cod_collected', 2500],
      [delivered.trackingCode, 'INV-7781', 'delivery_fee', -delivered.deliveryFee / 100],
      [delivered.trackingCode, 'INV-7781', 'cod_fee', -delivered.codFee / 100],
      [returned.trackingCode, '', 'return_charge', -returned.deliveryFee / 100],
    ]);
    const sum = lines.reduce((total, row) => total + (row.amount_taka as number), 0);
    expect(Math.round(sum * 100)).toBe(page.balance);
    expect(rows.at(-1)).toMatchObject({ kind: 'total', amount_taka: page.balance / 100 });
    const dhaka = (at: string) => new Date(Date.parse(at) + 6 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(lines.map((row) => row.time_asia_dhaka)).toEqual(page.lines.map((line) => dhaka(line.at)).reverse());
    const printed = await pdfText('/api/merchant/ledger.pdf?from=2026-01-01', 'en');
    expect(printed).toContain(delivered.trackingCode);
    // Its period in the shop's days (a period without an end runs to today) and the account it is paid to.
    expect(printed).toContain(`Period: January 1, 2026 to ${formatCalendarDate(dhakaDay(new Date()), 'en')}`);
    expect(printed).toContain('Paid to: BRAC Bank, Gulshan: account ************0001 of Asha Gadgets');
    expect(printed).not.toContain('1501203844110001');
    expect(await pdfText('/api/merchant/ledger.pdf?to=2026-11-30', 'en')).toContain('Period: All lines up to November 30, 2026');
    // Another customer has no ledger.
    expect((await call(server, 'GET', '/api/merchant/ledger', { token: rider.token })).status).toBe(403);
  });

  it('a line is never edited nor deleted: corrections are new lines', async () => {
    await expect(server.db.update(merchantLedger).set({ amount: 1 })).rejects.toThrow();
    await expect(server.db.delete(merchantLedger)).rejects.toThrow();
    const [{ total } = { total: 0 }] = await server.db
      .select({ total: sql<number>`sum(${merchantLedger.amount})`.mapWith(Number) })
      .from(merchantLedger);
    expect(total).toBe((await ledger()).balance);
  });

  it('a payout run pays the balance once; it is marked paid with its reference and the statement is mailed', async () => {
    const balance = (await ledger()).balance;
    expect(await makePayoutsNow(server, admin)).toMatchObject({ state: 'done', merchants: 1, settled: 1, payouts: 1, failed: 0 });
    const made = await call<Payout[]>(server, 'GET', '/api/admin/payouts', { token: admin.token });
    expect(made.body).toMatchObject([
      { number: 'PO-5001', amount: balance, lines: 4, paidAt: null, merchant: { businessName: 'Asha Gadgets' } },
    ]);
    // The day's run again: the same run answers, and nothing new is made.
    expect(await makePayoutsNow(server, admin)).toMatchObject({ payouts: 1 });
    expect((await call<Payout[]>(server, 'GET', '/api/admin/payouts', { token: admin.token })).body).toHaveLength(1);
    const after = await ledger();
    expect(after.balance).toBe(0);
    expect(after.lines.every((line) => line.payout === 'PO-5001')).toBe(true);

    const [payout] = made.body;
    const statement = await call(server, 'GET', `/api/merchant/payouts/${payout?.id}/statement.csv`, { token: owner.token });
    expect(statement.body.trim().split('\r\n')).toHaveLength(6);
    // The same statement as a PDF, in the reader's language: its lines, the payout and the total.
    const taka = (poisha: number) => `৳${(poisha / 100).toLocaleString('en', { minimumFractionDigits: 2 })}`;
    const english = await pdfText(`/api/merchant/payouts/${payout?.id}/statement.pdf`, 'en');
    for (const printed of [
      'SwiftCargo · Statement',
      'Asha Gadgets',
      `Period: Payout PO-5001: lines up to ${formatCalendarDate(dhakaDay(new Date(payout?.cutoff ?? '')), 'en')}`,
      'Paid to: BRAC Bank, Gulshan: account ************0001 of Asha Gadgets',
      'Cash collected',
      'Return charges',
      'Total',
    ])
      expect(english).toContain(printed);
    expect(english).toContain(taka(balance));
    const bangla = await pdfText(`/api/merchant/payouts/${payout?.id}/statement.pdf`, 'bn');
    expect(bangla).toContain('PO-5001');
    expect(bangla).toContain('************0001');
    expect(bangla).not.toContain('Cash collected');
    expect((await call(server, 'GET', `/api/merchant/payouts/${payout?.id}/statement.csv`, { token: rider.token })).status).toBe(
      404,
    );

    const paid = await call<Payout>(server, 'POST', `/api/admin/payouts/${payout?.id}/paid`, {
      token: admin.token,
      body: { reference: 'BRAC-TRX-88213' },
    });
    expect(paid.body).toMatchObject({ reference: 'BRAC-TRX-88213', paidAt: expect.any(String) });
    expect(
      (await call(server, 'POST', `/api/admin/payouts/${payout?.id}/paid`, { token: admin.token, body: { reference: 'x' } }))
        .status,
    ).toBe(409);
    const mailbox = (await call<MailboxEntry[]>(server, 'GET', '/api/mailbox', { token: admin.token })).body;
    const mail = mailbox.find((entry) => entry.kind === 'payout-paid');
    expect(mail).toMatchObject({
      to: owner.email,
      subject: `Payout PO-5001 is paid: ৳${(balance / 100).toLocaleString('en', { minimumFractionDigits: 2 })} — SwiftCargo`,
    });
    expect(mail?.text).toContain('reference BRAC-TRX-88213');
    expect(mail?.text).toContain('Cash collected');
    expect((await call<Payout[]>(server, 'GET', '/api/merchant/payouts', { token: owner.token })).body).toHaveLength(1);
  });

  it('the Tuesday run starts at 10:00 in Dhaka, once that day, whichever instance looks', async () => {
    // 2024-12-03 is a Tuesday: 09:59 in Dhaka is 03:59 UTC. A day long past: the admin's run above made today's,
    // which on a Tuesday in Dhaka would be the day under test.
    expect(await startTuesdayRun(server.db, 'Asia/Dhaka', new Date('2024-12-03T03:59:00Z'))).toBeUndefined();
    const started = await startTuesdayRun(server.db, 'Asia/Dhaka', new Date('2024-12-03T04:00:00Z'));
    expect(started).toMatchObject({ day: '2024-12-03', cutoff: '2024-12-03T04:00:00.000Z', state: 'running' });
    // Later that day the same run answers, with its own cut-off; the Wednesday has none.
    expect(await startTuesdayRun(server.db, 'Asia/Dhaka', new Date('2024-12-03T09:00:00Z'))).toEqual(started);
    expect(await startTuesdayRun(server.db, 'Asia/Dhaka', new Date('2024-12-04T04:00:00Z'))).toBeUndefined();
    const runs = await server.db
      .execute(sql`select day, cutoff from payout_runs where day like '2024-12-%'`)
      .then((result) => (result as unknown as { rows: unknown[] }).rows);
    expect(runs).toHaveLength(1);
  });
});
