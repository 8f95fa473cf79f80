import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consignmentEvents,
  consignments,
  merchants,
  recipientRecordLookHours,
  recipientRecordLookups,
} from '#server/db/schema.ts';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import { type RecipientRecord, recipientRecordSchema } from '#shared/recipient-record.ts';
import { approvedMerchant, merchantWithApiKeys } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

interface Refusal {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const PHONE = '01712345678';
/** Six looks an hour per merchant: merchant "D" spends them, the others stay well within. */
const LOOKS_AN_HOUR = 6;

/**
 * Issue 44, R-RECIPIENT-RECORD (decision 168): an approved merchant sees how parcels to a number ended
 * across the whole network, as counts and nothing of any other merchant's; each look is logged and counted
 * per merchant over the site and the API together; a hidden number answers zeros.
 */
describe.each(testDatabaseKinds())('a recipient’s delivery record (R-RECIPIENT-RECORD, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let shopA: SignedInCustomer;
  let shopB: SignedInCustomer;
  let keyB: NewApiKey;
  const codes: string[] = [];
  /** A parcel booked through the API by `key`'s merchant to `phone`, then moved to `status`; its code. */
  const book = async (key: NewApiKey, status: string, phone = PHONE, recipient: Partial<ConsignmentInput['recipient']> = {}) => {
    const booked = await call<Booking>(server, 'POST', '/api/v1/consignments', {
      headers: { authorization: `Bearer ${key.key}` },
      body: {
        ...STANDARD_PARCEL,
        recipient: { ...STANDARD_PARCEL.recipient, address: 'House 9, Lake Road', ...recipient, phone },
      },
    });
    expect(booked.status).toBe(201);
    await server.db
      .update(consignments)
      .set({ status: status as 'booked' })
      .where(eq(consignments.trackingCode, booked.body.trackingCode));
    codes.push(booked.body.trackingCode);
    return booked.body.trackingCode;
  };
  beforeAll(async () => {
    server = await startTestServer({ kind, env: { RECIPIENT_RECORDS_PER_MERCHANT: String(LOOKS_AN_HOUR) } });
    admin = await signInAdmin(server);
    const merchantWithKey = async (businessName: string) => {
      const made = await merchantWithApiKeys(server, admin);
      await server.db.update(merchants).set({ businessName }).where(eq(merchants.id, made.merchant.id));
      return made;
    };
    const a = await merchantWithKey('Nazia Fashion House');
    const b = await merchantWithKey('Rupsha Electronics');
    shopA = a.owner;
    ({ owner: shopB, live: keyB } = b);

    // To the number: A's delivered, partly delivered and returned (refused once first), B's delivered,
    // cancelled and one on its way; neither a sandbox parcel, one 13 months old, nor another number counts.
    await book(a.live, 'delivered');
    await book(a.live, 'partially_delivered');
    const refusedThenReturned = await book(a.live, 'returned', PHONE, { address: 'Flat 3B, Secret Lane 7' });
    await book(b.live, 'delivered');
    const refusedThenDelivered = await book(b.live, 'delivered');
    await book(b.live, 'cancelled');
    await book(b.live, 'in_transit');
    await book(b.test, 'returned');
    await book(a.live, 'returned', '01812345670');
    const old = await book(b.live, 'returned');
    await server.db
      .update(consignments)
      .set({ createdAt: sql`now() - interval '13 months'` })
      .where(eq(consignments.trackingCode, old));
    const [refusedParcels] = [
      await server.db
        .select({ id: consignments.id })
        .from(consignments)
        .where(inArray(consignments.trackingCode, [refusedThenReturned, refusedThenDelivered])),
    ];
    await server.db.insert(consignmentEvents).values(
      (refusedParcels ?? []).map(({ id }) => ({
        consignmentId: id,
        status: 'delivery_failed' as const,
        reason: 'refused' as const,
      })),
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  const onSite = (who: SignedInCustomer | undefined, phone: string) =>
    call<RecipientRecord | Refusal>(server, 'POST', '/api/merchant/recipient-record', { token: who?.token, body: { phone } });
  const throughApi = (key: NewApiKey, phone: string) =>
    call<RecipientRecord | Refusal>(server, 'POST', '/api/v1/recipient-records', {
      headers: { authorization: `Bearer ${key.key}` },
      body: { phone },
    });
  const RECORD = {
    phone: PHONE,
    hidden: false,
    parcels: 7,
    delivered: 3,
    partlyDelivered: 1,
    returned: 1,
    refused: 2,
    cancelled: 1,
    deliveredPercent: 80,
  };

  it('counts every sender’s parcels to the number, typed as people type it, and nothing else of them', async () => {
    const seenByA = await onSite(shopA, '+880 ১৭১২-৩৪৫ ৬৭৮');
    expect(seenByA.status).toBe(200);
    expect(seenByA.body).toEqual({ ...RECORD, since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const seenByB = await throughApi(keyB, '8801712345678');
    expect(seenByB.body).toEqual(seenByA.body);
    // Nothing of another merchant: no shop name, address, name or parcel code in either answer.
    const text = JSON.stringify([seenByA.body, seenByB.body]);
    for (const secret of ['Nazia', 'Rupsha', 'Secret Lane', 'Karim', ...codes]) expect(text).not.toContain(secret);

    const logged = await server.db
      .select({ phone: recipientRecordLookups.phone, via: recipientRecordLookups.via })
      .from(recipientRecordLookups)
      .orderBy(recipientRecordLookups.id);
    expect(logged).toEqual([
      { phone: PHONE, via: 'web' },
      { phone: PHONE, via: 'api' },
    ]);
  });

  it('is for approved merchants only, and a number that is none gets the number rule and is not logged', async () => {
    const customer = await signUpCustomer(server);
    expect((await onSite(customer, PHONE)).status).toBe(403);
    expect((await onSite(undefined, PHONE)).status).toBe(401);
    const before = await server.db.$count(recipientRecordLookups);
    const wrong = await onSite(shopA, '12345');
    expect(wrong.status).toBe(400);
    expect((wrong.body as Refusal).error.fields?.phone).toBe(
      'Enter a Bangladeshi mobile number: 11 digits starting 013 to 019, like 01711000000',
    );
    expect(await server.db.$count(recipientRecordLookups)).toBe(before);
  });

  it('a number an admin hid answers zeros to every merchant until it is shown again; merchants cannot hide one', async () => {
    const hide = (who: SignedInCustomer, hidden: boolean) =>
      call(server, 'POST', '/api/admin/recipient-records/visibility', { token: who.token, body: { phone: PHONE, hidden } });
    expect((await hide(shopB, true)).status).toBe(403);
    expect((await hide(admin, true)).status).toBe(200);
    expect((await throughApi(keyB, PHONE)).body).toMatchObject({
      hidden: true,
      parcels: 0,
      delivered: 0,
      returned: 0,
      refused: 0,
      deliveredPercent: null,
    });
    expect((await hide(admin, false)).status).toBe(200);
    expect((await onSite(shopA, PHONE)).body).toMatchObject(RECORD);
  });

  it(`allows ${LOOKS_AN_HOUR} looks a clock hour per merchant, on the site and through the API together; each logged`, async () => {
    const hourOf = (moment: number) => Math.floor(moment / 3_600_000);
    // The limit is per clock hour (decision 183): a run that crosses an hour's end is run again, with a new merchant.
    for (;;) {
      const started = Date.now();
      const shopD = await signUpCustomer(server);
      const merchantD = (await approvedMerchant(server, admin, shopD)).id;
      const keyD = (await call<NewApiKey>(server, 'POST', '/api/merchant/api-keys', { token: shopD.token, body: { name: 'D' } }))
        .body;
      const statuses = [];
      for (let look = 0; look < LOOKS_AN_HOUR; look++)
        statuses.push((look % 2 ? await onSite(shopD, PHONE) : await throughApi(keyD, PHONE)).status);
      const refused = await onSite(shopD, PHONE);
      const refusedToo = await throughApi(keyD, PHONE);
      const ended = Date.now();
      if (hourOf(started) !== hourOf(ended)) continue;
      expect(statuses).toEqual(Array(LOOKS_AN_HOUR).fill(200));
      expect(refused.status).toBe(429);
      expect((refused.body as Refusal).error.message).toMatch(/^Too many looks at recipients’ records/);
      // A place frees when the clock hour ends.
      const untilTheHourEnds = (hourOf(ended) + 1) * 3_600 - ended / 1000;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(Math.floor(untilTheHourEnds));
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(Math.ceil(untilTheHourEnds) + 5);
      expect(refusedToo.status).toBe(429);
      // Every look answered is logged; a refused one changes nothing.
      const logged = await server.db
        .select()
        .from(recipientRecordLookups)
        .where(eq(recipientRecordLookups.merchantId, merchantD));
      expect(logged).toHaveLength(LOOKS_AN_HOUR);
      break;
    }
    // Another merchant's looks are its own.
    expect((await onSite(shopA, PHONE)).status).toBe(200);
  });

  it('never includes another merchant’s data: several merchants’ parcels to one number, each merchant sees the same counts only', async () => {
    const number = '01912345670';
    const shops = [];
    for (const [index, name] of ['Meghna Gadgets', 'Padma Books', 'Jamuna Shoes'].entries()) {
      const made = await merchantWithApiKeys(server, admin);
      await server.db.update(merchants).set({ businessName: name }).where(eq(merchants.id, made.merchant.id));
      const secret = { name: `Recipient Nomad${index}`, address: `House ${index}, Hidden Road ${index}` };
      const parcels = [
        await book(made.live, 'delivered', number, secret),
        await book(made.live, index === 0 ? 'returned' : 'cancelled', number, secret),
      ];
      shops.push({ ...made, name, secret, parcels });
    }
    const answers = [];
    for (const shop of shops) {
      const seen = await onSite(shop.owner, number);
      expect(seen.status).toBe(200);
      answers.push(seen.body);
      answers.push((await throughApi(shop.live, number)).body);
    }
    // Every merchant, on the site or the API, gets the network's counts and exactly the record's fields.
    const expected = {
      parcels: 6,
      delivered: 3,
      partlyDelivered: 0,
      returned: 1,
      refused: 0,
      cancelled: 2,
      deliveredPercent: 75,
    };
    for (const answer of answers) {
      expect(Object.keys(answer as object).sort()).toEqual(Object.keys(recipientRecordSchema.shape).sort());
      expect(answer).toMatchObject({ phone: number, hidden: false, ...expected });
    }
    const text = JSON.stringify(answers);
    for (const shop of shops) {
      for (const secret of [
        shop.name,
        shop.secret.name,
        shop.secret.address,
        shop.merchant.id,
        shop.owner.email,
        ...shop.parcels,
      ])
        expect(text).not.toContain(secret);
    }
    // Each look is logged and counted as its own merchant's, and no one else's.
    for (const shop of shops) {
      const logged = await server.db
        .select({ via: recipientRecordLookups.via })
        .from(recipientRecordLookups)
        .where(eq(recipientRecordLookups.merchantId, shop.merchant.id));
      expect(logged.map((row) => row.via).sort()).toEqual(['api', 'web']);
    }
  });

  it(`counts looks in flight together exactly: ${LOOKS_AN_HOUR + 4} at once get ${LOOKS_AN_HOUR} answers, the rest 429, nothing logged past the limit`, async () => {
    for (;;) {
      const hour = Math.floor(Date.now() / 3_600_000);
      const shopE = await signUpCustomer(server);
      const merchantE = (await approvedMerchant(server, admin, shopE)).id;
      const statuses = (await Promise.all(Array.from({ length: LOOKS_AN_HOUR + 4 }, () => onSite(shopE, PHONE)))).map(
        (answer) => answer.status,
      );
      if (Math.floor(Date.now() / 3_600_000) !== hour) continue;
      expect(statuses.filter((status) => status === 200)).toHaveLength(LOOKS_AN_HOUR);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);
      expect(await server.db.$count(recipientRecordLookups, eq(recipientRecordLookups.merchantId, merchantE))).toBe(
        LOOKS_AN_HOUR,
      );
      const [counter] = await server.db
        .select({ looks: recipientRecordLookHours.looks })
        .from(recipientRecordLookHours)
        .where(eq(recipientRecordLookHours.merchantId, merchantE));
      expect(counter?.looks).toBe(LOOKS_AN_HOUR);
      break;
    }
  });

  it('sweeps the hourly look counters older than a day, and keeps the day’s and every logged look', async () => {
    const shopF = await signUpCustomer(server);
    const merchantF = (await approvedMerchant(server, admin, shopF)).id;
    expect((await onSite(shopF, PHONE)).status).toBe(200);
    const hourAgo = (hours: number) => new Date((Math.floor(Date.now() / 3_600_000) - hours) * 3_600_000);
    await server.db.insert(recipientRecordLookHours).values([
      { merchantId: merchantF, hour: hourAgo(25), looks: 300 },
      { merchantId: merchantF, hour: hourAgo(24), looks: 12 },
      { merchantId: merchantF, hour: hourAgo(23), looks: 7 },
    ]);
    // A minute into this hour: the hours that began more than a day before go, the last 23 stay.
    expect(await server.app.recipientRecordLookHours.sweep(new Date(hourAgo(0).getTime() + 60_000))).toBeGreaterThanOrEqual(2);
    const kept = await server.db
      .select({ looks: recipientRecordLookHours.looks })
      .from(recipientRecordLookHours)
      .where(eq(recipientRecordLookHours.merchantId, merchantF))
      .orderBy(recipientRecordLookHours.hour);
    expect(kept.map((row) => row.looks)).toEqual([7, 1]);
    expect(await server.db.$count(recipientRecordLookups, eq(recipientRecordLookups.merchantId, merchantF))).toBe(1);
  });
});
