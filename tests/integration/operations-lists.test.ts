import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments } from '#server/db/schema.ts';
import type { Booking } from '#shared/consignment.ts';
import type { AdminParcelsPage } from '#shared/parcel-lists.ts';
import type { Operations, ScanResult } from '#shared/tracking.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 43 (R-OPERATIONS-LISTS, R-HUB-LISTS): every count on Operations opens the parcels behind it; a hub's
 * inbound, on-hand and outbound lists; the chosen parcels moved at once, each answering for itself.
 */
describe.each(testDatabaseKinds())('Operations’ lists and a hub’s parcels (%s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let operator: SignedInCustomer;
  let rider: SignedInCustomer;
  let merchant: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    merchant = await signUpCustomer(server);
    // Cash to collect is a merchant's (issue 39): the fee comes out of it, so no card is needed before pickup.
    await approvedMerchant(server, admin, merchant);
    operator = await signUpCustomer(server, { name: 'Hub Operator' });
    rider = await signUpCustomer(server, { name: 'Rider Rahim' });
    await call(server, 'PUT', `/api/admin/users/${operator.email}/role`, { token: admin.token, body: { role: 'operator' } });
    await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
  }, 180_000);
  afterAll(() => server?.stop());

  // Bound for Cumilla, in the Chattagram division: the Chattogram hub's to take in.
  const book = async () =>
    (
      await call<Booking>(server, 'POST', '/api/consignments', {
        token: merchant.token,
        body: { ...STANDARD_PARCEL, codAmount: 100_000 },
      })
    ).body.trackingCode;
  const scan = async (codes: string[], move: Record<string, string>, who = operator) => {
    const answer = await call<{ results: ScanResult[] }>(server, 'POST', '/api/ops/scans', {
      token: who.token,
      body: { codes, ...move },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.results;
  };
  const listed = async (query: Record<string, string>, who = operator) => {
    const answer = await call<AdminParcelsPage>(server, 'GET', `/api/admin/parcels?${new URLSearchParams(query)}`, {
      token: who.token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.parcels.map((parcel) => parcel.trackingCode).sort();
  };

  it('opens Operations’ stuck, failed, by-status and rider’s cash counts as the very parcels they count', async () => {
    const [stuck, fresh, failing, delivered] = [await book(), await book(), await book(), await book()];
    await scan([stuck, fresh, failing, delivered], { status: 'picked_up' });
    await scan([stuck, fresh, failing, delivered], { status: 'at_hub', hub: 'dhaka' });
    // Three days in one status: past STUCK_AFTER_HOURS (48).
    await server.db
      .update(consignments)
      .set({ statusChangedAt: sql`now() - interval '3 days'` })
      .where(eq(consignments.trackingCode, stuck));

    const view = (await call<Operations>(server, 'GET', '/api/admin/operations', { token: admin.token })).body;
    expect(view.stuck.map((row) => row.trackingCode)).toEqual([stuck]);
    expect(await listed({ stuck: 'yes' })).toEqual([stuck]);

    await scan([failing, delivered], { status: 'out_for_delivery', rider: rider.email });
    const failed = await call(server, 'POST', `/api/rider/deliveries/${failing}`, {
      token: rider.token,
      body: { outcome: 'failed', reason: 'refused' },
    });
    expect(failed.status).toBe(200);
    expect(await listed({ failed: 'refused' })).toEqual([failing]);
    expect(await listed({ failed: 'closed' })).toEqual([]);
    expect(await listed({ rider: rider.email })).toEqual([delivered, failing].sort());
    expect(await listed({ rider: operator.email })).toEqual([]);
    expect(await listed({ status: 'at_hub', hub: 'dhaka' })).toEqual([fresh, stuck].sort());
  });

  it('lists a hub’s inbound, on-hand and outbound parcels', async () => {
    const [onHand, leaving, arriving] = [await book(), await book(), await book()];
    await scan([onHand, leaving, arriving], { status: 'picked_up' });
    await scan([onHand, leaving, arriving], { status: 'at_hub', hub: 'rangpur' });
    await scan([leaving, arriving], { status: 'in_transit', hub: 'rangpur' });
    // Left Rangpur for the recipient's division: outbound at Rangpur, inbound at Chattogram.
    expect(await listed({ hub: 'rangpur', hubList: 'on_hand' })).toEqual([onHand]);
    expect(await listed({ hub: 'rangpur', hubList: 'outbound' })).toEqual([arriving, leaving].sort());
    expect(await listed({ hub: 'rangpur', hubList: 'inbound' })).toEqual([]);
    expect(await listed({ hub: 'chattogram', hubList: 'inbound' })).toEqual(expect.arrayContaining([arriving, leaving]));
    expect(await listed({ hub: 'sylhet', hubList: 'inbound' })).not.toContain(arriving);

    await scan([arriving], { status: 'at_delivery_hub', hub: 'chattogram' });
    expect(await listed({ hub: 'chattogram', hubList: 'on_hand' })).toContain(arriving);
    expect(await listed({ hub: 'chattogram', hubList: 'inbound' })).not.toContain(arriving);

    const withoutHub = await call(server, 'GET', '/api/admin/parcels?hubList=inbound', { token: operator.token });
    expect(withoutHub.status).toBe(400);
    expect(withoutHub.body.error.fields).toHaveProperty('hub');
  });

  it('moves the chosen parcels each on its own: one that may not move is refused with why, the others move', async () => {
    const [first, second, notPickedUp] = [await book(), await book(), await book()];
    await scan([first, second], { status: 'picked_up' });
    await scan([first, second], { status: 'at_hub', hub: 'khulna' });
    const held = await scan([first, notPickedUp], { status: 'on_hold' });
    expect(held).toEqual([
      { code: first, moved: true, status: 'on_hold' },
      { code: notPickedUp, moved: false, problem: 'A parcel that is booked cannot be marked on hold.' },
    ]);
    expect(await listed({ status: 'on_hold' })).toContain(first);
    const sentBack = await scan([second], { status: 'returning' });
    expect(sentBack).toEqual([{ code: second, moved: true, status: 'returning' }]);
    const given = await call(server, 'POST', '/api/ops/scans', {
      token: operator.token,
      body: { codes: [second], status: 'out_for_delivery' },
    });
    expect(given.status).toBe(400);
  });

  it('sets a rider’s hand-in against the cash their deliveries collected, and flags a difference on Operations', async () => {
    const cashier = await signUpCustomer(server, { name: 'Rider Karim' });
    await call(server, 'PUT', `/api/admin/users/${cashier.email}/role`, { token: admin.token, body: { role: 'rider' } });
    const [first, second] = [await book(), await book()];
    await scan([first, second], { status: 'picked_up' });
    await scan([first, second], { status: 'at_hub', hub: 'dhaka' });
    await scan([first, second], { status: 'out_for_delivery', rider: cashier.email });
    // What the rider's two deliveries collected: ৳1,000 and ৳250.50.
    for (const [code, collected] of [
      [first, 100_000],
      [second, 25_050],
    ] as const)
      await server.db.update(consignments).set({ codCollected: collected }).where(eq(consignments.trackingCode, code));
    expect(await listed({ rider: cashier.email, cashHeld: 'yes' })).toEqual([first, second].sort());

    const handIn = (body: Record<string, unknown>, who = operator) =>
      call(server, 'POST', '/api/ops/cash-handins', { token: who.token, body });
    expect((await handIn({ rider: cashier.email, counted: -1 })).status).toBe(400);
    expect((await handIn({ rider: cashier.email, counted: 1.5 })).status).toBe(400);
    expect((await handIn({ rider: cashier.email })).status).toBe(400);
    expect((await handIn({ rider: cashier.email, counted: 0 }, merchant)).status).toBe(403);
    // Nothing changed by the refusals: the cash is still the rider's.
    expect(await listed({ rider: cashier.email, cashHeld: 'yes' })).toHaveLength(2);

    const short = await handIn({ rider: cashier.email, counted: 120_000 });
    expect(short.status).toBe(200);
    expect(short.body).toEqual({ parcels: 2, amount: 125_050, counted: 120_000, difference: -5_050 });
    expect(await listed({ rider: cashier.email, cashHeld: 'yes' })).toEqual([]);
    const again = await handIn({ rider: cashier.email, counted: 0 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This rider holds no collected cash: nothing to hand in.');

    const view = (await call<Operations>(server, 'GET', '/api/admin/operations', { token: admin.token })).body;
    expect(view.cashWithRiders.map((row) => row.rider.email)).not.toContain(cashier.email);
    expect(view.cashDifferences).toEqual([
      {
        rider: { name: 'Rider Karim', email: cashier.email },
        parcels: 2,
        amount: 125_050,
        counted: 120_000,
        difference: -5_050,
        at: expect.any(String),
      },
    ]);
  });

  it('shows the lists to operators and admins only', async () => {
    expect((await call(server, 'GET', '/api/admin/parcels?stuck=yes', { token: admin.token })).status).toBe(200);
    for (const who of [merchant, rider])
      expect((await call(server, 'GET', '/api/admin/parcels?stuck=yes', { token: who.token })).status).toBe(403);
    expect((await call(server, 'GET', '/api/admin/parcels?stuck=no', { token: operator.token })).status).toBe(400);
  });
});
