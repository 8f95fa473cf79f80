import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentEvents, consignments, smsOutbox } from '#server/db/schema.ts';
import { moveConsignment } from '#server/modules/consignments/moves.ts';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import type { MailboxEntry } from '#shared/mail.ts';
import type { RunParcel, ScanResult, Tracking } from '#shared/tracking.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 250_000,
};

const NO_RIDER =
  'Choose the rider who takes the parcels: a parcel out for delivery with no rider is on nobody’s run and cannot be delivered.';

/** Issue 39 item 5: a parcel out for delivery is always on one rider's run, and only that rider records it. */
describe('riders and the parcels out for delivery with them', () => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let rider: SignedInCustomer;
  let otherRider: SignedInCustomer;
  let sender: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signInAdmin(server);
    sender = await signUpCustomer(server);
    // Cash to collect is a merchant's (decision 104).
    await approvedMerchant(server, admin, sender);
    rider = await signUpCustomer(server, { name: 'Rider One' });
    otherRider = await signUpCustomer(server, { name: 'Rider Two' });
    for (const staff of [rider, otherRider])
      await call(server, 'PUT', `/api/admin/users/${staff.email}/role`, { token: admin.token, body: { role: 'rider' } });
  });
  afterAll(() => server?.stop());

  const book = async () =>
    (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: PARCEL })).body.trackingCode;
  const scan = (codes: string[], status: string, extra: Record<string, string> = {}) =>
    call<{ results: ScanResult[] }>(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes, status, ...extra } });
  const atDeliveryHub = async () => {
    const code = await book();
    await scan([code], 'picked_up');
    await scan([code], 'at_hub', { hub: 'dhaka' });
    await scan([code], 'at_delivery_hub', { hub: 'sylhet' });
    return code;
  };
  const outWith = async (who: SignedInCustomer) => {
    const code = await atDeliveryHub();
    expect((await scan([code], 'out_for_delivery', { rider: who.email })).body.results[0]?.moved).toBe(true);
    return code;
  };
  const deliver = (code: string, body: unknown, who = rider) =>
    call(server, 'POST', `/api/rider/deliveries/${code}`, { token: who.token, body });
  const runOf = async (who: SignedInCustomer) =>
    (await call<RunParcel[]>(server, 'GET', '/api/rider/run', { token: who.token })).body.map(({ trackingCode, attempt }) => ({
      trackingCode,
      attempt,
    }));
  /** The recipient's "out for delivery" texts about a parcel, oldest first, with the code each gave. */
  const outTexts = async (trackingCode: string) =>
    (
      await server.db
        .select({ text: smsOutbox.text })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.kind, 'parcel-out-for-delivery'), like(smsOutbox.text, `%${trackingCode}%`)))
        .orderBy(asc(smsOutbox.createdAt))
    ).map(({ text }) => text.match(/code (\d{6})/)?.[1]);
  const outMails = async (trackingCode: string) =>
    (await call<MailboxEntry[]>(server, 'GET', '/api/mailbox', { token: admin.token })).body.filter(
      (mail) => mail.kind === 'parcel-step' && mail.subject === `Parcel ${trackingCode} is out for delivery — SwiftCargo`,
    );
  const parcel = async (trackingCode: string) => {
    const [row] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, trackingCode));
    if (!row) throw new Error(`no parcel ${trackingCode}`);
    return row;
  };
  const eventsOf = async (trackingCode: string) =>
    (
      await server.db
        .select({ status: consignmentEvents.status })
        .from(consignmentEvents)
        .where(eq(consignmentEvents.consignmentId, (await parcel(trackingCode)).id))
        .orderBy(asc(consignmentEvents.id))
    ).map((event) => event.status);

  it('refuses to send parcels out for delivery without a rider, saying why, and moves none of them', async () => {
    const code = await atDeliveryHub();
    const refusedScan = (body: Record<string, unknown>, language = 'en') =>
      call(server, 'POST', '/api/ops/scans', {
        token: admin.token,
        headers: { 'accept-language': language },
        body: { codes: [code], status: 'out_for_delivery', ...body },
      });
    const refused = await refusedScan({});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'bad_request', message: NO_RIDER, fields: { rider: NO_RIDER } });
    // In Bangla too, as the scan screen shows it.
    const bangla = await refusedScan({}, 'bn');
    expect(bangla.body.error.fields.rider).not.toBe(NO_RIDER);
    expect(bangla.body.error.fields.rider).toMatch(/[\u0980-\u09FF]/);
    // A customer is not a rider.
    const notRider = await refusedScan({ rider: sender.email });
    expect(notRider.status).toBe(400);
    expect(notRider.body.error.fields).toEqual({
      rider: 'No rider has this email: an admin gives the rider role on Make Admin.',
    });
    expect((await parcel(code)).status).toBe('at_delivery_hub');
    expect(await outTexts(code)).toEqual([]);
  });

  it('refuses out for delivery without a rider to any caller of the parcels’ moves, not only the scan', async () => {
    const code = await atDeliveryHub();
    const rules = { maxAttempts: 3, timeZone: 'Asia/Dhaka', returnChargePercent: 100 };
    await expect(moveConsignment(server.db, code, { to: 'out_for_delivery', actorId: null }, rules)).rejects.toMatchObject({
      statusCode: 400,
      message: NO_RIDER,
    });
    expect((await parcel(code)).status).toBe('at_delivery_hub');
  });

  it('gives a parcel out for delivery to another rider: the same attempt and code, nobody told again', async () => {
    const code = await outWith(rider);
    const [deliveryCode] = await outTexts(code);
    expect(await runOf(rider)).toContainEqual({ trackingCode: code, attempt: 1 });

    const given = await scan([code], 'out_for_delivery', { rider: otherRider.email, note: 'Rider One is ill' });
    expect(given.body.results).toEqual([{ code, moved: true, status: 'out_for_delivery' }]);
    expect(await runOf(rider)).not.toContainEqual(expect.objectContaining({ trackingCode: code }));
    expect(await runOf(otherRider)).toEqual([{ trackingCode: code, attempt: 1 }]);
    const row = await parcel(code);
    expect(row).toMatchObject({ status: 'out_for_delivery', deliveryAttempts: 1 });
    expect(await eventsOf(code)).toEqual([
      'booked',
      'picked_up',
      'at_hub',
      'at_delivery_hub',
      'out_for_delivery',
      'out_for_delivery',
    ]);
    expect(await outTexts(code)).toEqual([deliveryCode]);
    expect(await outMails(code)).toHaveLength(1);
    // Given to the rider who has it already: nothing to do, and it says so.
    const again = await scan([code], 'out_for_delivery', { rider: otherRider.email });
    expect(again.body.results).toEqual([
      { code, moved: false, problem: 'This parcel is already out for delivery with this rider.' },
    ]);

    // The first rider no longer records it; the second does, with the code the recipient already has.
    expect((await deliver(code, { outcome: 'failed', reason: 'unreachable' }, rider)).status).toBe(403);
    const delivered = await deliver(code, { outcome: 'delivered', code: deliveryCode, codCollected: 250_000 }, otherRider);
    expect(delivered.body).toEqual({ trackingCode: code, status: 'delivered' });
  });

  it('gives a parcel stuck out for delivery with no rider (sent out before one was required) to a rider', async () => {
    const code = await outWith(rider);
    await server.db.update(consignments).set({ riderId: null }).where(eq(consignments.trackingCode, code));
    expect(await runOf(rider)).not.toContainEqual(expect.objectContaining({ trackingCode: code }));
    const given = await scan([code], 'out_for_delivery', { rider: otherRider.email });
    expect(given.body.results).toEqual([{ code, moved: true, status: 'out_for_delivery' }]);
    expect(await runOf(otherRider)).toContainEqual({ trackingCode: code, attempt: 1 });
    expect(await outTexts(code)).toHaveLength(1);
  });

  it('back from a hold keeps its rider, attempt and code and tells nobody again; a code whose day ended is replaced', async () => {
    const code = await outWith(rider);
    const [deliveryCode] = await outTexts(code);
    await scan([code], 'on_hold');
    const back = await scan([code], 'out_for_delivery', { rider: rider.email });
    expect(back.body.results).toEqual([{ code, moved: true, status: 'out_for_delivery' }]);
    expect(await runOf(rider)).toContainEqual({ trackingCode: code, attempt: 1 });
    expect(await outTexts(code)).toEqual([deliveryCode]);
    expect(await outMails(code)).toHaveLength(1);
    const tracking = await call<Tracking>(server, 'GET', `/api/track/${code}`);
    expect(tracking.body.events.map((event) => event.status).slice(-3)).toEqual([
      'out_for_delivery',
      'on_hold',
      'out_for_delivery',
    ]);

    // Held past the code's day: the recipient cannot give the rider that code, so a new one is sent.
    await scan([code], 'on_hold');
    await server.db
      .update(consignments)
      .set({ deliveryCodeExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(consignments.trackingCode, code));
    await scan([code], 'out_for_delivery', { rider: rider.email });
    const texts = await outTexts(code);
    expect(texts).toHaveLength(2);
    expect((await parcel(code)).deliveryAttempts).toBe(1);
    const delivered = await deliver(code, { outcome: 'delivered', code: texts[1], codCollected: 250_000 });
    expect(delivered.body).toEqual({ trackingCode: code, status: 'delivered' });
  });

  it('refuses a delivery code whose day has ended, and nothing moves', async () => {
    const code = await outWith(rider);
    const [deliveryCode] = await outTexts(code);
    await server.db
      .update(consignments)
      .set({ deliveryCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(consignments.trackingCode, code));
    const expired = await deliver(code, { outcome: 'delivered', code: deliveryCode, codCollected: 250_000 });
    expect(expired.status).toBe(409);
    expect(expired.body.error.message).toBe(
      'This delivery code ended with the day it was sent: the parcel goes out again with a new one.',
    );
    expect(await parcel(code)).toMatchObject({ status: 'out_for_delivery', codCollected: null });
    expect((await eventsOf(code)).at(-1)).toBe('out_for_delivery');
  });

  it('refuses another rider’s failed or partial outcome for a parcel on someone else’s run', async () => {
    const code = await outWith(rider);
    const [deliveryCode] = await outTexts(code);
    const failed = await deliver(code, { outcome: 'failed', reason: 'refused' }, otherRider);
    expect(failed.status).toBe(403);
    expect(failed.body.error.message).toBe('This parcel is not out for delivery with you.');
    const partial = await deliver(
      code,
      { outcome: 'partial', code: deliveryCode, codCollected: 100_000, handedOver: 'One box' },
      otherRider,
    );
    expect(partial.status).toBe(403);
    expect(await parcel(code)).toMatchObject({ status: 'out_for_delivery', deliveryAttempts: 1, codCollected: null });
    expect((await eventsOf(code)).at(-1)).toBe('out_for_delivery');
  });
});
