import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldAppendedSums } from '#server/db/appended-sums.ts';
import { isUniqueViolation } from '#server/db/constraint-errors.ts';
import { consignments, merchantLedger, payouts } from '#server/db/schema.ts';
import { MERCHANT_BALANCES, type ParcelForLedger, postParcelToLedger } from '#server/modules/merchants/ledger.ts';
import { payOutMerchant } from '#server/modules/merchants/payouts.ts';
import type { MerchantList } from '#shared/merchant.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const RETURN_CHARGE_PERCENT = 100;

type Step =
  | { op: 'deliver'; cod: number; fee: FeeFrom; partly: boolean }
  | { op: 'return'; fee: FeeFrom }
  | { op: 'payout'; twoAtOnce: boolean }
  | { op: 'fold' };

/** Where a parcel's fee comes from: a card, the cash, or the merchant's account (decision 165: the balance may go negative). */
type FeeFrom = 'card' | 'cod' | 'account';
const feeFrom = fc.constantFrom<FeeFrom>('card', 'cod', 'account');

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('deliver' as const),
    cod: fc.integer({ min: 0, max: 5_000_00 }),
    fee: feeFrom,
    partly: fc.boolean(),
  }),
  fc.record({ op: fc.constant('return' as const), fee: feeFrom }),
  fc.record({ op: fc.constant('payout' as const), twoAtOnce: fc.boolean() }),
  fc.record({ op: fc.constant('fold' as const) }),
);

