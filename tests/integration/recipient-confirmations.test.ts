import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentEvents, consignments, merchants, recipientConfirmations, smsOutbox } from '#server/db/schema.ts';
import type { Booking } from '#shared/consignment.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { ParcelsPage } from '#shared/parcel-lists.ts';
import type { ConfirmationView } from '#shared/recipient-confirmation.ts';
import type { Operations, ScanResult } from '#shared/tracking.ts';
import { bulkBookingFile } from '../helpers/bulk-file.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const SHOP = 'Nazia Fashion House';

/**
 * Issue 44, R-CONFIRM-BEFORE-PICKUP (decision 169): a COD parcel's recipient gets a text with a link that
 * needs no sign-in; they confirm it, ask for a change the merchant accepts, or say they did not order it,
 * which holds it before pickup. Pickup closes the link; a failed attempt for a wrong address reopens it.
 */
describe.each(testDatabaseKinds())('confirm before pickup (R-CONFIRM-BEFORE-PICKUP, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let owner: SignedInCustomer;
  let merchantId: string;
  let live: NewApiKey;
  let test: NewApiKey;
  let phoneCounter = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    owner = await signUpCustomer(server);
    merchantId = (await approvedMerchant(server, admin, owner)).id;
    await server.db.update(merchants).set({ businessName: SHOP }).where(eq(merchants.id, merchantId));
    const keyOf = async (mode?: string) =>
      (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: owner.token, body: { name: 'Shop', mode } }))
        .body;
    live = await keyOf();
    test = await keyOf('test');
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A COD parcel to a number of its own, so each test reads only its own texts. */
  const book = async (extra: Record<string, unknown>, key = live) => {
    phoneCounter += 1;
    const phone = `0181234${String(5000 + phoneCounter)}`;
    const booked = await call<Booking>(server, 'POST', '/api/v1/consignments', {
      headers: { authorization: `Bearer ${key.key}` },
      body: { ...STANDARD_PARCEL, codAmount: 150_000, recipient: { ...STANDARD_PARCEL.recipient, phone }, ...extra },
    });
    expect(booked.status).toBe(201);
    return { code: booked.body.trackingCode, phone };
  };
  const textsTo = (phone: string, kind = 'parcel-confirm') =>
    server.db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.phone, phone), eq(smsOutbox.kind, kind)))
      .orderBy(desc(smsOutbox.createdAt));
  const tokenFrom = (text: string | undefined) => text?.match(/\/c\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
  const linkOf = async (phone: string) => tokenFrom((await textsTo(phone))[0]?.text);
  const answer = (token: string, body: Record<string, unknown>) =>
    call<ConfirmationView & { error?: { message: string; fields?: Record<string, string> } }>(
      server,
      'POST',
      `/api/confirmations/${token}`,
      { body },
    );
  const parcel = async (code: string) => {
    const [row] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, code));
    if (!row) throw new Error(`no parcel ${code}`);
    return row;
  };
  const scan = (code: string, status: string, more: Record<string, unknown> = {}) =>
    call<{ results: ScanResult[] }>(server, 'POST', '/api/ops/scans', {
      token: admin.token,
      body: { codes: [code], status, ...more },
    });

  /** The parcel's flag on its merchant's list (My Parcels' first page) and on the API's. */
  const listedAnswer = async (code: string) => {
    const onSite = await call<ParcelsPage>(server, 'GET', '/api/consignments', { token: owner.token });
    const throughApi = await call<ParcelsPage>(server, 'GET', '/api/v1/consignments', {
      headers: { authorization: `Bearer ${live.key}` },
    });
    const flag = onSite.body.parcels.find((listed) => listed.trackingCode === code)?.recipientConfirmation;
    expect(throughApi.body.parcels.find((listed) => listed.trackingCode === code)?.recipientConfirmation).toBe(flag);
    return flag;
  };

  it('texts the recipient a link showing the shop, the cash and the days; the token is kept only hashed', async () => {
    const { code, phone } = await book({ askRecipientToConfirm: true });
    const [sms] = await textsTo(phone);
    expect(sms?.text).toContain(SHOP);
    expect(sms?.text).toContain(code);
    const token = tokenFrom(sms?.text);
    expect(token).toHaveLength(43);
    const view = await call<ConfirmationView>(server, 'GET', `/api/confirmations/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ trackingCode: code, shop: SHOP, codAmount: 150_000, state: 'asked', open: true });
    // Nothing of the recipient's own on a page anyone with the link opens.
    expect(JSON.stringify(view.body)).not.toContain(phone);
    const stored = await server.db.select().from(recipientConfirmations);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await call(server, 'GET', `/api/confirmations/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('asks nobody unasked, never a sandbox parcel, and every COD parcel once the merchant sets it', async () => {
    const unasked = await book({});
    expect(await textsTo(unasked.phone)).toHaveLength(0);
    const sandbox = await book({ askRecipientToConfirm: true }, test);
    expect(await textsTo(sandbox.phone)).toHaveLength(0);
    const set = await call(server, 'PUT', '/api/merchant/confirm-every-cod', {
      token: owner.token,
      body: { confirmEveryCod: true },
    });
    expect(set.status).toBe(200);
    const account = await call<{ confirmEveryCod: boolean }>(server, 'GET', '/api/merchant', { token: owner.token });
    expect(account.body.confirmEveryCod).toBe(true);
    const everyOne = await book({});
    expect(await textsTo(everyOne.phone)).toHaveLength(1);
    const noCash = await book({ codAmount: 0 });
    expect(await textsTo(noCash.phone)).toHaveLength(0);
    await call(server, 'PUT', '/api/merchant/confirm-every-cod', { token: owner.token, body: { confirmEveryCod: false } });
    const customer = await signUpCustomer(server);
    const refused = await call(server, 'PUT', '/api/merchant/confirm-every-cod', {
      token: customer.token,
      body: { confirmEveryCod: true },
    });
    expect(refused.status).toBe(403);
  });

  it('asks a bulk file’s COD parcels when the merchant asks for every one, and none while it does not (decision 182)', async () => {
    const upload = async (csv: string) => {
      const form = new FormData();
      form.set('service', 'standard');
      form.set('pickup', '0');
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'parcels.csv');
      const response = await fetch(`${server.url}/api/merchant/bulk-bookings`, {
        method: 'POST',
        headers: { origin: server.url, authorization: `Bearer ${owner.token}` },
        body: form,
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string };
    };
    // Three lines: the third has no cash to collect (bulkBookingFile), so it is never asked.
    const linesTo = (prefix: string) => ({
      1: { phone: `0171${prefix}0001` },
      2: { phone: `0171${prefix}0002` },
      3: { phone: `0171${prefix}0003`, cod_taka: '0' },
    });
    const askedOf = async (bulkBookingId: string) =>
      (
        await server.db
          .select({ code: consignments.trackingCode, phone: consignments.recipientPhone })
          .from(consignments)
          .innerJoin(recipientConfirmations, eq(recipientConfirmations.consignmentId, consignments.id))
          .where(eq(consignments.bulkBookingId, bulkBookingId))
      ).map((row) => row.phone);

    const unasked = await upload(bulkBookingFile(3, linesTo('777'), 'ASK-OFF-'));
    expect(await askedOf(unasked.id)).toEqual([]);
    expect(await textsTo('01717770001')).toHaveLength(0);

    await call(server, 'PUT', '/api/merchant/confirm-every-cod', { token: owner.token, body: { confirmEveryCod: true } });
    const asked = await upload(bulkBookingFile(3, linesTo('888'), 'ASK-ON-'));
    expect((await askedOf(asked.id)).sort()).toEqual(['01718880001', '01718880002']);
    expect(await textsTo('01718880003')).toHaveLength(0);
    // Each text's link opens its own parcel's page, as a single booking's does.
    const token = await linkOf('01718880001');
    const view = await call<ConfirmationView>(server, 'GET', `/api/confirmations/${token}`);
    expect(view.body).toMatchObject({ shop: SHOP, state: 'asked', open: true });
    await call(server, 'PUT', '/api/merchant/confirm-every-cod', { token: owner.token, body: { confirmEveryCod: false } });
  });

  it('a recipient confirms; the parcel is picked up, and the link then changes nothing', async () => {
    const { code, phone } = await book({ askRecipientToConfirm: true });
    const token = await linkOf(phone);
    const confirmed = await answer(token, { answer: 'confirm' });
    expect(confirmed.body).toMatchObject({ state: 'confirmed', open: true });
    const picked = await scan(code, 'picked_up');
    expect(picked.body.results[0]).toMatchObject({ moved: true });
    const late = await answer(token, { answer: 'not_ordered' });
    expect(late.status).toBe(409);
    const view = await call<ConfirmationView>(server, 'GET', `/api/confirmations/${token}`);
    expect(view.body).toMatchObject({ state: 'confirmed', open: false });
    // Picked up, it is no longer flagged.
    expect(await listedAnswer(code)).toBeUndefined();
  });

  it('a recipient asks for a new address and phone; the merchant sees it and accepts: the parcel changes, with an event', async () => {
    const { code, phone } = await book({ askRecipientToConfirm: true });
    const token = await linkOf(phone);
    const empty = await answer(token, { answer: 'change', address: '', phone: '' });
    expect(empty.status).toBe(400);
    expect((await parcel(code)).recipientAddress).toBe(STANDARD_PARCEL.recipient.address);
    const asked = await answer(token, { answer: 'change', address: 'House 4, Kandirpar', phone: '01912345678' });
    expect(asked.body).toMatchObject({ state: 'change_asked' });
    expect(await textsTo(STANDARD_PARCEL.pickup?.phone ?? '', 'parcel-change-asked')).not.toHaveLength(0);
    const seen = await call(server, 'GET', `/api/consignments/${code}/confirmation`, { token: owner.token });
    expect(seen.body).toEqual({ state: 'change_asked', address: 'House 4, Kandirpar', phone: '01912345678' });
    const stranger = await signUpCustomer(server);
    const notTheirs = await call(server, 'POST', `/api/consignments/${code}/confirmation/decision`, {
      token: stranger.token,
      body: { accept: true },
    });
    expect(notTheirs.status).toBe(404);
    const accepted = await call(server, 'POST', `/api/consignments/${code}/confirmation/decision`, {
      token: owner.token,
      body: { accept: true },
    });
    expect(accepted.status).toBe(200);
    const changed = await parcel(code);
    expect(changed).toMatchObject({ recipientAddress: 'House 4, Kandirpar', recipientPhone: '01912345678' });
    const events = await server.db.select().from(consignmentEvents).where(eq(consignmentEvents.consignmentId, changed.id));
    expect(events.map((event) => event.note)).toContain('The recipient’s change of address or phone, accepted by the sender');
    const again = await call(server, 'POST', `/api/consignments/${code}/confirmation/decision`, {
      token: owner.token,
      body: { accept: true },
    });
    expect(again.status).toBe(400);
  });

  it('a change the merchant declines leaves the parcel as it was, and the recipient is asked again', async () => {
    const { code, phone } = await book({ askRecipientToConfirm: true });
    const token = await linkOf(phone);
    await answer(token, { answer: 'change', phone: '01912345679' });
    const declined = await call(server, 'POST', `/api/consignments/${code}/confirmation/decision`, {
      token: owner.token,
      body: { accept: false },
    });
    expect(declined.body).toEqual({ state: 'asked', address: null, phone: null });
    expect((await parcel(code)).recipientPhone).toBe(phone);
    const view = await call<ConfirmationView>(server, 'GET', `/api/confirmations/${token}`);
    expect(view.body).toMatchObject({ state: 'asked', open: true });
  });

  it('a recipient did not order it: the merchant is told, Operations counts it, and the parcel is held, not picked up', async () => {
    const { code, phone } = await book({ askRecipientToConfirm: true });
    const token = await linkOf(phone);
    const operations = async () =>
      (await call<Operations>(server, 'GET', '/api/admin/operations', { token: admin.token })).body.unconfirmed;
    const before = await operations();
    const said = await answer(token, { answer: 'not_ordered' });
    expect(said.body).toMatchObject({ state: 'not_ordered', open: true });
    const told = await textsTo(STANDARD_PARCEL.pickup?.phone ?? '', 'parcel-not-ordered');
    expect(told[0]?.text).toContain(code);
    // Seen at once: an answer changes the view's version though no parcel moved (decision 140).
    expect(await operations()).toEqual({ waiting: before.waiting - 1, notOrdered: before.notOrdered + 1 });
    const picked = await scan(code, 'picked_up');
    expect(picked.body.results[0]).toMatchObject({ moved: false });
    expect((await parcel(code)).status).toBe('booked');
    // Flagged on the merchant's list, on the website and through the API alike.
    expect(await listedAnswer(code)).toBe('not_ordered');
  });

  it('a failed attempt for a wrong address texts a new link; the old one opens nothing', async () => {
    const { code, phone } = await book({ askRecipientToConfirm: true });
    const first = await linkOf(phone);
    await answer(first, { answer: 'confirm' });
    await scan(code, 'picked_up');
    await server.db.update(consignments).set({ status: 'out_for_delivery' }).where(eq(consignments.trackingCode, code));
    const failed = await scan(code, 'delivery_failed', { reason: 'wrong_address' });
    expect(failed.body.results[0]).toMatchObject({ moved: true });
    const second = await linkOf(phone);
    expect(second).not.toBe(first);
    expect((await call(server, 'GET', `/api/confirmations/${first}`)).status).toBe(404);
    const reopened = await call<ConfirmationView>(server, 'GET', `/api/confirmations/${second}`);
    expect(reopened.body).toMatchObject({ state: 'asked', open: true });
  });

  it('takes the page’s forms without JavaScript: a POST answered with a 303 back to the page', async () => {
    const { phone } = await book({ askRecipientToConfirm: true });
    const token = await linkOf(phone);
    const sent = await server.app.inject({
      method: 'POST',
      url: `/bn/c/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'answer=confirm&address=&phone=',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/bn/c/${token}`);
    const view = await call<ConfirmationView>(server, 'GET', `/api/confirmations/${token}`);
    expect(view.body.state).toBe('confirmed');
  });
});
