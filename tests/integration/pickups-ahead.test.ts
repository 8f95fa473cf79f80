import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopClock, workingDaysAfter } from '#server/modules/rates/working-days.ts';
import type { DayPickups, Pickup, PickupsAhead } from '#shared/pickup.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const today = () => shopClock(new Date(), 'Asia/Dhaka').day;

/** Issue 43 (R-PICKUPS-AHEAD): the coming days' pickups, and a rider sent to each by an operator or an admin. */
describe.each(testDatabaseKinds())('pickups ahead and their riders (%s)', (kind) => {
  let server: TestServer;
  let sender: SignedInCustomer;
  let admin: SignedInCustomer;
  let operator: SignedInCustomer;
  let rider: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    sender = await signUpCustomer(server, { name: 'Asha Rahman' });
    admin = await signInAdmin(server);
    operator = await signUpCustomer(server, { name: 'Hub Operator' });
    rider = await signUpCustomer(server, { name: 'Rider Rahim' });
    await call(server, 'PUT', `/api/admin/users/${operator.email}/role`, { token: admin.token, body: { role: 'operator' } });
    await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
  }, 180_000);
  afterAll(() => server?.stop());

  const ask = async (day: string, parcels: number) => {
    const asked = await call<Pickup>(server, 'POST', '/api/pickups', {
      token: sender.token,
      body: {
        name: 'Asha Rahman',
        phone: '01711000000',
        address: 'House 12',
        areaId: 'dhaka-gulshan',
        day,
        window: '15-18',
        parcels,
      },
    });
    expect(asked.status).toBe(201);
    return asked.body.id;
  };
  const ahead = async (who = operator) => {
    const answer = await call<PickupsAhead>(server, 'GET', '/api/admin/pickups/ahead', { token: who.token });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const send = (id: string, riderEmail: string | null, who = operator) =>
    call(server, 'PUT', `/api/admin/pickups/${id}/rider`, { token: who.token, body: { rider: riderEmail } });

  it('lists the coming days with pickups, and a rider sent shows on the day and leaves its count of those without one', async () => {
    const [soon, later] = [workingDaysAfter(today(), 2), workingDaysAfter(today(), 5)];
    const first = await ask(soon, 3);
    await ask(soon, 2);
    await ask(later, 7);
    const cancelled = await ask(later, 1);
    expect((await call(server, 'POST', `/api/pickups/${cancelled}/cancel`, { token: sender.token })).status).toBe(200);

    expect(await ahead()).toEqual([
      { day: soon, pickups: 2, parcels: 5, withoutRider: 2 },
      { day: later, pickups: 1, parcels: 7, withoutRider: 1 },
    ]);

    const sent = await send(first, rider.email);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ id: first, rider: { name: 'Rider Rahim', email: rider.email } });
    expect((await ahead(admin))[0]).toEqual({ day: soon, pickups: 2, parcels: 5, withoutRider: 1 });
    const list = await call<DayPickups>(server, 'GET', `/api/admin/pickups?day=${soon}`, { token: operator.token });
    const riders = list.body.areas.flatMap((area) => area.pickups.map((pickup) => [pickup.id, pickup.rider?.email ?? null]));
    expect(riders).toContainEqual([first, rider.email]);

    // Taken back: the pickup has no rider again.
    expect((await send(first, null)).body).toEqual({ id: first, rider: null });
    expect((await ahead())[0]?.withoutRider).toBe(2);
  });

  it('refuses a rider who is not one, a cancelled pickup, an unknown one, and anyone but operators and admins', async () => {
    const id = await ask(workingDaysAfter(today(), 3), 1);
    const notRider = await send(id, sender.email);
    expect(notRider.status).toBe(400);
    expect(notRider.body.error.message).toBe('No rider has this email: an admin gives the rider role on Make Admin.');
    expect((await send(id, rider.email, sender)).status).toBe(403);
    expect((await send(id, rider.email, rider)).status).toBe(403);
    expect((await call(server, 'GET', '/api/admin/pickups/ahead', { token: sender.token })).status).toBe(403);
    expect((await send('00000000-0000-4000-8000-000000000000', rider.email)).status).toBe(404);
    expect((await call(server, 'POST', `/api/pickups/${id}/cancel`, { token: sender.token })).status).toBe(200);
    const toCancelled = await send(id, rider.email);
    expect(toCancelled.status).toBe(409);
    expect(toCancelled.body.error.message).toBe('This pickup was cancelled: no rider goes.');
  });
});