/** Issue 30's ledger property, on PostgreSQL: concurrent runs there take turns on the merchant's row for real. */
describe.skipIf(withoutPostgres())('the COD ledger and its payouts (property test, needs PostgreSQL)', () => {
  let server: TestServer;
  let merchantId: string;
  let template: typeof consignments.$inferSelect;
  let owner: SignedInCustomer;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' });
    admin = await signInAdmin(server);
    owner = await signUpCustomer(server);
    merchantId = (await approvedMerchant(server, admin, owner)).id;
    const booked = await call(server, 'POST', '/api/consignments', { token: owner.token, body: STANDARD_PARCEL });
    [template] = (await server.db.select().from(consignments).where(eq(consignments.trackingCode, booked.body.trackingCode))) as [
      typeof consignments.$inferSelect,
    ];
  });
  afterAll(() => server?.stop());

  /** A parcel of the merchant's reaching a step, posted to the ledger in its own transaction as a move would. */
  let parcels = 0;
  const parcelReaches = async (facts: Omit<ParcelForLedger, 'id' | 'userId' | 'deliveryFee' | 'codFee'>) => {
    parcels += 1;
    const [parcel] = await server.db
      .insert(consignments)
      .values({
        ...template,
        id: randomUUID(),
        trackingCode: `SCPROP${String(parcels).padStart(7, '0')}`,
        status: facts.status,
        codAmount: 5_000_00,
        feePayment: facts.feePayment,
        codCollected: facts.codCollected,
      })
      .returning();
    if (!parcel) throw new Error('no parcel');
    await server.db.transaction((tx) => postParcelToLedger(tx, { ...parcel, ...facts }, RETURN_CHARGE_PERCENT));
  };

  const listedBalance = async () => {
    const list = await call<MerchantList>(server, 'GET', '/api/admin/merchants?status=approved', { token: admin.token });
    return list.body.merchants.find((listed) => listed.id === merchantId)?.balance;
  };

  const totals = async () => {
    const [row] = await server.db
      .select({
        all: sql<number>`coalesce(sum(${merchantLedger.amount}), 0)`.mapWith(Number),
        owed: sql<number>`coalesce(sum(${merchantLedger.amount}) filter (where ${merchantLedger.payoutId} is null), 0)`.mapWith(
          Number,
        ),
        paidOut: sql<number>`(select coalesce(sum(${payouts.amount}), 0) from ${payouts})`.mapWith(Number),
      })
      .from(merchantLedger)
      .where(eq(merchantLedger.merchantId, merchantId));
    return row ?? { all: 0, owed: 0, paidOut: 0 };
  };

  it('every payout is the sum of its lines, nothing is counted twice, and a second run changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const next of steps) {
          if (next.op === 'deliver')
            await parcelReaches({
              status: next.partly ? 'partially_delivered' : 'delivered',
              codCollected: next.cod,
              // A fee from the cash needs cash; with none it is the account's (decision 165).
              feePayment: next.fee === 'cod' && next.cod === 0 ? 'account' : next.fee,
            });
          if (next.op === 'return') await parcelReaches({ status: 'returned', codCollected: null, feePayment: next.fee });
          // The kept balances folded between any two steps (decision 151) sum to what they summed before.
          if (next.op === 'fold') await foldAppendedSums(server.db, MERCHANT_BALANCES);
          if (next.op === 'payout') {
            // One cut-off: a line written after it (the database's clock has microseconds) is the next run's.
            const cutoff = new Date();
            const pay = () => payOutMerchant(server.db, merchantId, cutoff);
            const made = (await Promise.all(next.twoAtOnce ? [pay(), pay()] : [pay()])).filter(Boolean);
            // Two runs at once make one payout at most for the one merchant, and the same run again makes none.
            expect(made.length).toBeLessThanOrEqual(1);
            expect(await pay()).toBeUndefined();
          }
        }
        // Every payout equals the sum of the lines it settled, and is for more than nothing.
        const sums = await server.db.execute(sql`
          select p.amount::float8 as amount, p.lines, coalesce(sum(l.amount), 0)::float8 as settled, count(l.id)::int as settled_lines
          from payouts p left join merchant_ledger l on l.payout_id = p.id group by p.id`);
        for (const payout of (
          sums as unknown as { rows: { amount: number; lines: number; settled: number; settled_lines: number }[] }
        ).rows) {
          expect(payout.settled).toBe(payout.amount);
          expect(payout.settled_lines).toBe(payout.lines);
          expect(payout.amount).toBeGreaterThan(0);
        }
        // The balance never double-counts: what was ever booked is what was paid out plus what is owed.
        const { all, owed, paidOut } = await totals();
        expect(paidOut + owed).toBe(all);
        // And the merchant reads that balance, and admins in the list of merchants (decision 151).
        expect((await call(server, 'GET', '/api/merchant/ledger', { token: owner.token })).body.balance).toBe(owed);
        expect(await listedBalance()).toBe(owed);
      }),
      { numRuns: 25 },
    );
  });

  it('books a parcel’s step once: the same delivery posted a second time is refused, its cash credited once', async () => {
    await parcelReaches({ status: 'delivered', codCollected: 2_000_00, feePayment: 'cod' });
    const [parcel] = await server.db
      .select()
      .from(consignments)
      .where(eq(consignments.trackingCode, `SCPROP${String(parcels).padStart(7, '0')}`));
    if (!parcel) throw new Error('no parcel');
    // A move's second posting (a replayed request, a bug in the move's lock) meets the once-per-parcel index.
    const again = server.db.transaction((tx) => postParcelToLedger(tx, parcel, RETURN_CHARGE_PERCENT));
    await expect(again).rejects.toSatisfy((error) => isUniqueViolation(error, 'merchant_ledger_once_per_parcel'));
    const lines = await server.db
      .select({ kind: merchantLedger.kind, amount: merchantLedger.amount })
      .from(merchantLedger)
      .where(eq(merchantLedger.consignmentId, parcel.id));
    expect(lines.filter((line) => line.kind === 'cod_collected')).toEqual([{ kind: 'cod_collected', amount: 2_000_00 }]);
    expect(lines.filter((line) => line.kind === 'delivery_fee')).toHaveLength(1);
  });
  it('deliveries of one merchant held open together neither wait on each other nor lose a poisha (decision 151)', async () => {
    const AT_ONCE = 6;
    const owedBefore = (await totals()).owed;
    // Each delivery posts its lines, then holds its transaction open until all of them have posted: had
    // they shared a balance row, the second would wait on the first's lock and none would get here.
    let arrived = 0;
    let allArrived: () => void = () => {};
    const together = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    const heldTooLong = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`only ${arrived} of ${AT_ONCE} deliveries posted while the others were open`)), 10_000),
    );
    heldTooLong.catch(() => {});
    const delivered = Array.from({ length: AT_ONCE }, async (_, index) => {
      parcels += 1;
      const [parcel] = await server.db
        .insert(consignments)
        .values({ ...template, id: randomUUID(), trackingCode: `SCRACE${String(parcels).padStart(7, '0')}`, status: 'delivered' })
        .returning();
      if (!parcel) throw new Error('no parcel');
      await server.db.transaction(async (tx) => {
        await postParcelToLedger(tx, { ...parcel, codCollected: 1_000_00 + index, feePayment: 'cod' }, RETURN_CHARGE_PERCENT);
        arrived += 1;
        if (arrived === AT_ONCE) allArrived();
        await Promise.race([together, heldTooLong]);
      });
    });
    await Promise.all(delivered);
    const { owed } = await totals();
    expect(owed).toBeGreaterThan(owedBefore);
    expect(await listedBalance()).toBe(owed);
    await foldAppendedSums(server.db, MERCHANT_BALANCES);
    expect((await call(server, 'GET', '/api/merchant/ledger', { token: owner.token })).body.balance).toBe(owed);
  });
});
