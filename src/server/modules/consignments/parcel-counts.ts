import { and, asc, inArray, isNotNull, ne, sql, sum } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '#server/db/client.ts';
import { parcelCounts } from '#server/db/schema.ts';
import { PollingWorker } from '#server/outbox/polling-worker.ts';
import { HUB_STATUSES } from '#shared/consignment-status.ts';
import type { Operations } from '#shared/tracking.ts';

/** Any constant works; it only has to be the same for every instance folding one database's counts. */
const FOLD_LOCK_KEY = 727_040;

/**
 * A busy day moves some 200,000 parcels, two rows a move: folded every minute, a read sums a few hundred
 * rows besides the folded ones.
 */
const FOLD_EVERY_MS = 60_000;

const parcels = sum(parcelCounts.parcels).mapWith(Number);

/**
 * Parcels by status, and in the hubs' hands by hub and status (R-OPERATIONS, decision 123): sums of the
 * changes the triggers on consignments appended, a few hundred rows however many parcels there are.
 */
export async function readParcelCounts(tx: Transaction): Promise<Pick<Operations, 'byStatus' | 'byHub'>> {
  const byStatus = await tx
    .select({ status: parcelCounts.status, count: parcels })
    .from(parcelCounts)
    .groupBy(parcelCounts.status)
    .having(ne(parcels, 0))
    .orderBy(asc(parcelCounts.status));
  const byHub = await tx
    .select({ hub: sql<string>`${parcelCounts.hub}`, status: parcelCounts.status, count: parcels })
    .from(parcelCounts)
    .where(and(isNotNull(parcelCounts.hub), inArray(parcelCounts.status, [...HUB_STATUSES])))
    .groupBy(parcelCounts.hub, parcelCounts.status)
    .having(ne(parcels, 0))
    .orderBy(asc(parcelCounts.hub), asc(parcelCounts.status));
  return { byStatus, byHub };
}

/**
 * Folds the appended changes into one row per (status, hub), keeping the sums as they were. One instance
 * folds at a time (an advisory lock; the others skip this round); changes of transactions still open are
 * not yet visible to the DELETE, so they stay for the next fold.
 */
export async function foldParcelCounts(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${FOLD_LOCK_KEY}) as taken`)) as unknown as {
      rows: { taken: boolean }[];
    };
    if (lock.rows[0]?.taken !== true) return;
    await tx.execute(sql`
      with folded as (delete from ${parcelCounts} returning status, hub, parcels)
      insert into ${parcelCounts} (status, hub, parcels)
      select status, hub, sum(parcels) from folded group by status, hub having sum(parcels) <> 0`);
  });
}

/** Folds the counts once a minute inside the server, from when it is ready until it closes. */
export function parcelCountFolding(db: Database, log: FastifyBaseLogger): PollingWorker {
  return new PollingWorker(
    () => foldParcelCounts(db),
    FOLD_EVERY_MS,
    (error) => log.error({ err: error }, 'The parcel counts could not be folded'),
  );
}
