import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/consignment.ts';
import { type AdminParcelsPage, LIST_COUNT_CAP, type ParcelsPage } from '#shared/parcel-lists.ts';
import type { DayPickups } from '#shared/pickup.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { copyParcel, STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 40: My Parcels' whole history a page at a time, searched; the admins' list of every parcel;
 * a day's pickups a page at a time. Volume is made set-based, copying one booked parcel.
 */
describe.each(testDatabaseKinds())('lists of parcels (%s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let asha: SignedInCustomer;
  let bilal: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    asha = await signUpCustomer(server, { name: 'Asha Rahman' });
    bilal = await signUpCustomer(server, { name: 'Bilal Hossain' });
    // A server's start and migrations take over a minute on a machine shared with other runs.
  }, 180_000);
  afterAll(() => server?.stop());

  const book = async (who: SignedInCustomer, more: Record<string, unknown> = {}) => {
    const booked = await call<Booking>(server, 'POST', '/api/consignments', {
      token: who.token,
      body: { ...STANDARD_PARCEL, ...more },
    });
    expect(booked.status).toBe(201);
    return booked.body.trackingCode;
  };

  const copies = (trackingCode: string, prefix: string, count: number, spacing?: string) =>
    copyParcel(server, trackingCode, prefix, count, spacing);

  const myPage = async (who: SignedInCustomer, cursor?: string, status?: string) => {
    const query = new URLSearchParams({ ...(cursor ? { cursor } : {}), ...(status ? { status } : {}) });
    const page = await call<ParcelsPage>(server, 'GET', `/api/consignments?${query}`, { token: who.token });
    expect(page.status).toBe(200);
    return page.body;
  };
  const search = async (who: SignedInCustomer, body: Record<string, unknown>) => {
    const found = await call<ParcelsPage>(server, 'POST', '/api/consignments/search', { token: who.token, body });
    expect(found.status).toBe(200);
    return found.body.parcels.map((parcel) => parcel.trackingCode).sort();
  };

  it('walks a sender’s whole history, newest first, with no parcel missed or repeated while new ones are booked', async () => {
    const first = await book(asha);
    await copies(first, 'SCWALK', 260);
    await copies(await book(bilal), 'SCOTHER', 40);
    const history = [first, ...Array.from({ length: 260 }, (_, index) => `SCWALK${index + 1}`)];

    const seen: string[] = [];
    const bookedDuring: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await myPage(asha, cursor);
      pages++;
      expect(page.parcels.length).toBeLessThanOrEqual(50);
      seen.push(...page.parcels.map((parcel) => parcel.trackingCode));
      // A parcel booked between pages goes above the first page, never into one still to come.
      bookedDuring.push(await book(asha));
      cursor = page.next ?? undefined;
    } while (cursor);

    expect(pages).toBe(Math.ceil(history.length / 50));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...history].sort());
    // Page 1 again starts with the newest booking.
    expect((await myPage(asha)).parcels[0]?.trackingCode).toBe(bookedDuring.at(-1));
    // Bilal sees his 41 and none of Asha's.
    const bilals = (await myPage(bilal)).parcels.map((parcel) => parcel.trackingCode);
    expect(bilals).toHaveLength(41);
    expect(bilals.filter((code) => code.startsWith('SCWALK'))).toEqual([]);
  });

  it('refuses a cursor it did not write', async () => {
    for (const cursor of [
      'nonsense',
      Buffer.from('["x","y"]').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
    ]) {
      const answer = await call(server, 'GET', `/api/consignments?cursor=${cursor}`, { token: asha.token });
      expect(answer.status).toBe(400);
    }
  });

  it('searches by code, invoice, phone in any typed form and part of the name, and only the sender’s own', async () => {
    const mine = await book(asha, {
      merchantInvoice: 'INV-77',
      recipient: { ...STANDARD_PARCEL.recipient, phone: '01911222333', name: 'Nasrin Akter' },
    });
    const theirs = await book(bilal, {
      merchantInvoice: 'INV-77',
      recipient: { ...STANDARD_PARCEL.recipient, phone: '01911222333', name: 'Nasrin Akter' },
    });
    expect(await search(asha, { q: 'INV-77' })).toEqual([mine]);
    expect(await search(asha, { q: '+880 1911-222333' })).toEqual([mine]);
    expect(await search(asha, { q: '০১৯১১২২২৩৩৩' })).toEqual([mine]);
    expect(await search(asha, { q: 'nasrin' })).toEqual([mine]);
    expect(await search(asha, { q: mine.toLowerCase() })).toEqual([mine]);
    // Another sender's parcel is as unknown as none, however it is named.
    expect(await search(asha, { q: theirs })).toEqual([]);
    expect(await search(bilal, { q: 'INV-77' })).toEqual([theirs]);
    // A name's % is a percent sign, not "anything".
    expect(await search(asha, { q: '%' })).toEqual([]);

    const cancelled = await call(server, 'POST', `/api/consignments/${mine}/cancel`, { token: asha.token });
    expect(cancelled.status).toBe(200);
    expect((await myPage(asha, undefined, 'cancelled')).parcels.map((parcel) => parcel.trackingCode)).toEqual([mine]);
    expect(await search(asha, { q: 'nasrin', status: 'booked' })).toEqual([]);
    expect((await call(server, 'POST', '/api/consignments/search', { token: asha.token, body: { q: ' ' } })).status).toBe(400);
  });

  it('keeps a sender’s parcels booked between two shop days, both included, listed and searched (issue 41)', async () => {
    const chaya = await signUpCustomer(server, { name: 'Chaya Das' });
    await copies(await book(chaya, { recipient: { ...STANDARD_PARCEL.recipient, name: 'Dipa Roy' } }), 'SCDAYS', 3);
    // 06:00 UTC is noon in Dhaka: each on its own shop day.
    for (const [index, day] of ['2026-01-04', '2026-01-05', '2026-01-06'].entries())
      await server.db.execute(
        sql`update consignments set created_at = ${`${day}T06:00:00Z`} where tracking_code = ${`SCDAYS${index + 1}`}`,
      );
    const listed = async (query: Record<string, string>) => {
      const page = await call<ParcelsPage>(server, 'GET', `/api/consignments?${new URLSearchParams(query)}`, {
        token: chaya.token,
      });
      expect(page.status).toBe(200);
      return page.body.parcels.map((parcel) => parcel.trackingCode).sort();
    };
    expect(await listed({ from: '2026-01-05', to: '2026-01-05' })).toEqual(['SCDAYS2']);
    expect(await listed({ from: '2026-01-05', to: '2026-01-06' })).toEqual(['SCDAYS2', 'SCDAYS3']);
    expect(await listed({ to: '2026-01-04' })).toEqual(['SCDAYS1']);
    expect(await search(chaya, { q: 'dipa', from: '2026-01-06' })).toContain('SCDAYS3');
    expect(await search(chaya, { q: 'dipa', from: '2026-01-06' })).not.toContain('SCDAYS2');
    expect((await call(server, 'GET', '/api/consignments?from=2026-13-01', { token: chaya.token })).status).toBe(400);
  });

  it('lists every parcel for admins only, by each filter, counting up to 10,000', async () => {
    expect((await call(server, 'GET', '/api/admin/parcels', { token: asha.token })).status).toBe(403);
    expect((await call(server, 'GET', '/api/admin/parcels')).status).toBe(401);
    const merchant = await approvedMerchant(server, admin, bilal);
    const sylhet = await book(bilal, {
      merchantInvoice: 'INV-9001',
      recipient: { ...STANDARD_PARCEL.recipient, areaId: 'sylhet-sylhet-sadar', phone: '01511000999' },
    });
    await server.db.execute(sql`update consignments set hub = 'sylhet', status = 'at_hub' where tracking_code = ${sylhet}`);
    const old = await book(asha);
    await server.db.execute(sql`update consignments set created_at = '2026-01-10 20:00:00+00' where tracking_code = ${old}`);

    const list = async (filter: Record<string, string>) => {
      const answer = await call<AdminParcelsPage>(server, 'GET', `/api/admin/parcels?${new URLSearchParams(filter)}`, {
        token: admin.token,
      });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const codes = async (filter: Record<string, string>) => (await list(filter)).parcels.map((parcel) => parcel.trackingCode);

    expect(await codes({ hub: 'sylhet' })).toEqual([sylhet]);
    expect(await codes({ status: 'at_hub' })).toEqual([sylhet]);
    expect(await codes({ area: 'sylhet-sylhet-sadar' })).toEqual([sylhet]);
    expect(await codes({ q: 'INV-9001' })).toEqual([sylhet]);
    expect(await codes({ q: '8801511000999' })).toEqual([sylhet]);
    expect(await codes({ q: sylhet.toLowerCase() })).toEqual([sylhet]);
    const bilals = await list({ merchant: merchant.id });
    expect(bilals.parcels.length).toBeGreaterThan(0);
    expect(bilals.parcels.every((parcel) => parcel.merchant?.businessName === merchant.businessName)).toBe(true);
    expect(bilals.parcels.some((parcel) => parcel.trackingCode.startsWith('SCWALK'))).toBe(false);
    // 2026-01-10 20:00 UTC is the 11th in Dhaka (UTC+6): booked on the 11th, shop days, not UTC days.
    expect(await codes({ from: '2026-01-11', to: '2026-01-11' })).toEqual([old]);
    expect(await codes({ from: '2026-01-10', to: '2026-01-10' })).toEqual([]);
    expect((await list({ hub: 'sylhet' })).count).toEqual({ matches: 1, capped: false });

    await copies(old, 'SCMANY', LIST_COUNT_CAP + 5, "interval '1 second'");
    const all = await list({});
    expect(all.count).toEqual({ matches: LIST_COUNT_CAP, capped: true });
    const second = await list({ cursor: all.next ?? '' });
    expect(second.count).toBeNull();
    expect(second.parcels.some((parcel) => all.parcels.some((shown) => shown.trackingCode === parcel.trackingCode))).toBe(false);
    expect((await call(server, 'GET', '/api/admin/parcels?hub=nowhere', { token: admin.token })).status).toBe(400);
  });

  it('pages a day’s pickups by area and window, every pickup once', async () => {
    const day = '2027-03-02';
    await server.db.execute(sql`
      insert into pickups (user_id, name, phone, address, area_id, day, "window", parcels, created_at)
      select null, 'Asha Rahman', '01711000000', 'House ' || n, (array['dhaka-gulshan', 'dhaka-savar', 'cumilla-debidwar'])[n % 3 + 1],
        ${day}, (array['09-12', '12-15', '15-18'])[n % 3 + 1], 1, now() - interval '0.000001 second' * (n % 4)
      from generate_series(1, 250) as n`);
    const addresses: string[] = [];
    const order: string[] = [];
    let cursor: string | undefined;
    do {
      const query = new URLSearchParams({ day, ...(cursor ? { cursor } : {}) });
      const page = await call<DayPickups>(server, 'GET', `/api/admin/pickups?${query}`, { token: admin.token });
      expect(page.status).toBe(200);
      for (const area of page.body.areas)
        for (const pickup of area.pickups) {
          addresses.push(pickup.address);
          order.push(`${area.area.id} ${pickup.window}`);
        }
      cursor = page.body.next ?? undefined;
    } while (cursor);
    expect(new Set(addresses).size).toBe(250);
    expect(addresses).toHaveLength(250);
    expect(order).toEqual([...order].sort());
  });
});
