import { and, asc, count, eq, gt, gte, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { consignmentEvents, consignments, parcelCounts, user } from '#server/db/schema.ts';
import { readWithin } from '#server/db/statement-timeout.ts';
import { LIMITS } from '#shared/limits.ts';
import { type Operations, operationsSchema } from '#shared/tracking.ts';
import { unconfirmedCounts, unconfirmedVersion } from '../recipient-confirmations/service.ts';
import { cashDifferences } from './cash-handins.ts';
import { readParcelCounts } from './parcel-counts.ts';
import { type OperationsClock, stuckParcel } from './parcel-lists.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Failed attempts are counted over this many days back from now (R-OPERATIONS): the answer and the page say so. */
export const FAILED_WITHIN_DAYS = 7;

/** Since when a parcel in one status is stuck, and a failed attempt counted, as of `now` (R-OPERATIONS). */
export function operationsClock(config: Config, now: Date): OperationsClock {
  return {
    stuckBefore: new Date(now.getTime() - config.stuckAfterHours * HOUR_MS),
    failedSince: new Date(now.getTime() - FAILED_WITHIN_DAYS * 24 * HOUR_MS),
  };
}

/**
 * `GET /api/admin/operations` (R-OPERATIONS): counts by status and hub, stuck parcels, failed attempts by
 * reason, cash with riders. Each part is read from maintained counts or a partial index (decision 123),
 * so it costs the same at a million parcels as at a thousand; all on one connection, in one snapshot,
 * under the reports' statement timeout (decision 124).
 */
export function operationsView(db: Database, config: Config, now = new Date()): Promise<Operations> {
  const { stuckBefore, failedSince } = operationsClock(config, now);
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
      // A sandbox parcel is stuck on nobody's way (R-SANDBOX).
      .where(and(stuckParcel(stuckBefore), eq(consignments.test, false)))
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
    const unconfirmed = await unconfirmedCounts(tx);
    // A hand-in's difference stays on the board as long as the failed attempts' window (R-CASH-HANDINS).
    const differences = await cashDifferences(tx, failedSince);
    return {
      byStatus,
      unconfirmed,
      byHub,
      stuck: stuck.map((row) => ({ ...row, since: row.since.toISOString() })),
      stuckAfterHours: config.stuckAfterHours,
      failedByReason,
      failedWithinDays: FAILED_WITHIN_DAYS,
      cashWithRiders: cashWithRiders.map(({ name, email, parcels, amount }) => ({ rider: { name, email }, parcels, amount })),
      cashDifferences: differences,
    };
  });
}

/**
 * How long a kept Operations view may be shown while nothing it counts has changed: the stuck list and the
 * failed attempts' window move with the clock, not with any write.
 */
const KEPT_VIEW_MS = 2_000;

/**
 * What the view counts has changed when this has (decision 140): every booking and move appends to
 * parcel_counts (count and newest id; a transaction that commits after a later id still adds a row), and
 * a rider's hand-in shrinks the cash not handed in (its partial index), and a recipient's answer changes the
 * unconfirmed parcels' counts (theirs, decision 169). A few hundred rows between folds,
 * and the parcels whose cash is out: never history.
 */
async function countedChanges(tx: Transaction): Promise<string> {
  const result = (await tx.execute(sql`
    select (select count(*) || ':' || coalesce(max(${parcelCounts.id}), 0) from ${parcelCounts})
      || ':' || (select count(*) from ${consignments} where ${consignments.codCollected} > 0 and ${consignments.codHandedInAt} is null)
      || ':' || (${unconfirmedVersion})
      as version`)) as unknown as { rows: { version: string }[] };
  return result.rows[0]?.version ?? '';
}

/**
 * `GET /api/admin/operations` for every admin at once (decision 140): the view is made once and shown again
 * to whoever asks while nothing it counts has changed (a cheap check of every request) and for at most
 * KEPT_VIEW_MS; admins asking together while it is being made wait for that one. Ten admins' boards
 * refreshing cost one view, not ten, and a change shows on the next request, on every instance.
 */
export function operationsBoard(db: Database, config: Config, now: () => number = Date.now) {
  let kept: { version: string; madeAt: number; json: Promise<string> } | undefined;
  return async (): Promise<string> => {
    const version = await readWithin(db, config.database.reportStatementTimeoutMs, countedChanges);
    if (kept && kept.version === version && now() - kept.madeAt < KEPT_VIEW_MS) return kept.json;
    // Kept as the JSON sent: a 40 KB view (a rider's cash a line) is not serialized again for every admin.
    const json = operationsView(db, config, new Date(now())).then((view) => JSON.stringify(operationsSchema.parse(view)));
    const made = { version, madeAt: now(), json };
    kept = made;
    json.catch(() => {
      if (kept === made) kept = undefined;
    });
    return json;
  };
}
