import { and, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { merchantLedger, merchants, payoutRuns, payouts, user } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { LEDGER_KINDS, MERCHANT_MESSAGES, type Payout } from '#shared/merchant.ts';
import { queueMail } from '../mail/outbox.ts';
import { shopClock } from '../rates/working-days.ts';
import { queueWebhookEvent } from '../webhooks/events.ts';
import { payoutNumber } from './ledger.ts';

const TUESDAY = 2;

/**
 * A payout's news for its merchant's endpoints (R-WEBHOOKS), in the transaction that made or paid it;
 * keyed by the payout, so `payout.created` reaches an endpoint before `payout.paid`.
 */
function queuePayoutEvent(tx: Transaction, type: 'payout.created' | 'payout.paid', payout: typeof payouts.$inferSelect) {
  return queueWebhookEvent(tx, {
    merchantId: payout.merchantId,
    type,
    orderingKey: payout.id,
    data: {
      number: payoutNumber(payout.number),
      amount: payout.amount,
      lines: payout.lines,
      cutoff: payout.cutoff.toISOString(),
      paidAt: payout.paidAt?.toISOString() ?? null,
      reference: payout.reference,
    },
  });
}
/** The hour of a Tuesday, in the shop's time zone, from which that Tuesday's payouts are made. */
export const PAYOUT_HOUR = 10;

/**
 * One merchant's payout (issue 30): its lines still owed that were written before `cutoff`, settled by
 * one new payout when they add up to more than nothing (a negative balance waits for more cash). One
 * transaction holding the merchant's row: two runs at once take turns, and the second finds the lines
 * settled. A line is settled once: only a line with no payout takes one.
 */
async function payOutMerchant(db: Database, merchantId: string, cutoff: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
    const owed = await tx
      .select({ id: merchantLedger.id, amount: merchantLedger.amount })
      .from(merchantLedger)
      .where(
        and(eq(merchantLedger.merchantId, merchantId), isNull(merchantLedger.payoutId), lt(merchantLedger.createdAt, cutoff)),
      );
    const amount = owed.reduce((sum, line) => sum + line.amount, 0);
    if (amount <= 0) return undefined;
    const [payout] = await tx.insert(payouts).values({ merchantId, amount, lines: owed.length, cutoff }).returning();
    if (!payout) throw new Error('a payout was not created');
    const settled = await tx
      .update(merchantLedger)
      .set({ payoutId: payout.id })
      .where(
        and(
          inArray(
            merchantLedger.id,
            owed.map((line) => line.id),
          ),
          isNull(merchantLedger.payoutId),
        ),
      )
      .returning({ id: merchantLedger.id });
    if (settled.length !== owed.length) throw new Error('a ledger line was settled by another payout');
    await queuePayoutEvent(tx, 'payout.created', payout);
    await reachRacePoint(db, 'payout created');
    return payout.id;
  });
}

const payoutColumns = {
  id: payouts.id,
  number: payouts.number,
  merchantId: payouts.merchantId,
  businessName: merchants.businessName,
  amount: payouts.amount,
  lines: payouts.lines,
  cutoff: payouts.cutoff,
  createdAt: payouts.createdAt,
  paidAt: payouts.paidAt,
  reference: payouts.reference,
};

async function readPayouts(db: Database, where: SQL | undefined): Promise<Payout[]> {
  const rows = await db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(merchants, eq(merchants.id, payouts.merchantId))
    .where(where)
    .orderBy(desc(payouts.number))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    number: payoutNumber(row.number),
    merchant: { id: row.merchantId, businessName: row.businessName },
    amount: row.amount,
    lines: row.lines,
    cutoff: row.cutoff.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    reference: row.reference,
  }));
}

