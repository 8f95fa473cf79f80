import { and, desc, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { cashHandins, consignments, user } from '#server/db/schema.ts';
import { conflict } from '#server/http/errors.ts';
import { CASH_HANDIN_MESSAGES, type CashDifference, type CashHandin, type CashHandinRequest } from '#shared/cash-handins.ts';
import { LIMITS } from '#shared/limits.ts';
import { riderIdByEmail } from './deliveries.ts';
import type { MoveContext } from './parcel-moved.ts';

/**
 * `POST /api/ops/cash-handins` (R-CASH-HANDINS, decision 174): every collected amount the rider has not handed
 * in is marked taken, and the hand-in kept with what it should have been and what was counted, in one
 * transaction. Two operators taking the same rider's cash at once: the second finds none left (409).
 */
export async function takeCashFromRider(context: MoveContext, takenBy: string, request: CashHandinRequest): Promise<CashHandin> {
  const riderId = await riderIdByEmail(context, request.rider);
  return context.db.transaction(async (tx) => {
    const taken = await tx
      .update(consignments)
      .set({ codHandedInAt: sql`now()` })
      .where(and(eq(consignments.riderId, riderId), gt(consignments.codCollected, 0), isNull(consignments.codHandedInAt)))
      .returning({ amount: consignments.codCollected });
    if (taken.length === 0) throw conflict(CASH_HANDIN_MESSAGES.nothingHeld);
    const collected = taken.reduce((total, row) => total + (row.amount ?? 0), 0);
    await tx.insert(cashHandins).values({ riderId, takenBy, parcels: taken.length, collected, counted: request.counted });
    return { parcels: taken.length, amount: collected, counted: request.counted, difference: request.counted - collected };
  });
}

/** The hand-ins since `since` that were short or over, newest first, a page of them (read off their partial index). */
export async function cashDifferences(tx: Transaction, since: Date): Promise<CashDifference[]> {
  const rows = await tx
    .select({
      name: user.name,
      email: user.email,
      parcels: cashHandins.parcels,
      collected: cashHandins.collected,
      counted: cashHandins.counted,
      at: cashHandins.createdAt,
    })
    .from(cashHandins)
    .leftJoin(user, eq(user.id, cashHandins.riderId))
    .where(and(ne(cashHandins.counted, cashHandins.collected), gte(cashHandins.createdAt, since)))
    .orderBy(desc(cashHandins.createdAt))
    .limit(LIMITS.parcelsPageSize);
  return rows.map(({ name, email, parcels, collected, counted, at }) => ({
    rider: name !== null && email !== null ? { name, email } : null,
    parcels,
    amount: collected,
    counted,
    difference: counted - collected,
    at: at.toISOString(),
  }));
}
