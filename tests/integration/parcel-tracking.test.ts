import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentEvents, consignments, user } from '#server/db/schema.ts';
import { moveConsignment } from '#server/modules/consignments/moves.ts';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import { CONSIGNMENT_STATUSES, type ConsignmentStatus } from '#shared/consignment-status.ts';
import type { ScanResult, Tracking, TrackingEvent } from '#shared/tracking.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { METRICS_TOKEN, sample, scrapeMetrics } from '../helpers/metrics.ts';
import { payParcelFee } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Rahima Khatun Begum', phone: '01812345678', address: 'Station Road 9', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 800,
  codAmount: 150_000,
  merchantInvoice: 'INV-2026-0042',
};

/**
 * Every move the server allows, written out here on its own (R-PARCEL-STATUS) rather than read from
 * the code's table, so a change to the table shows up as a failing pair.
 */
const ALLOWED = new Set([
  'booked→picked_up',
  'booked→cancelled',
  'picked_up→at_hub',
  'picked_up→on_hold',
  'at_hub→in_transit',
  'at_hub→at_delivery_hub',
  'at_hub→out_for_delivery',
  'at_hub→returning',
  'at_hub→on_hold',
  'in_transit→at_hub',
  'in_transit→at_delivery_hub',
  'in_transit→on_hold',
  'at_delivery_hub→out_for_delivery',
  'at_delivery_hub→returning',
  'at_delivery_hub→on_hold',
  'out_for_delivery→delivered',
  'out_for_delivery→partially_delivered',
  'out_for_delivery→delivery_failed',
  'out_for_delivery→on_hold',
  'delivery_failed→out_for_delivery',
  'delivery_failed→returning',
  'delivery_failed→on_hold',
  'returning→returned',
  'returning→on_hold',
  // Held at a hub: back to the hub, and nowhere else.
  'on_hold→at_hub',
]);

const RULES = { maxAttempts: 3, timeZone: 'Asia/Dhaka', returnChargePercent: 100 };

const kinds = [
  { kind: 'pglite' as const, skip: false },
  { kind: 'postgres' as const, skip: withoutPostgres() },
];

describe.each(kinds)('a parcel’s statuses on $kind: every status to every status', ({ kind, skip }) => {
  let server: TestServer;
  let trackingCode: string;
  /** Out for delivery is on a rider's run (issue 39 item 5). */
  let riderId: string;
  beforeAll(async () => {
    if (skip) return;
    server = await startTestServer({ kind });
    const sender = await signUpCustomer(server);
    // No cash to collect, the fee paid by card: every move of the table is then the table's alone (issue 39).
    const booked = await call<Booking>(server, 'POST', '/api/consignments', {
      token: sender.token,
      body: { ...PARCEL, codAmount: 0 },
    });
    trackingCode = booked.body.trackingCode;
    await payParcelFee(server, sender, trackingCode);
    const rider = await signUpCustomer(server, { name: 'Rider One' });
    const [account] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, rider.email));
    riderId = account?.id ?? '';
  });
  afterAll(() => server?.stop());

  it.skipIf(skip)('allows exactly the moves of the table, and a refused move changes nothing', async () => {
    const [row] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, trackingCode));
    if (!row) throw new Error('no consignment');
    const eventCount = async () =>
      (await server.db.select().from(consignmentEvents).where(eq(consignmentEvents.consignmentId, row.id))).length;
    const outcomes: string[] = [];
    for (const from of CONSIGNMENT_STATUSES) {
      for (const to of CONSIGNMENT_STATUSES) {
        await server.db
          .update(consignments)
          .set({ status: from, deliveryAttempts: 1, heldFrom: from === 'on_hold' ? 'at_hub' : null })
          .where(eq(consignments.id, row.id));
        const before = await eventCount();
        const moved = await moveConsignment(
          server.db,
          trackingCode,
          { to, hub: 'dhaka', reason: 'refused', riderId, actorId: null },
          RULES,
        ).then(
          (after) => after.status,
          (error: { statusCode?: number; message: string }) => {
            expect(error.statusCode, `${from}→${to}: ${error.message}`).toBe(409);
            return undefined;
          },
        );
        const [now] = await server.db.select().from(consignments).where(eq(consignments.id, row.id));
        if (moved) {
          expect(now?.status).toBe(to);
          expect(await eventCount()).toBe(before + 1);
          outcomes.push(`${from}→${to}`);
        } else {
          expect(now?.status).toBe(from);
          expect(await eventCount()).toBe(before);
        }
      }
    }
    expect(new Set(outcomes)).toEqual(ALLOWED);
  });

  it.skipIf(skip)(
    'sends a parcel back after MAX_DELIVERY_ATTEMPTS failed deliveries, and holds do not count as attempts',
    async () => {
      await server.db
        .update(consignments)
        .set({ status: 'at_delivery_hub', deliveryAttempts: 0, heldFrom: null })
        .where(eq(consignments.trackingCode, trackingCode));
      const move = (to: ConsignmentStatus) =>
        moveConsignment(server.db, trackingCode, { to, reason: 'unreachable', hub: 'sylhet', riderId, actorId: null }, RULES);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const out = await move('out_for_delivery');
        expect(out.deliveryAttempts).toBe(attempt);
        await move('on_hold');
        expect((await move('out_for_delivery')).deliveryAttempts).toBe(attempt);
        await move('delivery_failed');
      }
      await expect(move('out_for_delivery')).rejects.toMatchObject({
        statusCode: 409,
        message: 'Delivery was tried 3 times: the parcel goes back to its sender.',
      });
      expect((await move('returning')).status).toBe('returning');
    },
  );
});

