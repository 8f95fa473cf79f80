import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldAppendedSums } from '#server/db/appended-sums.ts';
import { consignments, recipientConfirmations } from '#server/db/schema.ts';
import { PARCEL_OUTCOME_SUMS } from '#server/modules/parcel-outcomes/service.ts';
import type { Booking } from '#shared/consignment.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { ParcelOutcomes } from '#shared/parcel-outcomes.ts';
import { merchantWithApiKeys } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

type Outcome = 'delivered' | 'returned' | 'cancelled' | 'open';

/** The same shares counted from every parcel, as the maintained sums must say. */
function recount(server: TestServer, senderId: string | null) {
  return server.db.execute(sql`
    select to_char(date_trunc('week', created_at at time zone 'Asia/Dhaka'), 'YYYY-MM-DD') as week,
      count(*) filter (where status in ('delivered', 'partially_delivered'))::int as delivered,
      count(*) filter (where status in ('returning', 'returned'))::int as returned,
      count(*) filter (where status = 'cancelled')::int as cancelled,
      count(*) filter (where status not in ('delivered', 'partially_delivered', 'returning', 'returned', 'cancelled'))::int as open
    from consignments where not test ${senderId ? sql`and user_id = ${senderId}` : sql``}
    group by 1 order by 1`) as unknown as Promise<{
    rows: { week: string; delivered: number; returned: number; cancelled: number; open: number }[];
  }>;
}
/** The same parcels by whether their recipients confirmed them (decision 182), counted from every parcel. */
async function recountByConfirmation(server: TestServer, senderId: string | null) {
  const { rows } = (await server.db.execute(sql`
    select case when r.state = 'confirmed' then 'confirmed' when r.state is not null then 'unconfirmed' else 'notAsked' end as confirmation,
      count(*) filter (where c.status in ('delivered', 'partially_delivered'))::int as delivered,
      count(*) filter (where c.status in ('returning', 'returned'))::int as returned,
      count(*) filter (where c.status = 'cancelled')::int as cancelled,
      count(*) filter (where c.status not in ('delivered', 'partially_delivered', 'returning', 'returned', 'cancelled'))::int as open
    from consignments c left join recipient_confirmations r on r.consignment_id = c.id
    where not c.test ${senderId ? sql`and c.user_id = ${senderId}` : sql``}
    group by 1`)) as unknown as { rows: ({ confirmation: string } & Record<Outcome, number>)[] };
  const none = { delivered: 0, returned: 0, cancelled: 0, open: 0 };
  const of = (confirmation: string) => {
    const { confirmation: _, ...counts } = rows.find((row) => row.confirmation === confirmation) ?? { confirmation, ...none };
    return counts;
  };
  return { confirmed: of('confirmed'), unconfirmed: of('unconfirmed'), notAsked: of('notAsked') };
}
const withParcels = (outcomes: ParcelOutcomes) =>
  outcomes.weeks.filter((week) => week.delivered + week.returned + week.cancelled + week.open > 0);

/**
 * Issue 44, R-PARCEL-OUTCOMES (decision 171): how parcels ended by the week they were booked, kept by
 * triggers in every booking's and move's transaction, equal to a full recount, per sender and for the network.
 */
