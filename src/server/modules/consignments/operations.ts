import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { consignmentEvents, consignments, user } from '#server/db/schema.ts';
import { HUB_STATUSES, MOVING_STATUSES } from '#shared/consignment-status.ts';
import { LIMITS } from '#shared/limits.ts';
import type { Operations } from '#shared/tracking.ts';
import { riderIdByEmail } from './deliveries.ts';
import type { MoveContext } from './parcel-moved.ts';

const HOUR_MS = 60 * 60 * 1000;

/** `GET /api/admin/operations` (R-OPERATIONS): counts by status and hub, stuck parcels, failed attempts by reason, cash with riders. */
export async function operationsView(db: Database, config: Config, now = new Date()): Promise<Operations> {
  const stuckBefore = new Date(now.getTime() - config.stuckAfterHours * HOUR_MS);
  const [byStatus, byHub, stuck, failedByReason, cashWithRiders] = await Promise.all([
    db
      .select({ status: consignments.status, count: count() })
      .from(consignments)
      .groupBy(consignments.status)
      .orderBy(consignments.status),
    db
      .select({ hub: sql<string>`${consignments.hub}`, status: consignments.status, count: count() })
      .from(consignments)
      .where(and(isNotNull(consignments.hub), inArray(consignments.status, [...HUB_STATUSES])))
      .groupBy(consignments.hub, consignments.status)
      .orderBy(consignments.hub, consignments.status),
    db
      .select({
        trackingCode: consignments.trackingCode,
        status: consignments.status,
        hub: consignments.hub,
        since: consignments.statusChangedAt,
      })
      .from(consignments)
      .where(and(inArray(consignments.status, [...MOVING_STATUSES, 'on_hold']), lt(consignments.statusChangedAt, stuckBefore)))
      .orderBy(asc(consignments.statusChangedAt))
      .limit(LIMITS.parcelsPageSize),
    db
      .select({
        reason: sql<NonNullable<typeof consignmentEvents.$inferSelect.reason>>`${consignmentEvents.reason}`,
        count: count(),
      })
      .from(consignmentEvents)
      .where(and(eq(consignmentEvents.status, 'delivery_failed'), isNotNull(consignmentEvents.reason)))
      .groupBy(consignmentEvents.reason)
      .orderBy(consignmentEvents.reason),
    db
      .select({ name: user.name, email: user.email, parcels: count(), amount: sum(consignments.codCollected).mapWith(Number) })
      .from(consignments)
      .innerJoin(user, eq(user.id, consignments.riderId))
      .where(and(gt(consignments.codCollected, 0), isNull(consignments.codHandedInAt)))
      .groupBy(user.name, user.email)
      .orderBy(user.name),
  ]);
  return {
    byStatus,
    byHub,
    stuck: stuck.map((row) => ({ ...row, since: row.since.toISOString() })),
    stuckAfterHours: config.stuckAfterHours,
    failedByReason,
    cashWithRiders: cashWithRiders.map(({ name, email, parcels, amount }) => ({ rider: { name, email }, parcels, amount })),
  };
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