/** Issue 29: hub scans by staff roles, and the public tracking a recipient reads. */
describe('tracking a parcel through the hubs', () => {
  let server: TestServer;
  let sender: SignedInCustomer;
  let admin: SignedInCustomer;
  let operator: SignedInCustomer;
  let rider: SignedInCustomer;
  let code: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN } });
    sender = await signUpCustomer(server, { name: 'Asha Rahman' });
    admin = await signInAdmin(server);
    operator = await signUpCustomer(server, { name: 'Hub Operator' });
    rider = await signUpCustomer(server, { name: 'Rider One' });
    await approvedMerchant(server, admin, sender);
    for (const [staff, role] of [
      [operator, 'operator'],
      [rider, 'rider'],
    ] as const) {
      const given = await call(server, 'PUT', `/api/admin/users/${staff.email}/role`, { token: admin.token, body: { role } });
      expect(given.status).toBe(200);
      expect(given.body.role).toBe(role);
    }
    code = (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: PARCEL })).body.trackingCode;
  });
  afterAll(() => server?.stop());

  const scan = (body: unknown, staff = operator, headers: Record<string, string> = {}) =>
    call<{ results: ScanResult[] }>(server, 'POST', '/api/ops/scans', { token: staff.token, body, headers });
  const track = (path: string, headers: Record<string, string> = {}) =>
    call<Tracking>(server, 'GET', `/api/track/${path}`, { headers });

  it('gives staff roles only through admins, and never to an admin', async () => {
    expect(
      (await call(server, 'PUT', `/api/admin/users/${sender.email}/role`, { token: operator.token, body: { role: 'operator' } }))
        .status,
    ).toBe(403);
    const onAdmin = await call(server, 'PUT', `/api/admin/users/${admin.email}/role`, {
      token: admin.token,
      body: { role: 'rider' },
    });
    expect(onAdmin).toMatchObject({
      status: 409,
      body: { error: { message: 'This account is an admin: remove its admin rights first.' } },
    });
    const unknownRole = await call(server, 'PUT', `/api/admin/users/${sender.email}/role`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect(unknownRole.status).toBe(400);
  });

  it('lets operators and admins scan, and refuses customers and riders', async () => {
    const body = { codes: [code], status: 'picked_up' };
    expect((await scan(body, sender)).status).toBe(403);
    expect((await scan(body, rider)).status).toBe(403);
    const refused = await scan({ codes: [code], status: 'at_hub' });
    expect(refused).toMatchObject({ status: 400, body: { error: { fields: { hub: 'Say which hub the parcel is at.' } } } });
    const moved = await scan(body, admin);
    expect(moved.body.results).toEqual([{ code, moved: true, status: 'picked_up' }]);
  });

  it('moves each code on its own: an unknown code and a refused move stop none of the others', async () => {
    const other = (
      await call<Booking>(server, 'POST', '/api/consignments', {
        token: sender.token,
        body: { ...PARCEL, merchantInvoice: 'INV-2026-0043' },
      })
    ).body.trackingCode;
    const answer = await scan({ codes: [code, 'SC0000000000X', other.toLowerCase(), code], status: 'at_hub', hub: 'dhaka' });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { code, moved: true, status: 'at_hub' },
      { code: 'SC0000000000X', moved: false, problem: 'No parcel has this tracking code. Check it on your receipt or label.' },
      { code: other, moved: false, problem: 'A parcel that is booked cannot be marked at a hub.' },
    ]);
    const bangla = await scan({ codes: [code], status: 'at_hub', hub: 'dhaka' }, operator, { 'accept-language': 'bn' });
    expect(bangla.body.results[0]?.problem).toMatch(/[\u0980-\u09FF]/);
  });

  it('shows anyone holding the code every step, with the recipient’s first name and initial and nothing personal', async () => {
    const before = await track(code);
    expect(before.status).toBe(200);
    await scan({ codes: [code], status: 'in_transit', hub: 'dhaka' });
    await scan({ codes: [code], status: 'at_delivery_hub', hub: 'sylhet' });
    // The kept answer went with the scan: the next read shows the new steps.
    const english = await track(code);
    expect(english.body).toMatchObject({
      trackingCode: code,
      status: 'at_delivery_hub',
      service: 'express',
      origin: { district: { name: 'Dhaka' } },
      destination: { district: { name: 'Sylhet' } },
      recipient: { name: 'Rahima B.' },
    });
    expect(english.body.events.map((event) => event.message)).toEqual([
      'Booked by the sender.',
      'Picked up from the sender.',
      'Arrived at Dhaka hub (Tejgaon).',
      'Left Dhaka hub (Tejgaon) for the next hub.',
      'Arrived at Sylhet hub, the delivery hub.',
    ]);
    const text = JSON.stringify(english.body);
    for (const secret of ['01812345678', 'Station Road', 'Khatun', '1500', 'INV-2026']) expect(text).not.toContain(secret);

    const bangla = await track(code, { 'accept-language': 'bn' });
    expect(bangla.body.events.at(-1)?.message).toBe('সিলেট হাব-এ পৌঁছেছে, এটিই ডেলিভারি হাব।');
    expect(bangla.headers.get('content-language')).toBe('bn');
    expect((await track(code.toLowerCase().replace(/^sc/, 'sc-'))).body.trackingCode).toBe(code);
    expect((await track('SC0000000000X')).status).toBe(404);
  });

  it('renders a tracking page from its parcel read in process, not as a second request of the API (decision 187)', async () => {
    const apiReads = async () =>
      sample(await scrapeMetrics(server), 'http_requests_total', { route: '/api/track/:trackingCode' }) ?? 0;
    const before = await apiReads();
    const page = await call<string>(server, 'GET', `/track/${code}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Booked by the sender.');
    const missing = await call<string>(server, 'GET', '/bn/track/SC0000000000X');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('"status":404');
    // The page's read of a parcel it found was no request; the one it did not find went to the route for its refusal.
    expect(await apiReads()).toBe(before + 1);
    // The kept answer it read is the API's: the same parcel, the same bytes.
    const api = await track(code);
    expect(page.body).toContain(JSON.stringify(api.body.events.at(-1)?.message));
  });

  it('gives its sender and admins every step of the parcel, the public page’s, and anyone else 404 (issue 42)', async () => {
    const steps = (who: SignedInCustomer, headers: Record<string, string> = {}) =>
      call<TrackingEvent[]>(server, 'GET', `/api/consignments/${code}/events`, { token: who.token, headers });
    const own = await steps(sender);
    expect(own.status).toBe(200);
    expect(own.body).toEqual((await track(code)).body.events);
    expect(own.body.map((step) => step.status).slice(0, 2)).toEqual(['booked', 'picked_up']);
    expect((await steps(sender, { 'accept-language': 'bn' })).body[0]?.message).toBe('প্রেরক বুক করেছেন।');
    expect((await steps(admin)).body).toEqual(own.body);
    const stranger = await signUpCustomer(server);
    expect((await steps(stranger)).status).toBe(404);
    expect((await call(server, 'GET', `/api/consignments/${code}/events`)).status).toBe(401);
  });

  it('finds a parcel by its merchant’s invoice number with its recipient’s phone, and by nothing less', async () => {
    const lookup = (body: unknown) => call(server, 'POST', '/api/track/lookup', { body });
    expect((await lookup({ invoice: 'INV-2026-0042', phone: '+8801812345678' })).body).toEqual({ trackingCode: code });
    expect((await lookup({ invoice: 'INV-2026-0042', phone: '01899999999' })).status).toBe(404);
    expect((await lookup({ invoice: 'INV-2026-0042' })).status).toBe(400);
    // Another sender's parcel with the same number to the same phone: a lookup that cannot tell them apart finds neither.
    const otherSender = await signUpCustomer(server);
    const theirs = await call<Booking>(server, 'POST', '/api/consignments', {
      token: otherSender.token,
      body: { ...PARCEL, codAmount: 0 },
    });
    expect(theirs.status).toBe(201);
    expect((await lookup({ invoice: 'INV-2026-0042', phone: '01812345678' })).status).toBe(404);
  });
});

describe('guessing tracking codes', () => {
  let server: TestServer;
  let code: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRACKING_LOOKUPS_PER_ADDRESS: '4' } });
    const sender = await signUpCustomer(server);
    code = (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: { ...PARCEL, codAmount: 0 } }))
      .body.trackingCode;
  });
  afterAll(() => server?.stop());

  it('refuses an address with 429 after its lookups, API and pages alike, and still answers a parcel it already read', async () => {
    // A parcel's answer is kept once read, and answered from memory from its next request on.
    expect((await call(server, 'GET', `/api/track/${code}`)).status).toBe(200);
    expect((await call(server, 'GET', `/api/track/${code}`)).status).toBe(200);
    expect((await call(server, 'GET', '/api/track/SC0000000001X')).status).toBe(404);
    expect((await call(server, 'GET', '/track/SC0000000002X')).status).toBe(404);
    const refused = await call(server, 'GET', '/bn/track/SC0000000003X');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await call(server, 'GET', '/api/track/SC0000000004X')).status).toBe(429);
    const form = await fetch(`${server.url}/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: 'invoice=INV-1&phone=01812345678',
      redirect: 'manual',
    });
    expect(form.status).toBe(429);
    // Read before the limit: kept in memory and answered before any count.
    expect((await call(server, 'GET', `/api/track/${code}`)).status).toBe(200);
  });
});

describe('guessing invoice numbers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRACKING_LOOKUPS_PER_ADDRESS: '3' } });
    const sender = await signUpCustomer(server);
    await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: PARCEL });
  });
  afterAll(() => server?.stop());

  it('refuses an address with 429 after its lookups by invoice and phone, even for a pair that matches', async () => {
    const lookup = (invoice: string) =>
      call(server, 'POST', '/api/track/lookup', { body: { invoice, phone: PARCEL.recipient.phone } });
    for (const guess of ['INV-1', 'INV-2', 'INV-3']) expect((await lookup(guess)).status).toBe(404);
    const refused = await lookup(PARCEL.merchantInvoice ?? '');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
