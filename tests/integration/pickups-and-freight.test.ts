import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, pickups, user } from '#server/db/schema.ts';
import { dayAfter, isWorkingDay, shopClock, workingDaysAfter } from '#server/modules/rates/working-days.ts';
import type { FreightRequest } from '#shared/freight.ts';
import type { DayPickups, Pickup } from '#shared/pickup.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const today = () => shopClock(new Date(), 'Asia/Dhaka').day;

/** Issue 28: pickups by day and area, and freight requests from request to schedule, mailed at each step. */
describe('pickups and freight requests', () => {
  let server: TestServer;
  let sender: SignedInCustomer;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer();
    sender = await signUpCustomer(server, { name: 'Asha Rahman' });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  const pickup = (overrides: Record<string, unknown> = {}) => ({
    name: 'Asha Rahman',
    phone: '01711000000',
    address: 'House 12, Road 5',
    areaId: 'Gulshan, Dhaka',
    day: workingDaysAfter(today(), 2),
    window: '12-15',
    parcels: 3,
    ...overrides,
  });
  const askPickup = (body: unknown) => call<Pickup>(server, 'POST', '/api/pickups', { token: sender.token, body });

  it('takes a pickup on a working day ahead and lists the day’s pickups by area for admins only', async () => {
    const day = workingDaysAfter(today(), 2);
    const first = await askPickup(pickup());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ day, window: '12-15', parcels: 3, area: { id: 'dhaka-gulshan' } });
    expect((await askPickup(pickup({ areaId: 'dhaka-savar', window: '09-12' }))).status).toBe(201);
    expect((await askPickup(pickup({ window: '15-18' }))).status).toBe(201);

    const list = await call<DayPickups>(server, 'GET', `/api/admin/pickups?day=${day}`, { token: admin.token });
    expect(list.body.day).toBe(day);
    expect(list.body.areas.map((area) => [area.area.id, area.pickups.map((one) => one.window)])).toEqual([
      ['dhaka-gulshan', ['12-15', '15-18']],
      ['dhaka-savar', ['09-12']],
    ]);
    expect((await call(server, 'GET', `/api/admin/pickups?day=${day}`, { token: sender.token })).status).toBe(403);
    const mine = await call<Pickup[]>(server, 'GET', '/api/pickups', { token: sender.token });
    expect(mine.body).toHaveLength(3);
  });

  it('refuses a day in the past, too far ahead, a Friday or a holiday, and an unknown area, each on its field', async () => {
    let friday = today();
    while (new Date(`${friday}T12:00:00Z`).getUTCDay() !== 5) friday = dayAfter(friday);
    const refusals = [
      [pickup({ day: dayAfter(today(), -1) }), 'day', 'Choose today or a later day.'],
      [pickup({ day: workingDaysAfter(dayAfter(today(), 15), 0) }), 'day', 'Choose a day within the next 14 days.'],
      [pickup({ day: friday }), 'day', 'Couriers do not pick up on Fridays and public holidays: choose another day.'],
      [pickup({ day: '2026-02-30' }), 'day', 'Choose a day, like 2026-12-01'],
      [pickup({ areaId: 'Atlantis' }), 'areaId', 'No area is called “Atlantis”: choose one of the suggestions.'],
      [pickup({ phone: '12345' }), 'phone', 'Enter a Bangladeshi mobile number: 11 digits starting 013 to 019, like 01711000000'],
    ] as const;
    for (const [body, field, message] of refusals) {
      const answer = await askPickup(body);
      expect(answer.status, message).toBe(400);
      expect((answer.body as unknown as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(message);
    }
    expect(isWorkingDay(friday)).toBe(false);
  });

  it('lets its asker cancel a pickup before its window begins: no courier goes, nobody else may, nor twice, nor once begun', async () => {
    const day = workingDaysAfter(today(), 3);
    const asked = (await askPickup(pickup({ day }))).body;
    const cancel = (id: string, token: string, headers: Record<string, string> = {}) =>
      call<Pickup & { error: { message: string } }>(server, 'POST', `/api/pickups/${id}/cancel`, { token, headers });

    const stranger = await signUpCustomer(server);
    const notTheirs = await cancel(asked.id, stranger.token);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.error.message).toBe('You have no pickup with this id.');

    const cancelled = await cancel(asked.id, sender.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: asked.id, parcels: 3 });
    expect(cancelled.body.cancelledAt).toEqual(expect.any(String));
    const list = await call<DayPickups>(server, 'GET', `/api/admin/pickups?day=${day}`, { token: admin.token });
    expect(list.body.areas).toEqual([]);
    const mine = await call<Pickup[]>(server, 'GET', '/api/pickups', { token: sender.token });
    expect(mine.body.find((one) => one.id === asked.id)?.cancelledAt).toBe(cancelled.body.cancelledAt);

    const again = await cancel(asked.id, sender.token, { 'accept-language': 'bn' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('এই পিকআপ আগেই বাতিল করা হয়েছে।');

    // Yesterday's pickup: its window has begun (the courier may have collected the parcels), so it stays.
    const [asker] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, sender.email));
    const [begun] = await server.db
      .insert(pickups)
      .values({ ...pickup(), userId: asker?.id, areaId: 'dhaka-gulshan', day: dayAfter(today(), -1), window: '09-12' })
      .returning();
    const late = await cancel(begun?.id ?? '', sender.token);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/^The courier’s window has begun/);
    const [still] = await server.db
      .select()
      .from(pickups)
      .where(eq(pickups.id, begun?.id ?? ''));
    expect(still?.cancelledAt).toBeNull();
  });

  const freight = {
    mode: 'road',
    origin: 'Tongi, Gazipur',
    destination: 'Chattogram port',
    goods: '12 pallets of garments',
    phone: '01711000000',
    weightKg: '4800',
    readyDate: workingDaysAfter(today(), 1),
  };
  const mailsTo = async (email: string) =>
    (
      await server.db
        .select({ kind: mailOutbox.kind, data: mailOutbox.data })
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, email))
        .orderBy(asc(mailOutbox.createdAt))
    )
      .filter((mail) => mail.kind === 'freight-request')
      .map((mail) => (mail.data as { step: string }).step);

  it('moves a freight request from requested to quoted, accepted and scheduled, mailing the customer at each step', async () => {
    const created = await call<FreightRequest>(server, 'POST', '/api/freight-requests', { token: sender.token, body: freight });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'requested',
      number: expect.stringMatching(/^FR-\d+$/),
      weightKg: 4800,
      quote: null,
    });
    const { id } = created.body;

    // The customer cannot accept before a quote, nor quote it.
    expect((await call(server, 'POST', `/api/freight-requests/${id}/accept`, { token: sender.token })).status).toBe(409);
    expect(
      (
        await call(server, 'POST', `/api/admin/freight-requests/${id}/quote`, {
          token: sender.token,
          body: { amount: 1, validUntil: today() },
        })
      ).status,
    ).toBe(403);

    const validUntil = dayAfter(today(), 7);
    const quoted = await call<FreightRequest>(server, 'POST', `/api/admin/freight-requests/${id}/quote`, {
      token: admin.token,
      body: { amount: 4_500_000, validUntil },
    });
    expect(quoted.body).toMatchObject({ status: 'quoted', quote: { amount: 4_500_000, validUntil } });

    const stranger = await signUpCustomer(server);
    expect((await call(server, 'POST', `/api/freight-requests/${id}/accept`, { token: stranger.token })).status).toBe(404);
    const accepted = await call<FreightRequest>(server, 'POST', `/api/freight-requests/${id}/accept`, { token: sender.token });
    expect(accepted.body.status).toBe('accepted');
    expect((await call(server, 'POST', `/api/freight-requests/${id}/accept`, { token: sender.token })).status).toBe(409);

    const scheduledFor = dayAfter(today(), 9);
    const scheduled = await call<FreightRequest>(server, 'POST', `/api/admin/freight-requests/${id}/schedule`, {
      token: admin.token,
      body: { scheduledFor },
    });
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledFor });
    expect(await mailsTo(sender.email)).toEqual(['requested', 'quoted', 'accepted', 'scheduled']);

    const everyone = await call<FreightRequest[]>(server, 'GET', '/api/freight-requests', { token: admin.token });
    expect(everyone.body.map((request) => request.id)).toContain(id);
    expect((await call<FreightRequest[]>(server, 'GET', '/api/freight-requests', { token: stranger.token })).body).toEqual([]);
  });

  it('a quote past its last day is expired: it cannot be accepted, and can be priced again', async () => {
    const created = await call<FreightRequest>(server, 'POST', '/api/freight-requests', { token: sender.token, body: freight });
    const { id } = created.body;
    await call(server, 'POST', `/api/admin/freight-requests/${id}/quote`, {
      token: admin.token,
      body: { amount: 100_000, validUntil: today() },
    });
    // Its last day passes.
    await server.db.execute(`update freight_requests set quote_valid_until = '2020-01-01' where id = '${id}'`);
    const listed = await call<FreightRequest[]>(server, 'GET', '/api/freight-requests', { token: sender.token });
    expect(listed.body.find((request) => request.id === id)?.status).toBe('expired');
    const late = await call(server, 'POST', `/api/freight-requests/${id}/accept`, { token: sender.token });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('This quote was valid until 2020-01-01: ask us to price it again.');
    const again = await call<FreightRequest>(server, 'POST', `/api/admin/freight-requests/${id}/quote`, {
      token: admin.token,
      body: { amount: 120_000, validUntil: dayAfter(today(), 3) },
    });
    expect(again.body.status).toBe('quoted');
  });

  it('refuses a request without weight or volume, or ready before today, on its field', async () => {
    const noSize = await call(server, 'POST', '/api/freight-requests', {
      token: sender.token,
      body: { ...freight, weightKg: undefined },
    });
    expect(noSize.status).toBe(400);
    expect(noSize.body.error.fields.weightKg).toBe('Give the weight, the volume or both.');
    const past = await call(server, 'POST', '/api/freight-requests', {
      token: sender.token,
      body: { ...freight, readyDate: '2020-01-01' },
    });
    expect(past.body.error.fields.readyDate).toBe('The goods must be ready today or later.');
  });
});
