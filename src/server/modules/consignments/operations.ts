import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { consignmentEvents, consignments, user } from '#server/db/schema.ts';
import { readWithin } from '#server/db/statement-timeout.ts';
import { STUCK_STATUSES } from '#shared/consignment-status.ts';
import { LIMITS } from '#shared/limits.ts';
import type { Operations } from '#shared/tracking.ts';
import { riderIdByEmail } from './deliveries.ts';
import { readParcelCounts } from './parcel-counts.ts';
import type { MoveContext } from './parcel-moved.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Failed attempts are counted over this many days back from now (R-OPERATIONS): the answer and the page say so. */
export const FAILED_WITHIN_DAYS = 7;

/**
 * `GET /api/admin/operations` (R-OPERATIONS): counts by status and hub, stuck parcels, failed attempts by
 * reason, cash with riders. Each part is read from maintained counts or a partial index (decision 123),
 * so it costs the same at a million parcels as at a thousand; all on one connection, in one snapshot,
 * under the reports' statement timeout (decision 124).
 */
export function operationsView(db: Database, config: Config, now = new Date()): Promise<Operations> {
  const stuckBefore = new Date(now.getTime() - config.stuckAfterHours * HOUR_MS);
  const failedSince = new Date(now.getTime() - FAILED_WITHIN_DAYS * 24 * HOUR_MS);
  return readWithin(db, config.database.reportStatementTimeoutMs, async (tx) => {
    const { byStatus, byHub } = await readParcelCounts(tx);
    const stuck = await tx
      .select({
        trackingCode: consignments.trackingCode,
        status: consignments.status,
        hub: consignments.hub,
        since: consignments.statusChangedAt,
      })
      .from(consignments)
      .where(and(inArray(consignments.status, [...STUCK_STATUSES]), lt(consignments.statusChangedAt, stuckBefore)))
      .orderBy(asc(consignments.statusChangedAt))
      .limit(LIMITS.parcelsPageSize);
    const failedByReason = await tx
      .select({
        reason: sql<NonNullable<typeof consignmentEvents.$inferSelect.reason>>`${consignmentEvents.reason}`,
        count: count(),
      })
      .from(consignmentEvents)
      .where(
        and(
          eq(consignmentEvents.status, 'delivery_failed'),
          gte(consignmentEvents.createdAt, failedSince),
          isNotNull(consignmentEvents.reason),
        ),
      )
      .groupBy(consignmentEvents.reason)
      .orderBy(consignmentEvents.reason);
    const cashWithRiders = await tx
      .select({ name: user.name, email: user.email, parcels: count(), amount: sum(consignments.codCollected).mapWith(Number) })
      .from(consignments)
      .innerJoin(user, eq(user.id, consignments.riderId))
      .where(and(gt(consignments.codCollected, 0), isNull(consignments.codHandedInAt)))
      .groupBy(user.name, user.email)
      .orderBy(user.name);
    return {
      byStatus,
      byHub,
      stuck: stuck.map((row) => ({ ...row, since: row.since.toISOString() })),
      stuckAfterHours: config.stuckAfterHours,
      failedByReason,
      failedWithinDays: FAILED_WITHIN_DAYS,
      cashWithRiders: cashWithRiders.map(({ name, email, parcels, amount }) => ({ rider: { name, email }, parcels, amount })),
    };
  });
}

/** `POST /api/ops/cash-handins`: the rider handed in the cash they collected; what was taken in, in poisha. */
export async function takeCashFromRider(context: MoveContext, riderEmail: string): Promise<{ parcels: number; amount: number }> {
  const riderId = await riderIdByEmail(context, riderEmail);
  const taken = await context.db
    .update(consignments)
    .set({ codHandedInAt: sql`now()` })
    .where(and(eq(consignments.riderId, riderId), gt(consignments.codCollected, 0), isNull(consignments.codHandedInAt)))
    .returning({ amount: consignments.codCollected });
  return { parcels: taken.length, amount: taken.reduce((total, row) => total + (row.amount ?? 0), 0) };
}
