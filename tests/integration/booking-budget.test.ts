import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, user } from '#server/db/schema.ts';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import type { SmsEntry } from '#shared/mail.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { ScanResult } from '#shared/tracking.ts';
import { bulkBookingFile } from '../helpers/bulk-file.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { parcelBatch } from '../helpers/parcel-batch.ts';
import { payParcelFee } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { type SmsGateway, startSmsGateway } from '../helpers/sms-gateway.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The SMS worker looks at the outbox only when the test tells it.
const ON_DEMAND = { pollMs: 60 * 60_000, retryBaseMs: 1, retryMaxMs: 1 };

const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 0,
};

/**
 * Issue 39 item 7: one booking budget per sender over every way of booking, counted in parcels
 * (decision 107), and a daily budget of booking texts per recipient number (decision 108).
 */
describe.each(testDatabaseKinds())('booking and text budgets (%s)', (kind) => {
  let gateway: SmsGateway;
  let server: TestServer;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    gateway = await startSmsGateway();
    server = await startTestServer({
      kind,
      env: {
        PARCELS_PER_SENDER_PER_DAY: '6',
        BOOKING_TEXTS_PER_NUMBER_PER_DAY: '2',
        SMS_PROVIDER: 'http',
        SMS_URL: gateway.url,
        SMS_TOKEN: 'gateway-token',
      },
      outboxTiming: ON_DEMAND,
    });
    admin = await signInAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
    await gateway?.stop();
  });

  const onSite = (who: SignedInCustomer, parcel: ConsignmentInput = PARCEL) =>
    call<Booking>(server, 'POST', '/api/consignments', { token: who.token, body: parcel });
  const throughApi = (key: string) =>
    call<Booking>(server, 'POST', '/api/v1/consignments', { headers: { authorization: `Bearer ${key}` }, body: PARCEL });
  async function inBulk(who: SignedInCustomer, csv: string) {
    const form = new FormData();
    form.set('service', 'standard');
    form.set('pickup', '0');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'parcels.csv');
    const response = await fetch(`${server.url}/api/merchant/bulk-bookings`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${who.token}` },
      body: form,
    });
    // biome-ignore lint/suspicious/noExplicitAny: read as loosely as `call` reads answers
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  }
  const parcelsOf = async (who: SignedInCustomer) => {
    const [row] = await server.db
      .select({ parcels: count() })
      .from(consignments)
      .innerJoin(user, eq(user.id, consignments.userId))
      .where(eq(user.email, who.email));
    return row?.parcels ?? 0;
  };
  const merchant = async () => {
    const who = await signUpCustomer(server);
    await approvedMerchant(server, admin, who);
    return who;
  };

  it('counts the site, /api/v1 and bulk files together, in parcels: over it, nothing is booked (429)', async () => {
    const asha = await merchant();
    const key = (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: asha.token, body: { name: 'Shop' } }))
      .body.key;
    expect((await onSite(asha)).status).toBe(201);
    expect((await throughApi(key)).status).toBe(201);
    expect((await inBulk(asha, bulkBookingFile(3))).status).toBe(201);
    expect(await parcelsOf(asha)).toBe(5);

    // One parcel is left of six: a file of two is refused whole.
    const file = await inBulk(asha, bulkBookingFile(2, {}, 'MORE-'));
    expect(file.status).toBe(429);
    expect(file.body.error).toEqual({
      code: 'too_many_requests',
      message: expect.stringMatching(
        /^You may book 6 parcels in 24 hours and have booked 5: these would pass it\. Please wait 24 hours and try again, or ask us for a higher limit\.$/,
      ),
    });
    const wait = Number(file.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expect(await parcelsOf(asha)).toBe(5);

    expect((await throughApi(key)).status).toBe(201);
    const [site, api] = [await onSite(asha), await throughApi(key)];
    expect([site.status, api.status]).toEqual([429, 429]);
    expect(site.headers.get('retry-after')).toEqual(expect.any(String));
    expect(await parcelsOf(asha)).toBe(6);
    // Another sender's budget is its own.
    expect((await onSite(await merchant())).status).toBe(201);
  });

  it('counts a test key’s parcels apart (R-SANDBOX): a sandbox day never uses up the real one, nor the real the sandbox’s', async () => {
    const asha = await merchant();
    const keyOf = async (mode?: string) =>
      (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: asha.token, body: { name: 'Shop', mode } })).body
        .key;
    const [live, test] = [await keyOf(), await keyOf('test')];
    const batch = (key: string, prefix: string) =>
      call(server, 'POST', '/api/v1/consignments/batch', {
        headers: { authorization: `Bearer ${key}` },
        body: { parcels: parcelBatch(6, prefix) },
      });
    expect((await batch(test, 'TEST-')).status).toBe(201);
    // Six real parcels still fit beside six test ones: the budget is 6.
    expect((await batch(live, 'LIVE-')).status).toBe(201);
    expect(await parcelsOf(asha)).toBe(12);
    expect((await throughApi(live)).status).toBe(429);
    // The sandbox's own day is used up too: a shop cannot book test parcels without end.
    expect((await throughApi(test)).status).toBe(429);
    expect(await parcelsOf(asha)).toBe(12);
  });

  it('sends a number 2 booking texts a day and skips the rest; its delivery code still reaches it', async () => {
    // A number no earlier test sent to.
    const number = '01812340000';
    const sender = await signUpCustomer(server);
    const codes: string[] = [];
    for (let parcel = 0; parcel < 3; parcel++)
      codes.push((await onSite(sender, { ...PARCEL, recipient: { ...PARCEL.recipient, phone: number } })).body.trackingCode);
    // A bulk file's recipients count too: this number has had its texts, the other has not.
    const other = '01912345678';
    const file = bulkBookingFile(2, { 1: { phone: number }, 2: { phone: other } });
    expect((await inBulk(await merchant(), file)).status).toBe(201);
    await server.app.smsWorker.deliverDue();

    const sentTo = (phone: string) => gateway.received.filter((sms) => sms.to === `+880${phone.slice(1)}`);
    expect(sentTo(number).map((sms) => sms.text.match(/parcel (\S+)\./)?.[1])).toEqual(codes.slice(0, 2));
    expect(sentTo(other)).toHaveLength(1);
    const outbox = (await call<SmsEntry[]>(server, 'GET', '/api/mailbox/sms', { token: admin.token })).body;
    const toRecipient = outbox.filter((sms) => sms.phone === number && sms.kind === 'parcel-booked').reverse();
    expect(toRecipient.map((sms) => sms.status)).toEqual(['sent', 'sent', 'skipped', 'skipped']);
    expect(toRecipient[2]?.text).toContain(codes[2]);

    // The third parcel goes out: its delivery code is not a booking text, and is sent.
    const rider = await signUpCustomer(server, { name: 'Rider One' });
    await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
    const scan = (status: string, extra: Record<string, string> = {}) =>
      call<{ results: ScanResult[] }>(server, 'POST', '/api/ops/scans', {
        token: admin.token,
        body: { codes: [codes[2]], status, ...extra },
      });
    // A card fee is paid before pickup (decision 103).
    await payParcelFee(server, sender, codes[2] as string);
    await scan('picked_up');
    await scan('at_hub', { hub: 'dhaka' });
    await scan('at_delivery_hub', { hub: 'sylhet' });
    expect((await scan('out_for_delivery', { rider: rider.email })).body.results).toMatchObject([{ moved: true }]);
    await server.app.smsWorker.deliverDue();
    expect(sentTo(number).at(-1)?.text).toMatch(
      new RegExp(`parcel ${codes[2]} is out for delivery today\\. Give the rider the code \\d{6}\\.$`),
    );
  });
});