describe.each(testDatabaseKinds())('weekly parcel outcomes (R-PARCEL-OUTCOMES, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let merchant: SignedInCustomer;
  let other: SignedInCustomer;
  let liveKey: NewApiKey;
  let testKey: NewApiKey;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    ({ owner: merchant, live: liveKey, test: testKey } = await merchantWithApiKeys(server, admin));
    other = await signUpCustomer(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const book = async (key: NewApiKey) =>
    (
      await call<Booking>(server, 'POST', '/api/v1/consignments', {
        headers: { authorization: `Bearer ${key.key}` },
        body: STANDARD_PARCEL,
      })
    ).body.trackingCode;
  const move = (codes: string[], status: string) =>
    server.db
      .update(consignments)
      .set({ status: status as 'booked' })
      .where(inArray(consignments.trackingCode, codes));
  const outcomesOf = async (who: SignedInCustomer, path: string) =>
    (await call<ParcelOutcomes>(server, 'GET', path, { token: who.token })).body;
  const userIdOf = async (code: string) =>
    (await server.db.select({ userId: consignments.userId }).from(consignments).where(eq(consignments.trackingCode, code)))[0]
      ?.userId ?? null;

  it('equal a full recount after bookings, moves, a cancel, a sandbox parcel and a removal, before and after a fold', async () => {
    const codes = [];
    for (let parcel = 0; parcel < 6; parcel++) codes.push(await book(liveKey));
    const [first = '', second = '', third = '', fourth = '', fifth = '', sixth = ''] = codes;
    await move([first, second], 'delivered');
    await move([third], 'partially_delivered');
    await move([fourth], 'returned');
    await move([fifth], 'cancelled');
    await move([first], 'returning'); // an outcome may change again
    await book(testKey);
    const theirs = (await call<Booking>(server, 'POST', '/api/consignments', { token: other.token, body: STANDARD_PARCEL })).body;
    await move([theirs.trackingCode], 'delivered');
    await server.db.delete(consignments).where(eq(consignments.trackingCode, sixth));
    const senderId = await userIdOf(first);

    for (const moment of ['appended', 'folded']) {
      if (moment === 'folded') await foldAppendedSums(server.db, PARCEL_OUTCOME_SUMS);
      const mine = withParcels(await outcomesOf(merchant, '/api/consignments/outcomes'));
      expect(mine).toEqual((await recount(server, senderId)).rows);
      expect(mine.reduce((sum, week) => sum + week.delivered, 0)).toBe(2);
      const network = withParcels(await outcomesOf(admin, '/api/admin/parcel-outcomes'));
      expect(network).toEqual((await recount(server, null)).rows);
      const totals = network.reduce(
        (sum, week) => {
          for (const outcome of ['delivered', 'returned', 'cancelled', 'open'] as Outcome[]) sum[outcome] += week[outcome];
          return sum;
        },
        { delivered: 0, returned: 0, cancelled: 0, open: 0 },
      );
      expect(totals).toEqual({ delivered: 3, returned: 2, cancelled: 1, open: 0 });
    }
  });

  it('count confirmed, unconfirmed and never-asked parcels apart, equal to a full recount (decision 182)', async () => {
    const bookAsked = async () =>
      (
        await call<Booking>(server, 'POST', '/api/v1/consignments', {
          headers: { authorization: `Bearer ${liveKey.key}` },
          body: { ...STANDARD_PARCEL, codAmount: 120_000, askRecipientToConfirm: true },
        })
      ).body.trackingCode;
    const asked = [await bookAsked(), await bookAsked(), await bookAsked(), await bookAsked()];
    const [confirmed = '', changed = '', notOrdered = '', waiting = ''] = asked;
    const idsOf = async (codes: string[]) =>
      (await server.db.select({ id: consignments.id }).from(consignments).where(inArray(consignments.trackingCode, codes))).map(
        (row) => row.id,
      );
    const answerOf = async (codes: string[], state: 'confirmed' | 'change_asked' | 'not_ordered' | 'asked') =>
      server.db
        .update(recipientConfirmations)
        .set({ state })
        .where(inArray(recipientConfirmations.consignmentId, await idsOf(codes)));
    await answerOf([confirmed, changed], 'confirmed');
    await answerOf([notOrdered], 'not_ordered');
    await answerOf([changed], 'change_asked'); // a confirmed recipient may still ask for a change
    await move([confirmed], 'delivered');
    await move([changed, waiting], 'returned');
    await move([notOrdered], 'cancelled');
    const senderId = await userIdOf(confirmed);

    for (const moment of ['appended', 'folded']) {
      if (moment === 'folded') await foldAppendedSums(server.db, PARCEL_OUTCOME_SUMS);
      const mine = (await outcomesOf(merchant, '/api/consignments/outcomes')).byConfirmation;
      expect(mine).toEqual(await recountByConfirmation(server, senderId));
      expect(mine.confirmed).toEqual({ delivered: 1, returned: 0, cancelled: 0, open: 0 });
      expect(mine.unconfirmed).toEqual({ delivered: 0, returned: 2, cancelled: 1, open: 0 });
      expect((await outcomesOf(admin, '/api/admin/parcel-outcomes')).byConfirmation).toEqual(
        await recountByConfirmation(server, null),
      );
    }
  });

  it('answers 12 weeks, oldest first, Mondays; the network’s only to admins', async () => {
    const mine = await outcomesOf(merchant, '/api/consignments/outcomes');
    expect(mine.weeks).toHaveLength(12);
    for (const week of mine.weeks) expect(new Date(`${week.week}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(mine.weeks.map((week) => week.week)).toEqual([...mine.weeks.map((week) => week.week)].sort());
    expect((await call(server, 'GET', '/api/admin/parcel-outcomes', { token: merchant.token })).status).toBe(403);
    expect((await call(server, 'GET', '/api/consignments/outcomes')).status).toBe(401);
  });
});
