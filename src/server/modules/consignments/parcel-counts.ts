import { and, asc, inArray, isNotNull, ne, sql, sum } from 'drizzle-orm';
import type { AppendedSums } from '#server/db/appended-sums.ts';
import type { Transaction } from '#server/db/client.ts';
import { parcelCounts } from '#server/db/schema.ts';
import { HUB_STATUSES } from '#shared/consignment-status.ts';
import type { Operations } from '#shared/tracking.ts';

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

/** The counts' fold: one row per (status, hub), the sums as they were (decision 123). */
export const PARCEL_COUNTS: AppendedSums = {
  name: 'parcel counts',
  lockKey: 727_040,
  fold: sql`
    with folded as (delete from ${parcelCounts} returning status, hub, parcels)
    insert into ${parcelCounts} (status, hub, parcels)
    select status, hub, sum(parcels) from folded group by status, hub having sum(parcels) <> 0`,
};