/** A merchant's payouts, or everyone's (admins; `unpaid` for those still to transfer), or one; newest first. */
export function listPayouts(
  db: Database,
  filter: { merchantId?: string; unpaid?: boolean; payoutId?: string },
): Promise<Payout[]> {
  return readPayouts(
    db,
    and(
      filter.merchantId ? eq(payouts.merchantId, filter.merchantId) : undefined,
      filter.unpaid ? isNull(payouts.paidAt) : undefined,
      filter.payoutId ? eq(payouts.id, filter.payoutId) : undefined,
    ),
  );
}

/**
 * A payout run (issue 30): a payout for every merchant whose lines owed before `cutoff` add up to more
 * than nothing. Running it again creates nothing new: the lines are settled.
 */
export async function runPayouts(db: Database, cutoff: Date): Promise<Payout[]> {
  const owing = await db
    .selectDistinct({ merchantId: merchantLedger.merchantId })
    .from(merchantLedger)
    .where(and(isNull(merchantLedger.payoutId), lt(merchantLedger.createdAt, cutoff)));
  const created: string[] = [];
  for (const { merchantId } of owing) {
    const id = await payOutMerchant(db, merchantId, cutoff);
    if (id) created.push(id);
  }
  return created.length === 0 ? [] : readPayouts(db, inArray(payouts.id, created));
}

/**
 * The Tuesday run, if it is due (issue 30): from PAYOUT_HOUR on a Tuesday in the shop's time zone, the
 * first instance to write the day's row in `payout_runs` makes that day's payouts; the others, and the
 * same instance later that day, find the row and skip. Answers the payouts made, or undefined when none was due.
 */
export async function runTuesdayPayouts(db: Database, timeZone: string, now = new Date()): Promise<Payout[] | undefined> {
  const clock = shopClock(now, timeZone);
  if (new Date(`${clock.day}T12:00:00Z`).getUTCDay() !== TUESDAY || clock.hour < PAYOUT_HOUR) return undefined;
  const [taken] = await db
    .insert(payoutRuns)
    .values({ day: clock.day, cutoff: now })
    .onConflictDoNothing()
    .returning({ day: payoutRuns.day });
  if (!taken) return undefined;
  const made = await runPayouts(db, now);
  await db.update(payoutRuns).set({ payouts: made.length }).where(eq(payoutRuns.day, clock.day));
  return made;
}

/**
 * An admin marks a payout paid with the transfer's reference; its merchant is mailed the statement
 * (the sums by kind, and the link to the lines), in the same transaction.
 */
export async function markPayoutPaid(db: Database, payoutId: string, adminId: string, reference: string): Promise<Payout> {
  await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payouts)
      .set({ paidAt: sql`now()`, reference, paidBy: adminId })
      .where(and(eq(payouts.id, payoutId), isNull(payouts.paidAt)))
      .returning();
    if (!paid) {
      const [exists] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, payoutId));
      throw exists ? conflict(MERCHANT_MESSAGES.payoutPaid) : notFound(MERCHANT_MESSAGES.noPayout);
    }
    await queuePayoutEvent(tx, 'payout.paid', paid);
    const [owner] = await tx
      .select({ name: user.name, email: user.email, businessName: merchants.businessName })
      .from(merchants)
      .innerJoin(user, eq(user.id, merchants.userId))
      .where(eq(merchants.id, paid.merchantId));
    if (!owner) return;
    const sums = await tx
      .select({ kind: merchantLedger.kind, amount: sql<number>`sum(${merchantLedger.amount})`.mapWith(Number) })
      .from(merchantLedger)
      .where(eq(merchantLedger.payoutId, paid.id))
      .groupBy(merchantLedger.kind);
    await queueMail(tx, {
      kind: 'payout-paid',
      to: owner.email,
      data: {
        customerName: owner.name,
        businessName: owner.businessName,
        payoutId: paid.id,
        number: payoutNumber(paid.number),
        amount: paid.amount,
        reference,
        sums: LEDGER_KINDS.flatMap((kind) => sums.filter((sum) => sum.kind === kind)),
      },
    });
  });
  const [payout] = await listPayouts(db, { payoutId });
  if (!payout) throw notFound(MERCHANT_MESSAGES.noPayout);
  return payout;
}
