import { and, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { merchantLedger, merchants, payouts, user } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { LEDGER_KINDS, MERCHANT_MESSAGES, maskedPayoutAccount, PAYOUTS_PER_PAGE, type Payout } from '#shared/merchant.ts';
import { queueMail } from '../mail/outbox.ts';
import { queueWebhookEvent } from '../webhooks/events.ts';
import { payoutNumber } from './ledger.ts';

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
/**
 * One merchant's payout (issue 30): its lines still owed that were written before `cutoff`, settled by
 * one new payout when they add up to more than nothing (a negative balance waits for more cash). One
 * transaction holding the merchant's row: two runs at once take turns, and the second finds the lines
 * settled. A line is settled once: only a line with no payout takes one. Set-based (issue 40): one sum
 * and one UPDATE by merchant and cut-off, however many lines are owed, never a list of their ids (a list
 * past 65,535 lines is more than PostgreSQL binds). `withinRun` adds the run's own bookkeeping to the
 * same transaction, so a payout and the run's record of it commit together or not at all.
 */
export async function payOutMerchant(
  db: Database,
  merchantId: string,
  cutoff: Date,
  withinRun?: (tx: Transaction, payout: typeof payouts.$inferSelect | undefined) => Promise<void>,
): Promise<typeof payouts.$inferSelect | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
    const owedBeforeCutoff = and(
      eq(merchantLedger.merchantId, merchantId),
      isNull(merchantLedger.payoutId),
      lt(merchantLedger.createdAt, cutoff),
    );
    const [owed] = await tx.select(settledSums).from(merchantLedger).where(owedBeforeCutoff);
    if (!owed || owed.amount <= 0) {
      await withinRun?.(tx, undefined);
      return undefined;
    }
    const [payout] = await tx.insert(payouts).values({ merchantId, amount: owed.amount, lines: owed.lines, cutoff }).returning();
    if (!payout) throw new Error('a payout was not created');
    const settling = tx
      .$with('settling')
      .as(
        tx
          .update(merchantLedger)
          .set({ payoutId: payout.id })
          .where(owedBeforeCutoff)
          .returning({ amount: merchantLedger.amount }),
      );
    const [settled] = await tx.with(settling).select(settledSums).from(settling);
    if (settled?.lines !== owed.lines || settled.amount !== owed.amount)
      throw new Error('the lines settled are not the lines summed: another payout took some');
    await queuePayoutEvent(tx, 'payout.created', payout);
    await withinRun?.(tx, payout);
    await reachRacePoint(db, 'payout created');
    return payout;
  });
}

/** How many lines, and their sum in poisha (a bigint in PostgreSQL: a large merchant's week passes 2^31). */
const settledSums = {
  lines: sql<number>`count(*)`.mapWith(Number),
  amount: sql<number>`coalesce(sum(amount), 0)`.mapWith(Number),
};

const payoutColumns = {
  id: payouts.id,
  number: payouts.number,
  merchantId: payouts.merchantId,
  businessName: merchants.businessName,
  payoutMethod: merchants.payoutMethod,
  amount: payouts.amount,
  lines: payouts.lines,
  cutoff: payouts.cutoff,
  createdAt: payouts.createdAt,
  paidAt: payouts.paidAt,
  reference: payouts.reference,
  failedAt: payouts.failedAt,
  failureReason: payouts.failureReason,
};

/** Who reads a payout: admins make the transfer and read its account whole; its merchant reads it starred. */
export type PayoutReader = 'admin' | 'merchant';

async function readPayouts(db: Database, where: SQL | undefined, reader: PayoutReader): Promise<Payout[]> {
  const rows = await db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(merchants, eq(merchants.id, payouts.merchantId))
    .where(where)
    .orderBy(desc(payouts.number))
    .limit(PAYOUTS_PER_PAGE);
  return rows.map((row) => ({
    id: row.id,
    number: payoutNumber(row.number),
    merchant: { id: row.merchantId, businessName: row.businessName },
    account: reader === 'admin' ? row.payoutMethod : maskedPayoutAccount(row.payoutMethod),
    amount: row.amount,
    lines: row.lines,
    cutoff: row.cutoff.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    reference: row.reference,
    failedAt: row.failedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  }));
}

