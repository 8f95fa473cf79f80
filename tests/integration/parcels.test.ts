import { desc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentEvents, consignments, paymentIntents } from '#server/db/schema.ts';
import { writeRateCard } from '#server/modules/rates/rate-card-csv.ts';
import { DEFAULT_RATE_CARD } from '#server/modules/rates/rate-card-store.ts';
import type { Booking, Consignment, ConsignmentInput } from '#shared/consignment.ts';
import type { ParcelsPage } from '#shared/parcel-lists.ts';
import type { Quote } from '#shared/quote.ts';
import type { ScanResult } from '#shared/tracking.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import { approvedMerchant, MERCHANT_APPLICATION } from '../helpers/merchants.ts';
import { payParcelFee } from '../helpers/parcels.ts';
import { chargeTestCard } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Issue 28: a parcel quoted, booked, paid for and labelled over real HTTP. */
describe('parcels: quote, booking, fee payment and label', () => {
  let server: TestServer;
  let sender: SignedInCustomer;
  /** A customer who is no merchant: the fee of their parcel is paid by card (a merchant's never is: decision 165). */
  let payer: SignedInCustomer;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer();
    sender = await signUpCustomer(server, { name: 'Asha Rahman' });
    admin = await signInAdmin(server);
    // Cash to collect is a merchant's (issue 39): the sender books as one.
    await approvedMerchant(server, admin, sender);
    payer = await signUpCustomer(server, { name: 'Karim Mia' });
  });
  afterAll(() => server?.stop());

  const quote = (query: string, headers: Record<string, string> = {}) =>
    call<Quote>(server, 'GET', `/api/quote?${query}`, { headers });

  const parcel = (overrides: Partial<ConsignmentInput> = {}): ConsignmentInput => ({
    service: 'express',
    pickup: { name: 'Asha Rahman', phone: '+880 1711-000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
    recipient: { name: 'রহিম উদ্দিন', phone: '০১৮১২৩৪৫৬৭৮', address: 'Station Road', areaId: 'Sylhet Sadar, Sylhet' },
    weightGrams: 1500,
    codAmount: 0,
    ...overrides,
  });

  const book = (body: unknown, customer = sender, headers: Record<string, string> = {}) =>
    call<Booking>(server, 'POST', '/api/consignments', { token: customer.token, body, headers });

  it('quotes every service between two areas named by id or by name, with the COD charge rounded up to a taka', async () => {
    const answer = await quote('from=dhaka-gulshan&to=Savar&weightGrams=1500&codAmount=123456');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ currency: 'BDT', zone: 'suburb', from: 'dhaka-gulshan', to: 'dhaka-savar' });
    const express = answer.body.options.find((option) => option.service === 'express');
    // 1.5% of ৳1,234.56 is ৳18.52: charged ৳19.
    expect(express).toMatchObject({ available: true, deliveryFee: 14_000, codFee: 1_900, total: 15_900 });
    expect((express?.estimatedDelivery?.earliest ?? '') <= (express?.estimatedDelivery?.latest ?? '')).toBe(true);
    const sameDay = answer.body.options.find((option) => option.service === 'same-day');
    expect(sameDay).toMatchObject({ available: false, deliveryFee: null, reason: 'Same-day delivery stays within one city.' });
    const cargo = answer.body.options.find((option) => option.service === 'cargo');
    expect(cargo).toMatchObject({ available: false, reason: 'This service takes parcels from 10 kg.' });
  });

  it('answers a repeated quote from memory in the language each request asks for', async () => {
    const path = 'from=dhaka-gulshan&to=dhaka-savar&weightGrams=20000';
    const reasonOf = (answer: { body: Quote }) => answer.body.options.find((option) => option.service === 'express')?.reason;
    for (let round = 0; round < 2; round++) {
      const english = await quote(path);
      expect(reasonOf(english)).toBe('This service takes parcels up to 10 kg.');
      expect(english.headers.get('content-language')).toBe('en');
      expect(english.headers.get('vary')).toMatch(/Accept-Language/);
      const bangla = await quote(path, { 'accept-language': 'bn' });
      expect(reasonOf(bangla)).toBe('এই সেবা সর্বোচ্চ ১০ কেজি পর্যন্ত পার্সেল নেয়।');
      expect(bangla.headers.get('content-language')).toBe('bn');
    }
  });

  it('tells the zones apart: one city, its suburbs, the rest of the country', async () => {
    const zone = async (from: string, to: string) => (await quote(`from=${from}&to=${to}&weightGrams=500`)).body.zone;
    expect(await zone('dhaka-gulshan', 'dhaka-mirpur')).toBe('same-city');
    expect(await zone('dhaka-gulshan', 'gazipur-gazipur-sadar')).toBe('suburb');
    expect(await zone('narayanganj-rupganj', 'dhaka-keraniganj')).toBe('suburb');
    expect(await zone('dhaka-gulshan', 'chattogram-panchlaish')).toBe('nationwide');
    expect(await zone('cumilla-debidwar', 'cumilla-barura')).toBe('same-city');
  });

  it('refuses bad input with a message on each field, in Bangla when asked', async () => {
    const unknown = await quote('from=Atlantis&to=dhaka-savar&weightGrams=0&codAmount=-1');
    expect(unknown.status).toBe(400);
    expect(Object.keys((unknown.body as unknown as { error: { fields: object } }).error.fields).sort()).toEqual(
      ['codAmount', 'weightGrams'].sort(),
    );
    const area = await quote('from=Atlantis&to=Kaliganj&weightGrams=500');
    expect(area.status).toBe(400);
    expect((area.body as unknown as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      from: 'No area is called “Atlantis”: choose one of the suggestions.',
      to: 'Several areas are called “Kaliganj”: add the district, like “Kaliganj, Satkhira”.',
    });
    const heavy = await quote('from=dhaka-gulshan&to=dhaka-savar&weightGrams=1000001');
    expect(heavy.status).toBe(400);
    const bangla = await quote('from=Atlantis&to=dhaka-savar&weightGrams=500', { 'accept-language': 'bn' });
    expect((bangla.body as unknown as { error: { message: string } }).error.message).toMatch(/[\u0980-\u09FF]/);
  });

  it('books a parcel at the server’s price, answers its tracking code and label, and lists it in My Parcels', async () => {
    const quoted = (await quote('from=dhaka-gulshan&to=sylhet-sylhet-sadar&weightGrams=1500')).body.options.find(
      (option) => option.service === 'express',
    );
    // A client's own price is not a field: it is dropped, and the server prices the parcel.
    const booked = await book({ ...parcel(), deliveryFee: 1, total: 1 });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ status: 'booked', deliveryFee: quoted?.deliveryFee, codFee: 0, total: quoted?.total });
    expect(readTrackingCode(booked.body.trackingCode)).toBe(booked.body.trackingCode);
    expect(booked.body.labelUrl).toBe(`${server.url}/api/consignments/${booked.body.trackingCode}/label.pdf`);

    const mine = await call<ParcelsPage>(server, 'GET', '/api/consignments', { token: sender.token });
    expect(mine.body.parcels[0]).toMatchObject({
      trackingCode: booked.body.trackingCode,
      // A merchant's parcel with no cash: its fee comes out of its account, owed by no card (decision 165).
      feePayment: 'account',
      feePaid: true,
      pickup: { phone: '01711000000', area: { id: 'dhaka-gulshan' } },
      recipient: { phone: '01812345678', area: { id: 'sylhet-sylhet-sadar' } },
    });
    // Typed in lower case with an o for a zero, it is still the same parcel.
    const typed = booked.body.trackingCode.toLowerCase().replace(/0/g, 'o');
    expect((await call(server, 'GET', `/api/consignments/${typed}`, { token: sender.token })).status).toBe(200);
  });

  it('refuses a phone that is not a Bangladeshi mobile, a service that cannot take the parcel, and too little cash for the fee', async () => {
    const phone = await book(parcel({ recipient: { ...parcel().recipient, phone: '01211000000' } }));
    expect(phone.status).toBe(400);
    expect((phone.body as unknown as { error: { fields: Record<string, string> } }).error.fields['recipient.phone']).toMatch(
      /Bangladeshi mobile/,
    );
    const sameDay = await book(parcel({ service: 'same-day' }));
    expect(sameDay.status).toBe(400);
    // Only a fee that is not a merchant's may be asked to come out of the cash; a merchant's comes out of its
    // account when its cash does not cover it (decision 165).
    const cod = await book(parcel({ feePayment: 'cod' }), payer);
    expect(cod.status).toBe(400);
    expect((cod.body as unknown as { error: { fields: Record<string, string> } }).error.fields.codAmount).toMatch(
      /must cover the fee/,
    );
    const mine = await call<ParcelsPage>(server, 'GET', '/api/consignments', { token: sender.token });
    expect(mine.body.parcels).toHaveLength(1);
  });

  it('takes the fee from the cash on delivery by default when there is cash to collect', async () => {
    const booked = await book(parcel({ codAmount: 150_000 }));
    expect(booked.status).toBe(201);
    expect(booked.body.codFee).toBe(2_300);
    const seen = await call<Consignment>(server, 'GET', `/api/consignments/${booked.body.trackingCode}`, { token: sender.token });
    expect(seen.body).toMatchObject({ feePayment: 'cod', feePaid: true });
    const intent = await call(server, 'POST', `/api/consignments/${booked.body.trackingCode}/payment-intent`, {
      token: sender.token,
    });
    expect(intent.status).toBe(409);
  });

  it('takes the fee by card with the test processor, for the booked total in taka', async () => {
    const booked = await book(parcel(), payer);
    const { trackingCode } = booked.body;
    const started = await call(server, 'POST', `/api/consignments/${trackingCode}/payment-intent`, { token: payer.token });
    expect(started.status).toBe(200);
    const refused = await chargeTestCard(server, payer, started.body.clientSecret, '4000000000000002');
    expect(refused.status).toBe(402);
    const charged = await chargeTestCard(server, payer, started.body.clientSecret);
    expect(charged.status).toBe(200);
    expect(charged.body.paymentIntent).toMatchObject({ amount: booked.body.total, currency: 'bdt', status: 'succeeded' });
    const paid = await call<Consignment>(server, 'PATCH', `/api/consignments/${trackingCode}/payment`, {
      token: payer.token,
      body: { transactionId: charged.body.paymentIntent.id },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.feePaid).toBe(true);
    const again = await call(server, 'POST', `/api/consignments/${trackingCode}/payment-intent`, { token: payer.token });
    expect(again.status).toBe(409);
  });

  it('cancels a parcel before pickup for its sender or staff, its card-paid fee refunded; not after pickup', async () => {
    const booked = await book(parcel(), payer);
    const { trackingCode } = booked.body;
    const started = await call(server, 'POST', `/api/consignments/${trackingCode}/payment-intent`, { token: payer.token });
    const charged = await chargeTestCard(server, payer, started.body.clientSecret);
    await call(server, 'PATCH', `/api/consignments/${trackingCode}/payment`, {
      token: payer.token,
      body: { transactionId: charged.body.paymentIntent.id },
    });
    const cancel = (code: string, who = payer) =>
      call<Consignment>(server, 'POST', `/api/consignments/${code}/cancel`, { token: who.token });
    const stranger = await signUpCustomer(server);
    expect((await cancel(trackingCode, stranger)).status).toBe(404);
    const cancelled = await cancel(trackingCode);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', feePaid: true });
    const [event] = await server.db
      .select()
      .from(consignmentEvents)
      .where(eq(consignmentEvents.status, 'cancelled'))
      .orderBy(desc(consignmentEvents.id))
      .limit(1);
    expect(event?.note).toMatch(/^Fee refunded \(.+\)\.$/);
    const [payment] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.id, charged.body.paymentIntent.id));
    expect(payment?.status).toBe('refunded');
    const again = await cancel(trackingCode);
    expect(again).toMatchObject({ status: 409, body: { error: { message: 'This parcel is already cancelled.' } } });

    const picked = (await book(parcel(), payer)).body.trackingCode;
    await payParcelFee(server, payer, picked);
    await call(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes: [picked], status: 'picked_up' } });
    const late = await cancel(picked);
    expect(late).toMatchObject({
      status: 409,
      body: { error: { message: 'A parcel that is picked up cannot be marked cancelled.' } },
    });
    // Staff may cancel a sender's parcel before pickup.
    const other = (await book(parcel(), payer)).body.trackingCode;
    expect((await cancel(other, admin)).body.status).toBe('cancelled');
  });

  it('does not pick up a parcel whose card fee is unpaid: each scan says why, in its language; paid, it is picked up', async () => {
    const unpaid = (await book(parcel(), payer)).body.trackingCode;
    const scan = (headers: Record<string, string> = {}) =>
      call<{ results: ScanResult[] }>(server, 'POST', '/api/ops/scans', {
        token: admin.token,
        body: { codes: [unpaid], status: 'picked_up' },
        headers,
      });
    expect((await scan()).body.results).toEqual([
      { code: unpaid, moved: false, problem: 'The fee of this parcel is not paid yet: it cannot be picked up.' },
    ]);
    expect((await scan({ 'accept-language': 'bn' })).body.results).toEqual([
      { code: unpaid, moved: false, problem: 'এই পার্সেলের চার্জ এখনো পরিশোধ করা হয়নি: এটি সংগ্রহ করা যাবে না।' },
    ]);
    const still = await call<Consignment>(server, 'GET', `/api/consignments/${unpaid}`, { token: payer.token });
    expect(still.body).toMatchObject({ status: 'booked', feePaid: false });
    const events = await server.db
      .select()
      .from(consignmentEvents)
      .innerJoin(consignments, eq(consignments.id, consignmentEvents.consignmentId))
      .where(eq(consignments.trackingCode, unpaid));
    expect(events.map((event) => event.consignment_events.status)).toEqual(['booked']);

    await payParcelFee(server, payer, unpaid);
    expect((await scan()).body.results).toEqual([{ code: unpaid, moved: true, status: 'picked_up' }]);
    // A fee taken from the cash is owed by no card: that parcel is picked up at once.
    const fromCash = (await book(parcel({ codAmount: 150_000 }))).body.trackingCode;
    const cod = await call<{ results: ScanResult[] }>(server, 'POST', '/api/ops/scans', {
      token: admin.token,
      body: { codes: [fromCash], status: 'picked_up' },
    });
    expect(cod.body.results).toEqual([{ code: fromCash, moved: true, status: 'picked_up' }]);
  });

  it('takes cash to collect only from approved merchants: anyone else’s booking is 400 on codAmount and books nothing', async () => {
    const customer = await signUpCustomer(server);
    const refused = await book(parcel({ codAmount: 150_000 }), customer);
    expect(refused.status).toBe(400);
    const message =
      'Cash on delivery is for approved merchant accounts: apply as a merchant on the Merchant page, or book with no cash to collect.';
    expect(refused.body).toMatchObject({ error: { code: 'bad_request', message, fields: { codAmount: message } } });
    const bangla = await book(parcel({ codAmount: 150_000 }), customer, { 'accept-language': 'bn' });
    expect((bangla.body as unknown as { error: { fields: Record<string, string> } }).error.fields.codAmount).toMatch(
      /[\u0980-\u09FF]/,
    );
    // An application still waiting is no merchant yet.
    await call(server, 'POST', '/api/merchant/application', { token: customer.token, body: MERCHANT_APPLICATION });
    expect((await book(parcel({ codAmount: 150_000, feePayment: 'card' }), customer)).status).toBe(400);
    expect((await call<ParcelsPage>(server, 'GET', '/api/consignments', { token: customer.token })).body).toEqual({
      parcels: [],
      next: null,
    });
    // Without cash to collect, anyone books.
    expect((await book(parcel(), customer)).status).toBe(201);
  });

  it('prints no label for a cancelled parcel (409)', async () => {
    const booked = (await book(parcel())).body.trackingCode;
    const path = `/api/consignments/${booked}/label.pdf`;
    expect((await call(server, 'GET', path, { token: sender.token })).status).toBe(200);
    await call(server, 'POST', `/api/consignments/${booked}/cancel`, { token: sender.token });
    expect(await call(server, 'GET', path, { token: sender.token })).toMatchObject({
      status: 409,
      body: { error: { message: 'This parcel was cancelled: it has no label to print.' } },
    });
  });

  it('prints an A6 label holding the tracking code and the tracking address, for the sender and staff only', async () => {
    const booked = await book(parcel());
    const path = `/api/consignments/${booked.body.trackingCode}/label.pdf`;
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${sender.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    // A6 is 105 × 148 mm.
    expect(Math.round(((width as number) * 25.4) / 72)).toBe(105);
    expect(Math.round(((height as number) * 25.4) / 72)).toBe(148);
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(booked.body.trackingCode);
    expect(text).toContain(`${server.url}/track/${booked.body.trackingCode}`);
    // The Bangla name is drawn shaped (its vowel signs where they are read), so its text comes out in that order.
    for (const printed of ['EXPRESS', '01812345678', 'Sylhet Sadar, Sylhet', 'Asha Rahman · 01711000000', 'Nothing to collect'])
      expect(text).toContain(printed);

    const stranger = await signUpCustomer(server);
    expect((await call(server, 'GET', path, { token: stranger.token })).status).toBe(404);
    expect((await call(server, 'GET', path)).status).toBe(401);
    expect((await call(server, 'GET', path, { token: admin.token })).status).toBe(200);
  });

  it('with an Idempotency-Key, answers a repeated booking with the first answer and refuses the key for another parcel', async () => {
    const key = `booking-${Date.now()}`;
    const first = await book(parcel(), sender, { 'idempotency-key': key });
    const again = await book(parcel(), sender, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await book(parcel({ weightGrams: 2500 }), sender, { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect((other.body as unknown as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
    // Another customer's key of the same name is theirs.
    const someoneElse = await signUpCustomer(server);
    expect((await book(parcel(), someoneElse, { 'idempotency-key': key })).body.trackingCode).not.toBe(first.body.trackingCode);
  });

  it('keeps a booked parcel’s price when an admin imports a new rate card, which prices the next one', async () => {
    const before = await book(parcel());
    const dearer = writeRateCard({
      ...DEFAULT_RATE_CARD,
      lines: DEFAULT_RATE_CARD.lines.map((line) => ({
        ...line,
        bands: line.bands.map((price) => (price === null ? null : price * 2)),
      })),
    });
    const put = await fetch(`${server.url}/api/admin/rates`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/csv', origin: server.url },
      body: dearer,
    });
    expect(put.status).toBe(200);
    const after = await book(parcel());
    expect(after.body.deliveryFee).toBe(before.body.deliveryFee * 2);
    // The quotes kept in memory went with the old card.
    const requoted = await quote('from=dhaka-gulshan&to=sylhet-sylhet-sadar&weightGrams=1500');
    expect(requoted.body.options.find((option) => option.service === 'express')?.deliveryFee).toBe(after.body.deliveryFee);
    const kept = await call<Consignment>(server, 'GET', `/api/consignments/${before.body.trackingCode}`, { token: sender.token });
    expect(kept.body.deliveryFee).toBe(before.body.deliveryFee);
  });

  it('refuses a rate card file with bad lines, naming each line, and changes nothing', async () => {
    const exported = await fetch(`${server.url}/api/admin/rates.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(exported.status).toBe(200);
    const csv = await exported.text();
    const lines = csv.split('\r\n');
    // The 1 kg band made cheaper than the 500 g one.
    const cells = lines[2]?.split(',') ?? [];
    expect(cells.slice(0, 2)).toEqual(['express', 'same-city']);
    cells[4] = String(Number(cells[3]) - 1);
    lines[2] = cells.join(',');
    lines[3] = `teleport,${lines[3]?.split(',').slice(1).join(',')}`;
    const refused = await fetch(`${server.url}/api/admin/rates`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/csv', origin: server.url },
      body: lines.join('\r\n'),
    });
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(error.message).toMatch(/not changed/);
    expect(Object.keys(error.fields)).toEqual(['line 3', 'line 4']);
    expect(error.fields['line 3']).toMatch(/never cost less/);
    expect(error.fields['line 4']).toMatch(/No service is called “teleport”/);
    // The same CSV reader as a bulk booking's (issue 39, decision 98): a Latin-1 "é" at the end of line 2
    // is refused on its line, in the admin's language, instead of being changed into U+FFFD.
    const endOfLine2 = csv.indexOf('\r\n', csv.indexOf('\r\n') + 2);
    const latin1 = Buffer.concat([
      Buffer.from(csv.slice(0, endOfLine2)),
      Buffer.from([0xe9]),
      Buffer.from(csv.slice(endOfLine2)),
    ]);
    const notUtf8 = await fetch(`${server.url}/api/admin/rates`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': 'text/csv',
        origin: server.url,
        'accept-language': 'bn',
      },
      body: new Uint8Array(latin1),
    });
    expect(notUtf8.status).toBe(400);
    expect(((await notUtf8.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      'line 2': 'এই লাইনটি UTF-8 লেখা নয়: ফাইলটি “CSV UTF-8” হিসেবে সেভ করে আবার আপলোড করুন।',
    });
    const still = await fetch(`${server.url}/api/admin/rates.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(await still.text()).toBe(csv);
    const customer = await fetch(`${server.url}/api/admin/rates.csv`, { headers: { authorization: `Bearer ${sender.token}` } });
    expect(customer.status).toBe(403);
  });
});