/**
 * A merchant's payouts, or everyone's (admins; `unpaid` for those still to transfer), or one; newest
 * first, a page at a time (issue 40): numbered `before` the last one read, walking an index on the
 * number (payouts_merchant_number_idx, payouts_unpaid_idx, the number's own) however many there are.
 */
export function listPayouts(
  db: Database,
  filter: { merchantId?: string; unpaid?: boolean; payoutId?: string; before?: number; reader: PayoutReader },
): Promise<Payout[]> {
  return readPayouts(
    db,
    and(
      filter.merchantId ? eq(payouts.merchantId, filter.merchantId) : undefined,
      filter.unpaid ? and(isNull(payouts.paidAt), isNull(payouts.failedAt)) : undefined,
      filter.payoutId ? eq(payouts.id, filter.payoutId) : undefined,
      filter.before === undefined ? undefined : lt(payouts.number, filter.before),
    ),
    filter.reader,
  );
}

type PayoutRow = typeof payouts.$inferSelect;

/**
 * Payouts just marked paid, told to their merchants in the transaction that marked them: the
 * `payout.paid` event to their endpoints, and the statement mailed (the sums by kind, and the link to the
 * lines). Two reads for the lot, however many a result file paid.
 */
export async function tellPayoutsPaid(tx: Transaction, paid: PayoutRow[]): Promise<void> {
  if (paid.length === 0) return;
  const ids = paid.map((payout) => payout.id);
  const owners = await tx
    .select({ merchantId: merchants.id, name: user.name, email: user.email, businessName: merchants.businessName })
    .from(merchants)
    .innerJoin(user, eq(user.id, merchants.userId))
    .where(inArray(merchants.id, [...new Set(paid.map((payout) => payout.merchantId))]));
  const sums = await tx
    .select({
      payoutId: merchantLedger.payoutId,
      kind: merchantLedger.kind,
      amount: sql<number>`sum(${merchantLedger.amount})`.mapWith(Number),
    })
    .from(merchantLedger)
    .where(inArray(merchantLedger.payoutId, ids))
    .groupBy(merchantLedger.payoutId, merchantLedger.kind);
  for (const payout of paid) {
    await queuePayoutEvent(tx, 'payout.paid', payout);
    const owner = owners.find((row) => row.merchantId === payout.merchantId);
    if (!owner) continue;
    const own = sums.filter((sum) => sum.payoutId === payout.id);
    await queueMail(tx, {
      kind: 'payout-paid',
      to: owner.email,
      data: {
        customerName: owner.name,
        businessName: owner.businessName,
        payoutId: payout.id,
        number: payoutNumber(payout.number),
        amount: payout.amount,
        reference: payout.reference ?? '',
        sums: LEDGER_KINDS.flatMap((kind) =>
          own.filter((sum) => sum.kind === kind).map(({ kind, amount }) => ({ kind, amount })),
        ),
      },
    });
  }
}

/**
 * An admin marks one payout paid with the transfer's reference: the fallback for a transfer made
 * outside the payout files (R-PAYOUT-FILES); its merchant is told in the same transaction.
 */
export async function markPayoutPaid(db: Database, payoutId: string, adminId: string, reference: string): Promise<Payout> {
  await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payouts)
      .set({ paidAt: sql`now()`, reference, paidBy: adminId })
      .where(and(eq(payouts.id, payoutId), isNull(payouts.paidAt), isNull(payouts.failedAt)))
      .returning();
    if (!paid) {
      const [exists] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, payoutId));
      throw exists ? conflict(MERCHANT_MESSAGES.payoutPaid) : notFound(MERCHANT_MESSAGES.noPayout);
    }
    await tellPayoutsPaid(tx, [paid]);
  });
  const [payout] = await listPayouts(db, { payoutId, reader: 'admin' });
  if (!payout) throw notFound(MERCHANT_MESSAGES.noPayout);
  return payout;
}
